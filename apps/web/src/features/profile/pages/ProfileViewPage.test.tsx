import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  ProfilePremiumDocument,
  ProfileUserDocument,
  ProfileViewerDocument,
  type ProfileUserQuery,
} from '../../../gql/graphql';
import { ProfileViewPage } from './ProfileViewPage';

// Translations are not loaded in unit tests: texts show as their keys.

/** Generated result types leave `__typename` out; the cache needs it in mocked answers. */
type WithTypenames<T> = T extends (infer U)[]
  ? WithTypenames<U>[]
  : T extends object
    ? { [K in keyof T]: WithTypenames<T[K]> } & { __typename: string }
    : T;
type MockUser = WithTypenames<ProfileUserQuery['user']>;

const france = { __typename: 'Country', code: 'FR', name: 'France' };

function makeUser(overrides: Partial<MockUser> = {}): MockUser {
  return {
    __typename: 'User',
    id: 'u-1',
    name: 'Nina Simone',
    email: 'nina@example.com',
    avatar: {
      __typename: 'File',
      id: 'f-1',
      name: 'nina.webp',
      path: '/files/f-1',
      thumb: '/files/f-1/thumb',
      placeholder: null,
    },
    locale: 'en',
    role: { __typename: 'Role', name: 'performer', display_name: 'Performer' },
    selected_type: 'INDIVIDUAL',
    genres: [{ __typename: 'Genre', id: 'g-1', slug: 'jazz', name: 'Jazz' }],
    instruments: [
      {
        __typename: 'UserInstrument',
        instrument: {
          __typename: 'Instrument',
          id: 'i-1',
          slug: 'piano',
          name: 'Piano',
          types: ['grand'],
          styles: ['jazz'],
        },
        skill_level: 'expert',
        type_slugs: ['grand'],
        style_slugs: ['jazz'],
      },
    ],
    other_instruments: ['Kalimba'],
    types: ['singer'],
    user_types: [
      {
        __typename: 'UserType',
        id: 't-1',
        slug: 'singer',
        name: 'Singer',
        category: { __typename: 'UserTypeCategory', name: 'Performers' },
      },
    ],
    dob: null,
    about: 'Singer, songwriter and pianist.',
    professional_level: 'professional',
    city: { __typename: 'City', id: '2996944', name: 'Lyon', country: france },
    country: france,
    phone: '+33 4 12 34 56 78',
    gender: null,
    settings: null,
    is_verified: true,
    created_at: '2024-03-01 10:00:00',
    ...overrides,
  };
}

function mocks(user: MockUser, viewerId = 'someone-else'): MockLink.MockedResponse[] {
  return [
    {
      request: { query: ProfileUserDocument, variables: { id: user.id } },
      result: { data: { user } },
    },
    {
      request: { query: ProfilePremiumDocument, variables: { userId: user.id } },
      result: {
        data: {
          premiumUser: { __typename: 'PremiumUser', user_id: user.id, features: ['profile_badge'] },
        },
      },
    },
    {
      request: { query: ProfileViewerDocument },
      result: {
        data: {
          me: {
            __typename: 'User',
            id: viewerId,
            name: 'Viewer',
            role: { __typename: 'Role', name: 'performer', display_name: 'Performer' },
          },
        },
      },
    },
  ];
}

function renderAt(id: string, responses: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={responses}>
      <MemoryRouter initialEntries={[`/${id}/profile`]}>
        <Routes>
          <Route path="/:id/profile" element={<ProfileViewPage />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('ProfileViewPage', () => {
  afterEach(cleanup);

  it('shows the fields of the profile', async () => {
    renderAt('u-1', mocks(makeUser()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nina Simone' })).toBeTruthy();
    expect(screen.getByText('Performer')).toBeTruthy();
    expect(screen.getByTestId('profile-place').textContent).toBe('Lyon, France');
    expect(screen.getByText('Singer, songwriter and pianist.')).toBeTruthy();
    expect(screen.getByText('Jazz')).toBeTruthy();
    expect(screen.getByText('Piano')).toBeTruthy();
    expect(screen.getByText('Kalimba')).toBeTruthy();
    expect(screen.getByText('Singer')).toBeTruthy();
    // Without loaded translations the level shows as its default value.
    expect(screen.getByText(/^(profile\.professionalLevel\.)?professional$/)).toBeTruthy();
    expect(screen.getByText('profile.view.memberSince')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'nina@example.com' }).getAttribute('href')).toBe(
      'mailto:nina@example.com',
    );
    expect(screen.getByRole('link', { name: '+33 4 12 34 56 78' }).getAttribute('href')).toBe(
      'tel:+33412345678',
    );
    expect(screen.getByRole('img', { name: 'profile.view.avatarAlt' }).getAttribute('src')).toBe(
      '/files/f-1/thumb',
    );
    expect(await screen.findByText('profile.view.premium')).toBeTruthy();
    // Someone else's profile: no edit button.
    expect(screen.queryByRole('link', { name: 'profile.view.edit' })).toBeNull();
  });

  it('leaves out the contact fields the server did not send', async () => {
    renderAt('u-1', mocks(makeUser({ email: null, phone: null })));
    await screen.findByRole('heading', { level: 1, name: 'Nina Simone' });
    expect(screen.queryByText('profile.view.email')).toBeNull();
    expect(screen.queryByText('profile.view.phone')).toBeNull();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('offers to edit one’s own profile', async () => {
    renderAt('u-1', mocks(makeUser(), 'u-1'));
    expect(await screen.findByRole('link', { name: 'profile.view.edit' })).toBeTruthy();
  });

  it('says so when the profile does not exist', async () => {
    const responses = mocks(makeUser({ id: 'missing' }));
    responses[0] = {
      request: { query: ProfileUserDocument, variables: { id: 'missing' } },
      result: { errors: [{ message: 'Not found', extensions: { category: 'not-found' } }] },
    };
    renderAt('missing', responses);
    expect(await screen.findByText('profile.view.notFound')).toBeTruthy();
  });
});
