import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { NOTIFICATIONS_PAGE_SIZE } from '@encore/core';
import {
  MarkAllNotificationsReadDocument,
  MarkNotificationReadDocument,
  NotificationListDocument,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import { englishI18n } from '../../forms/components/test-forms';
import { countMock, listAnswer, makeNotification, type MockNotification } from '../test-data';
import { NotificationsPage } from './NotificationsPage';

let english: i18n;
beforeAll(async () => {
  english = await englishI18n();
});
afterEach(cleanup);

function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{pathname + search}</p>;
}

function renderPage(path: string, mocks: MockLink.MockedResponse[]) {
  return render(
    <I18nextProvider i18n={english}>
      <SnackbarProvider>
        <MockedProvider mocks={mocks}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route
                path="/notifications"
                element={
                  <>
                    <NotificationsPage />
                    <Address />
                  </>
                }
              />
              <Route path="*" element={<Address />} />
            </Routes>
          </MemoryRouter>
        </MockedProvider>
      </SnackbarProvider>
    </I18nextProvider>,
  );
}

function listMock(
  { page = 1, is_read }: { page?: number; is_read?: boolean },
  data: MockNotification[],
  total = data.length,
): MockLink.MockedResponse {
  return {
    request: {
      query: NotificationListDocument,
      variables: {
        page,
        per_page: NOTIFICATIONS_PAGE_SIZE,
        ...(is_read === undefined ? {} : { is_read }),
      },
    },
    result: { data: listAnswer(data, { page, perPage: NOTIFICATIONS_PAGE_SIZE, total }) },
  };
}

const cards = () =>
  within(screen.getByRole('list', { name: /notifications$/ })).getAllByRole('listitem');
const address = () => screen.getByTestId('address').textContent;

describe('NotificationsPage', () => {
  it('lists every notification with its state, and names the page', async () => {
    const unread = makeNotification({ title: 'Maya wrote to you' });
    const read = makeNotification({
      title: 'Your application was accepted',
      type: 'application_status',
      is_read: true,
      url_path: '/application/a-2',
    });
    renderPage('/notifications', [countMock(1), listMock({}, [unread, read])]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    await screen.findByText('2 notifications');
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    expect(
      within(first).getByRole('link', { name: 'Maya wrote to you' }).getAttribute('href'),
    ).toBe('/application/a-1');
    expect(within(first).getByText('Unread')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Mark as read' })).toBeTruthy();
    expect(within(second).queryByText('Unread')).toBeNull();
    expect(within(second).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(document.title).toBe('Notifications · Encore');
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeTruthy();
  });

  it('keeps the filter and the page in the address', async () => {
    const older = Array.from({ length: NOTIFICATIONS_PAGE_SIZE }, () => makeNotification());
    renderPage('/notifications?show=read&page=2', [
      countMock(0),
      listMock(
        { page: 2, is_read: true },
        [makeNotification({ title: 'An old one', is_read: true })],
        21,
      ),
      listMock({ is_read: false }, older, 25),
      listMock({ page: 2, is_read: false }, [makeNotification({ title: 'Last unread' })], 25),
    ]);
    await screen.findByText('An old one');
    expect(screen.getByRole('button', { name: 'Read', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );

    // Another filter starts again on its first page.
    fireEvent.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(address()).toBe('/notifications?show=unread'));
    await screen.findByText('25 notifications');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(address()).toBe('/notifications?show=unread&page=2'));
    await screen.findByText('Last unread');
  });

  it('marks one read: its mark goes, focus stays on it', async () => {
    const unread = makeNotification({ title: 'Maya wrote to you' });
    renderPage('/notifications', [
      countMock(1),
      listMock({}, [unread]),
      {
        request: { query: MarkNotificationReadDocument, variables: { notification_id: unread.id } },
        result: {
          data: {
            markNotificationAsRead: {
              __typename: 'Notification',
              id: unread.id,
              is_read: true,
              updated_at: '2030-01-01 10:00:00',
            },
          },
        },
      },
    ]);
    const card = (await screen.findByText('Maya wrote to you')).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(within(card).queryByText('Unread')).toBeNull());
    expect(within(card).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card).getByRole('heading', { level: 2 })),
    );
    // Nothing unread is left: no "Mark all as read" either.
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('marks all read, and the unread list then says all is caught up', async () => {
    renderPage('/notifications?show=unread', [
      countMock(2),
      listMock({ is_read: false }, [makeNotification(), makeNotification()]),
      {
        request: { query: MarkAllNotificationsReadDocument },
        result: { data: { markAllNotificationsAsRead: true } },
      },
      listMock({ is_read: false }, []),
    ]);
    await screen.findByText('2 notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await screen.findByText("You're all caught up");
    expect(screen.getByText('There are no unread notifications.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('says when there is nothing yet, and when a page is past the end', async () => {
    renderPage('/notifications', [countMock(0), listMock({}, [])]);
    await screen.findByText('You have no notifications yet');
    cleanup();
    renderPage('/notifications?show=read&page=4', [
      countMock(0),
      listMock({ page: 4, is_read: true }, [], 3),
    ]);
    await screen.findByText('There are no notifications on this page.');
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe(
      '/notifications?show=read',
    );
  });

  it('shows that it is loading, then an error with a retry that works', async () => {
    renderPage('/notifications', [
      countMock(0),
      {
        request: {
          query: NotificationListDocument,
          variables: { page: 1, per_page: NOTIFICATIONS_PAGE_SIZE },
        },
        error: new Error('The server is unreachable'),
        delay: 50,
      },
      listMock({}, [makeNotification({ title: 'Here it is' })]),
    ]);
    expect(screen.getByRole('progressbar', { name: 'Loading notifications' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Here it is');
  });
});
