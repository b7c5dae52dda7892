import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SessionContext, type Session, type SessionStatus } from '../../../app/session/session';
import {
  OrganisationBySlugDocument,
  OrganisationPublicOpportunitiesDocument,
  type OrganisationBySlugQuery,
  type OrganisationPublicOpportunitiesQuery,
} from '../../../gql/graphql';
import { OrganisationPublicPage } from './OrganisationPublicPage';

// Translations are not loaded in unit tests: texts show as their keys.

/** Generated result types leave `__typename` out; Apollo's cache needs it in mocked answers. */
type WithTypenames<T> = T extends readonly (infer U)[]
  ? WithTypenames<U>[]
  : T extends object
    ? { [K in keyof T]: WithTypenames<T[K]> } & { __typename: string }
    : T;
type MockOrganisation = WithTypenames<NonNullable<OrganisationBySlugQuery['organisation']>>;
type MockCard = WithTypenames<
  OrganisationPublicOpportunitiesQuery['organisationOpportunities'][number]
>;

const ORGANISATION: MockOrganisation = {
  __typename: 'Organisation',
  id: 'org-1',
  slug: 'sons-do-atlantico',
  name: 'Sons do Atlântico',
  description: 'Produtora do Porto.',
  website: null,
  email: null,
  phone: null,
  members_count: null,
  created_at: '2026-01-01 09:00:00',
  logo: null,
  cover: null,
  city: null,
  country: null,
  social_links: [],
  team_role: null,
  viewerCan: {
    __typename: 'OrganisationViewerCan',
    view_team: false,
    update: false,
    delete: false,
    manage_team: false,
    manage_owners: false,
    create_opportunity: false,
    manage_payments: false,
    leave: false,
  },
};

function card(id: string, title: string): MockCard {
  return {
    __typename: 'Opportunity',
    id,
    slug: `${id}-slug`,
    title,
    summary: null,
    types: ['competition'],
    opp_status: 'PUBLISHED',
    is_open: true,
    is_draft: false,
    is_private: false,
    is_virtual: false,
    is_worldwide: false,
    is_paid: false,
    payment_type: 'FREE',
    time_zone: 'Europe/Lisbon',
    deadline_date: '2099-05-01 17:30:00',
    start_date: null,
    end_date: null,
    distance: null,
    city: { __typename: 'City', id: '2269514', name: 'Cascais' },
    country: { __typename: 'Country', code: 'PT', name: 'Portugal' },
    organisation: {
      __typename: 'Organisation',
      id: ORGANISATION.id,
      slug: ORGANISATION.slug,
      name: ORGANISATION.name,
      logo: null,
    },
    logo: null,
    payment_options: [],
  };
}

const organisationAnswer: MockLink.MockedResponse = {
  request: { query: OrganisationBySlugDocument, variables: { slug: ORGANISATION.slug } },
  result: { data: { organisation: ORGANISATION } },
};
const listRequest = {
  query: OrganisationPublicOpportunitiesDocument,
  variables: { organisation: ORGANISATION.id },
};
const listAnswer = (cards: MockCard[]): MockLink.MockedResponse => ({
  request: listRequest,
  result: { data: { organisationOpportunities: cards } },
});

function renderPage(responses: MockLink.MockedResponse[], status: SessionStatus = 'anonymous') {
  const session: Session = { status, user: null, signIn: () => {}, signOut: () => {} };
  return render(
    <SessionContext.Provider value={session}>
      <MockedProvider mocks={responses}>
        <MemoryRouter initialEntries={[`/organisation/${ORGANISATION.slug}`]}>
          <Routes>
            <Route path="/organisation/:slug" element={<OrganisationPublicPage />} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </SessionContext.Provider>,
  );
}

const section = () => screen.getByRole('region', { name: 'organisations.page.opportunities' });

describe('OrganisationPublicPage', () => {
  afterEach(cleanup);

  it.each<SessionStatus>(['anonymous', 'authenticated'])(
    'lists the published opportunities as cards that lead to their pages (%s)',
    async (status) => {
      renderPage(
        [
          organisationAnswer,
          listAnswer([
            card('fado', 'Concurso de Fado de Cascais'),
            card('residency', 'Residência artística na Ribeira do Porto'),
          ]),
        ],
        status,
      );
      const list = await screen.findByRole('list', { name: 'organisations.page.opportunities' });
      const links = within(list).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Concurso de Fado de Cascais', '/opportunity/fado-slug'],
        ['Residência artística na Ribeira do Porto', '/opportunity/residency-slug'],
      ]);
      expect(within(list).getAllByRole('article')).toHaveLength(2);
    },
  );

  it('fetches its cover first, in the width the screen needs', async () => {
    const cover = {
      __typename: 'File',
      id: 'cover-1',
      path: '/files/cover-1',
      thumb: '/files/cover-1/thumb',
      placeholder: null,
      width: 1500,
      height: 500,
    };
    renderPage([
      {
        request: organisationAnswer.request,
        result: { data: { organisation: { ...ORGANISATION, cover } } },
      },
      listAnswer([]),
    ]);
    await screen.findByRole('heading', { level: 2, name: 'organisations.page.about' });
    const image = document.querySelector('img')!;
    expect(image.getAttribute('srcset')).toBe(
      '/files/cover-1?w=320 320w, /files/cover-1?w=480 480w, /files/cover-1?w=768 768w, ' +
        '/files/cover-1?w=1024 1024w, /files/cover-1?w=1600 1500w',
    );
    expect(image.getAttribute('sizes')).toBe('(min-width: 1280px) 1232px, 100vw');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('loading')).toBe('eager');
  });

  it('shows that the opportunities are loading while the rest of the page is there', async () => {
    renderPage([organisationAnswer, { request: listRequest, delay: Infinity }]);
    await screen.findByRole('heading', { level: 2, name: 'organisations.page.about' });
    expect(
      within(section()).getByRole('progressbar', {
        name: 'organisations.page.opportunitiesLoading',
      }),
    ).toBeTruthy();
  });

  it('says when there are no open opportunities, and offers the search', async () => {
    renderPage([organisationAnswer, listAnswer([])]);
    expect(await screen.findByText('organisations.page.noOpportunities')).toBeTruthy();
    const browse = within(section()).getByRole('link', {
      name: 'organisations.page.browseOpportunities',
    });
    expect(browse.getAttribute('href')).toBe('/opportunities');
    expect(within(section()).queryByRole('list')).toBeNull();
  });

  it('shows an error with a retry that loads the list again', async () => {
    renderPage([
      organisationAnswer,
      { request: listRequest, result: { errors: [new GraphQLError('Something broke')] } },
      listAnswer([card('fado', 'Concurso de Fado de Cascais')]),
    ]);
    const retry = await within(await screen.findByRole('alert')).findByRole('button', {
      name: 'errors.general.retry',
    });
    // The organisation itself is still shown.
    expect(
      screen.getByRole('heading', { level: 2, name: 'organisations.page.about' }),
    ).toBeTruthy();
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Concurso de Fado de Cascais' })).toBeTruthy();
  });
});
