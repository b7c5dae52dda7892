import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { RealtimeClient } from '../../../app/realtime';
import {
  USER,
  connected,
  startChannel,
  startClient,
  stopAll,
  token,
  type TestChannel,
} from '../../../app/realtime/test-channel';
import {
  MarkAllNotificationsReadDocument,
  MarkNotificationReadDocument,
  NotificationListDocument,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import { englishI18n } from '../../forms/components/test-forms';
import { PANEL_VARIABLES } from '../notification-cache';
import { countMock, makeNotification, panelMock, pushed } from '../test-data';
import { NotificationBell } from './NotificationBell';

let english: i18n;
beforeAll(async () => {
  english = await englishI18n();
});
afterEach(async () => {
  cleanup();
  await stopAll();
});

function Address() {
  const { pathname } = useLocation();
  return <p data-testid="address">{pathname}</p>;
}

function renderBell(mocks: MockLink.MockedResponse[], client?: RealtimeClient) {
  return render(
    <I18nextProvider i18n={english}>
      <SnackbarProvider>
        <MockedProvider mocks={mocks}>
          <MemoryRouter initialEntries={['/applications']}>
            <NotificationBell client={client} />
            <Routes>
              <Route path="*" element={<Address />} />
            </Routes>
          </MemoryRouter>
        </MockedProvider>
      </SnackbarProvider>
    </I18nextProvider>,
  );
}

// While the panel is open the page behind it is hidden from screen readers (a modal dialog).
const bell = (name: RegExp | string = /^Notifications/) =>
  screen.getByRole('button', { name, hidden: true });
const liveRegion = () =>
  screen
    .getAllByRole('status', { hidden: true })
    .find((element) => element.getAttribute('aria-live') === 'polite')!;
const panel = () => screen.getByRole('dialog', { name: 'Notifications' });

const markReadMock = (id: string): MockLink.MockedResponse => ({
  request: { query: MarkNotificationReadDocument, variables: { notification_id: id } },
  result: {
    data: {
      markNotificationAsRead: {
        __typename: 'Notification',
        id,
        is_read: true,
        updated_at: '2030-01-01 10:00:00',
      },
    },
  },
});

async function liveChannel(): Promise<{ channel: TestChannel; client: RealtimeClient }> {
  const only = token('s1');
  const channel = await startChannel(0, new Set([only]));
  const { client } = startClient(channel, { current: only });
  await connected(client);
  return { channel, client };
}

describe('NotificationBell', () => {
  it('shows the unread count as a badge and says it in its name', async () => {
    renderBell([countMock(99)]);
    const button = await screen.findByRole('button', { name: 'Notifications, 99 unread' });
    expect(button.textContent).toBe('99');
  });

  it('shows "99+" past 99, and its name says "more than 99"', async () => {
    renderBell([countMock(120)]);
    const button = await screen.findByRole('button', {
      name: 'Notifications, more than 99 unread',
    });
    expect(button.textContent).toBe('99+');
  });

  it('shows no badge and a plain name when nothing is unread', async () => {
    renderBell([countMock(0)]);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    // Not even a hidden "0": the button shows no text its name does not say.
    expect(bell().textContent).toBe('');
  });

  it('counts a pushed notification at once, and says the new count politely, once', async () => {
    const { channel, client } = await liveChannel();
    renderBell([countMock(2), panelMock([])], client);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    // The count the page opens with is in the bell's name; the live region stays quiet.
    expect(liveRegion().textContent).toBe('');

    act(() => {
      channel.realtime.toUser(USER, 'notificationCreated', pushed(makeNotification(), 3));
    });
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell()).getByText('3')).toBeTruthy();
    expect(liveRegion().textContent).toBe('3 unread notifications');

    // Opening the panel renders the bell again: the region keeps its text, so nothing is re-read.
    const region = liveRegion();
    const before = region.firstChild;
    fireEvent.click(bell());
    expect(liveRegion()).toBe(region);
    expect(region.firstChild).toBe(before);
  });

  it('adds a pushed notification to the top of the open panel', async () => {
    const { channel, client } = await liveChannel();
    const older = makeNotification({
      title: 'Your application was accepted',
      type: 'application_status',
    });
    renderBell([countMock(1), panelMock([older])], client);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await within(panel()).findByText('Your application was accepted');

    const newest = makeNotification({
      title: 'Harbour Lights wrote to you',
      url_path: '/application/a-2',
    });
    act(() => {
      channel.realtime.toUser(USER, 'notificationCreated', pushed(newest, 2));
    });
    await within(panel()).findByText('Harbour Lights wrote to you');
    const entries = within(panel()).getAllByRole('link', { name: /Harbour|accepted/ });
    expect(entries.map((entry) => entry.getAttribute('href'))).toEqual([
      '/application/a-2',
      '/application/a-1',
    ]);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
  });

  it('groups unread alike notifications, and opening the group marks them all read', async () => {
    const [first, second, third] = [1, 2, 3].map((n) =>
      makeNotification({ title: `New message ${n}`, url_path: '/application/a-7' }),
    ) as [
      ReturnType<typeof makeNotification>,
      ReturnType<typeof makeNotification>,
      ReturnType<typeof makeNotification>,
    ];
    const read = makeNotification({
      title: 'Your application was accepted',
      type: 'application_status',
      url_path: '/application/a-7',
      is_read: true,
    });
    renderBell([
      countMock(3),
      panelMock([first, second, third, read]),
      markReadMock(first.id),
      markReadMock(second.id),
      markReadMock(third.id),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const list = await within(panel()).findByRole('list', { name: 'Notifications' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]!.textContent).toContain('New message 1');
    expect(entries[0]!.textContent).toContain('and 2 more');
    expect(entries[0]!.textContent).toContain('Unread');
    expect(entries[0]!.textContent).not.toContain('New message 2');
    expect(entries[1]!.textContent).not.toContain('Unread');

    fireEvent.click(within(entries[0]!).getByRole('link'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/application/a-7'));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves focus into the panel, and Escape closes it and gives focus back to the bell', async () => {
    renderBell([countMock(1), panelMock([makeNotification()])]);
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    button.focus();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(panel().contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('says "You\'re all caught up" when there is nothing, and leads to the full page', async () => {
    renderBell([countMock(0), panelMock([])]);
    fireEvent.click(bell('Notifications'));
    await within(panel()).findByText("You're all caught up");
    expect(within(panel()).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    fireEvent.click(within(panel()).getByRole('link', { name: 'See all notifications' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/notifications'));
  });

  it('shows that it is loading, then an error with a retry that works', async () => {
    renderBell([
      countMock(1),
      {
        request: { query: NotificationListDocument, variables: PANEL_VARIABLES },
        error: new Error('The server is unreachable'),
        delay: 50,
      },
      panelMock([makeNotification({ title: 'Back again' })]),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(
      within(panel()).getByRole('progressbar', { name: 'Loading notifications' }),
    ).toBeTruthy();
    const alert = await within(panel()).findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(panel()).findByText('Back again');
  });

  it('marks all as read: the bell goes to zero and no entry stays unread', async () => {
    const unread = [makeNotification(), makeNotification({ url_path: '/application/a-3' })];
    renderBell([
      countMock(2),
      panelMock(unread),
      {
        request: { query: MarkAllNotificationsReadDocument },
        result: { data: { markAllNotificationsAsRead: true } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await within(panel()).findAllByText('Unread');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(within(panel()).queryByText('Unread')).toBeNull();
    // Said inside the panel: the bell's own live region is behind the dialog.
    await waitFor(() =>
      expect(within(panel()).getByRole('status').textContent).toBe('No unread notifications'),
    );
    expect(liveRegion().textContent).toBe('No unread notifications');
    // The button went with the last unread one; focus stays in the panel.
    expect(document.activeElement).toBe(
      within(panel()).getByRole('heading', { name: 'Notifications' }),
    );
  });
});
