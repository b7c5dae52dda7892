import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router';
import { SessionContext, type Session } from '../../../app/session/session';
import { AdminFailedEventsDocument, AdminRetryEventDocument } from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import { AdminEventsPage } from './AdminEventsPage';

// Translations are not loaded in unit tests: texts show as their keys.

/** `undefined`: the session after a reload, which holds tokens but not the person. */
const sessionAs = (role: string | null | undefined): Session => ({
  status: 'authenticated',
  user:
    role === undefined
      ? null
      : {
          id: 'u-1',
          name: 'Encore Support',
          email: 'admin@encore.test',
          role: role ? { name: role, display_name: role } : null,
        },
  signIn: () => {},
  signOut: () => {},
});

function renderPage(role: string | null | undefined, mocks: MockLink.MockedResponse[]) {
  return render(
    <SnackbarProvider>
      <SessionContext.Provider value={sessionAs(role)}>
        <MockedProvider mocks={mocks}>
          <MemoryRouter initialEntries={['/admin/events']}>
            <AdminEventsPage />
          </MemoryRouter>
        </MockedProvider>
      </SessionContext.Provider>
    </SnackbarProvider>,
  );
}

function failedEvent(id: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'DomainEvent',
    id,
    name: 'PasswordChanged',
    aggregate: `user:${id}`,
    status: 'FAILED',
    attempts: 10,
    last_error: `mail: 452 <${id}@example.test>: Mailbox full`,
    occurred_at: '2027-03-01 10:00:00',
    next_attempt_at: '2027-03-01 10:34:06',
    ...overrides,
  };
}

function listMock(page: number, events: unknown[], total: number): MockLink.MockedResponse {
  const lastPage = Math.max(1, Math.ceil(total / 10));
  return {
    request: { query: AdminFailedEventsDocument, variables: { first: 10, page } },
    result: {
      data: {
        failedDomainEvents: {
          __typename: 'DomainEventPaginator',
          paginatorInfo: {
            __typename: 'PaginatorInfo',
            total,
            currentPage: page,
            lastPage,
            hasMorePages: page < lastPage,
          },
          data: events,
        },
      },
    },
  };
}

const notFound = () => screen.findByRole('heading', { level: 1, name: 'errors.notFound.title' });

describe('AdminEventsPage', () => {
  afterEach(cleanup);

  it('lists what failed with why, and sends one again', async () => {
    const bounced = failedEvent('e-1');
    const other = failedEvent('e-2', { name: 'EmailVerificationRequested', last_error: null });
    renderPage('admin', [
      listMock(1, [bounced, other], 2),
      {
        request: { query: AdminRetryEventDocument, variables: { id: 'e-1' } },
        result: {
          data: { retryDomainEvent: { ...bounced, status: 'PENDING', attempts: 0 } },
        },
      },
      listMock(1, [other], 1),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'admin.events.title' }),
    ).toBeTruthy();
    const cards = (await screen.findAllByRole('heading', { level: 2 })).map((heading) =>
      heading.closest('li')!,
    );
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'PasswordChanged' })).toBeTruthy();
    expect(first.getByText('user:e-1')).toBeTruthy();
    expect(first.getByText('10')).toBeTruthy();
    expect(first.getByText('mail: 452 <e-1@example.test>: Mailbox full')).toBeTruthy();
    // Technical text reads left to right, in an Arabic page too.
    expect(first.getByText('user:e-1').getAttribute('dir')).toBe('ltr');
    expect(within(cards[1]!).getByText('admin.events.noError')).toBeTruthy();

    fireEvent.click(first.getByRole('button', { name: 'admin.events.retry' }));
    expect(
      await screen.findByText('admin.events.retried', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    // The list is asked again: the one sent again has left it.
    await screen.findByRole('heading', { level: 2, name: 'EmailVerificationRequested' });
    expect(screen.queryByRole('heading', { level: 2, name: 'PasswordChanged' })).toBeNull();
  });

  it('shows why a retry was refused on its card', async () => {
    renderPage('admin', [
      listMock(1, [failedEvent('e-1')], 1),
      {
        request: { query: AdminRetryEventDocument, variables: { id: 'e-1' } },
        result: {
          errors: [
            {
              message: 'The given data was invalid.',
              extensions: {
                code: 'VALIDATION',
                category: 'validation',
                validation: {
                  id: ['This delivery has not failed, so there is nothing to send again.'],
                },
              },
            },
          ],
        },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'admin.events.retry' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This delivery has not failed');
  });

  it('pages through them', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => failedEvent(`p1-${index}`));
    renderPage('admin', [listMock(1, firstPage, 12), listMock(2, [failedEvent('p2-0')], 12)]);
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'admin.events.pages' });
    fireEvent.click(
      within(pages).getByRole('button', { name: 'opportunities.search.pagination.page' }),
    );
    expect(await screen.findByText('user:p2-0')).toBeTruthy();
  });

  it('goes back a page when the last one of a later page is sent again', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => failedEvent(`p1-${index}`));
    const last = failedEvent('p2-0');
    renderPage('admin', [
      listMock(1, firstPage, 11),
      listMock(2, [last], 11),
      {
        request: { query: AdminRetryEventDocument, variables: { id: 'p2-0' } },
        result: { data: { retryDomainEvent: { ...last, status: 'PENDING', attempts: 0 } } },
      },
      listMock(2, [], 10),
      listMock(1, firstPage, 10),
    ]);
    await screen.findAllByRole('heading', { level: 2 });
    const pages = screen.getByRole('navigation', { name: 'admin.events.pages' });
    fireEvent.click(
      within(pages).getByRole('button', { name: 'opportunities.search.pagination.page' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'admin.events.retry' }));
    expect(await screen.findByText('user:p1-0')).toBeTruthy();
    expect(screen.queryByText('admin.events.empty')).toBeNull();
  });

  it('says so when nothing has failed', async () => {
    renderPage('admin', [listMock(1, [], 0)]);
    expect(await screen.findByText('admin.events.empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'admin.events.retry' })).toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    renderPage('admin', [
      {
        request: { query: AdminFailedEventsDocument, variables: { first: 10, page: 1 } },
        error: new Error('Network down'),
      },
      listMock(1, [failedEvent('e-1')], 1),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'errors.general.retry' }));
    expect(await screen.findByText('user:e-1')).toBeTruthy();
  });

  it.each([
    ['a performer', 'performer'],
    ['an organiser', 'organiser'],
    ['an account without a role', null],
  ])('shows the not-found page to %s, without asking the server', async (_who, role) => {
    // No mocks: a request would fail the page with an error instead.
    renderPage(role, []);
    expect(await notFound()).toBeTruthy();
  });

  it('lets the server decide after a reload, when the session does not know the role', async () => {
    renderPage(undefined, [listMock(1, [failedEvent('e-1')], 1)]);
    expect(await screen.findByText('user:e-1')).toBeTruthy();
  });

  it('shows the not-found page when the server refuses (after a reload, or a role taken away)', async () => {
    renderPage(undefined, [
      {
        request: { query: AdminFailedEventsDocument, variables: { first: 10, page: 1 } },
        result: {
          errors: [
            {
              message: 'You are not allowed to do this.',
              extensions: { code: 'FORBIDDEN', category: 'authorization' },
            },
          ],
        },
      },
    ]);
    expect(await notFound()).toBeTruthy();
  });
});
