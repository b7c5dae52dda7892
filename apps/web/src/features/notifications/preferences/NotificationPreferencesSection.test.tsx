import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { TUNABLE_NOTIFICATION_TYPES } from '@encore/core';
import {
  NotificationPreferencesDocument,
  UpdateNotificationPreferenceDocument,
  type NotificationChannel,
  type NotificationType,
} from '../../../gql/graphql';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';

// Translations are not loaded in unit tests: texts show as their keys.

const CHOSEN: Record<string, NotificationChannel> = {
  application_status: 'email',
  application_message: 'email',
  new_application: 'digest',
  closing_soon: 'off',
};

const preferences = TUNABLE_NOTIFICATION_TYPES.map((type) => ({
  __typename: 'NotificationPreference',
  type,
  channel: CHOSEN[type] ?? 'in_app',
}));

const listMock: MockLink.MockedResponse = {
  request: { query: NotificationPreferencesDocument },
  result: { data: { notificationPreferences: preferences } },
};

function updateMock(
  type: NotificationType,
  channel: NotificationChannel,
  answer: MockLink.MockedResponse['result'],
): MockLink.MockedResponse {
  return {
    request: { query: UpdateNotificationPreferenceDocument, variables: { type, channel } },
    // Long enough to see the choice taken before the server has answered, even in a slow jsdom.
    delay: 1500,
    result: answer,
  };
}

const label = (type: NotificationType) => `notificationSettings.kinds.${type}.label`;
const channelLabel = (channel: NotificationChannel) => `notificationSettings.channels.${channel}`;

/** On a phone: one fieldset per kind, named by its legend. */
const choiceOnPhone = (type: NotificationType, channel: NotificationChannel) =>
  within(screen.getByRole('group', { name: label(type) })).getByRole('radio', {
    name: channelLabel(channel),
  }) as HTMLInputElement;

/** jsdom has no layout: media queries are answered from a pretend window width. */
function setViewportWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
          kind === 'min' ? width >= Number(px) : width <= Number(px),
        ),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderSection(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <NotificationPreferencesSection />
    </MockedProvider>,
  );
}

describe('NotificationPreferencesSection', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each tunable kind with its current choice, and the notes on what cannot be changed', async () => {
    setViewportWidth(390);
    renderSection([listMock]);
    expect(screen.getByText('notificationSettings.loading')).toBeTruthy();

    expect((await screen.findAllByRole('group')).length).toBe(TUNABLE_NOTIFICATION_TYPES.length);
    expect(choiceOnPhone('application_status', 'email').checked).toBe(true);
    expect(choiceOnPhone('new_application', 'digest').checked).toBe(true);
    expect(choiceOnPhone('closing_soon', 'off').checked).toBe(true);
    expect(choiceOnPhone('application_review', 'in_app').checked).toBe(true);
    expect(choiceOnPhone('application_review', 'email').checked).toBe(false);
    // Invitations are not the person's to tune.
    expect(screen.queryByText('notificationSettings.kinds.team_invitation.label')).toBeNull();
    expect(screen.getByText('notificationSettings.alwaysByEmail')).toBeTruthy();
    expect(screen.getByText('notificationSettings.digestTime')).toBeTruthy();
  });

  it('lays the kinds out as a table with a column per channel on a wide screen', async () => {
    setViewportWidth(1280);
    renderSection([listMock]);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'notificationSettings.kindColumn',
      ...(['in_app', 'email', 'digest', 'off'] as const).map(channelLabel),
    ]);
    const row = within(table).getByRole('row', { name: /application_message\.label/ });
    // Each radio is named by its row and its column.
    const email = within(row).getByRole('radio', {
      name: `${label('application_message')} ${channelLabel('email')}`,
    }) as HTMLInputElement;
    expect(email.checked).toBe(true);
    expect(within(row).getAllByRole('radio')).toHaveLength(4);
  });

  it('saves a change at once, shows it before the server answers, then says it is saved', async () => {
    setViewportWidth(390);
    const answered = vi.fn(() => ({
      data: {
        updateNotificationPreference: {
          __typename: 'NotificationPreference',
          type: 'application_message',
          channel: 'off',
        },
      },
    }));
    renderSection([listMock, updateMock('application_message', 'off', answered)]);
    await screen.findAllByRole('group');

    fireEvent.click(choiceOnPhone('application_message', 'off'));
    await waitFor(() => expect(choiceOnPhone('application_message', 'off').checked).toBe(true), {
      timeout: 1000,
    });
    expect(choiceOnPhone('application_message', 'email').checked).toBe(false);
    expect(screen.getByText('notificationSettings.status.saving')).toBeTruthy();
    expect(answered).not.toHaveBeenCalled();

    expect(
      await screen.findByText('notificationSettings.status.saved', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(answered).toHaveBeenCalledTimes(1);
    expect(choiceOnPhone('application_message', 'off').checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the previous choice back and says why when the server refuses', async () => {
    setViewportWidth(390);
    renderSection([
      listMock,
      updateMock('new_application', 'email', {
        errors: [
          new GraphQLError('Validation failed.', {
            extensions: {
              category: 'validation',
              validation: { type: ['This kind of notification cannot be changed.'] },
            },
          }),
        ],
      }),
    ]);
    await screen.findAllByRole('group');

    fireEvent.click(choiceOnPhone('new_application', 'email'));
    await waitFor(() => expect(choiceOnPhone('new_application', 'email').checked).toBe(true), {
      timeout: 1000,
    });

    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('notificationSettings.status.failed');
    expect(alert.textContent).toContain('This kind of notification cannot be changed.');
    expect(choiceOnPhone('new_application', 'digest').checked).toBe(true);
    expect(choiceOnPhone('new_application', 'email').checked).toBe(false);
    expect(screen.queryByText('notificationSettings.status.saved')).toBeNull();
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    setViewportWidth(390);
    renderSection([
      { request: { query: NotificationPreferencesDocument }, error: new Error('offline') },
      listMock,
    ]);
    const retry = await screen.findByRole('button', { name: 'errors.general.retry' });
    fireEvent.click(retry);
    await waitFor(() => expect(choiceOnPhone('closing_soon', 'off').checked).toBe(true));
  });
});
