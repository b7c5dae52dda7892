import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError, type FormattedExecutionResult } from 'graphql';
import { MemoryRouter, Route, Routes } from 'react-router';
import { UnsubscribeFromNotificationsDocument, type NotificationType } from '../../../gql/graphql';
import { UnsubscribePage } from './UnsubscribePage';

// Translations are not loaded in unit tests: texts show as their keys.

const TOKEN = 'sealed.token-from-the-email';

function unsubscribeMock(answer: () => FormattedExecutionResult) {
  const answered = vi.fn(answer);
  const mock: MockLink.MockedResponse = {
    request: { query: UnsubscribeFromNotificationsDocument, variables: { token: TOKEN } },
    result: answered,
  };
  return { mock, answered };
}

const unsubscribed = (types: NotificationType[]) => () => ({
  data: { unsubscribeFromNotifications: types },
});

function renderAt(path: string, mocks: MockLink.MockedResponse[] = []) {
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/unsubscribe" element={<UnsubscribePage />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

const submit = () => screen.getByRole('button', { name: 'unsubscribe.submit' });

describe('UnsubscribePage', () => {
  afterEach(cleanup);

  it('changes nothing when opened: it explains and waits for the click', async () => {
    const { mock, answered } = unsubscribeMock(unsubscribed(['application_message']));
    renderAt(`/unsubscribe?token=${TOKEN}`, [mock]);
    expect(screen.getByRole('heading', { level: 1, name: 'unsubscribe.title' })).toBeTruthy();
    expect(screen.getByText('unsubscribe.explain')).toBeTruthy();
    expect(submit()).toBeTruthy();
    // A link scanner that opens the page and waits gets no further.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).not.toHaveBeenCalled();
    expect(
      screen.getByRole('link', { name: 'unsubscribe.settingsLink' }).getAttribute('href'),
    ).toBe('/profile/update?tab=notifications');
  });

  it('unsubscribes on the click and names the kinds that now stay in the app', async () => {
    const { mock, answered } = unsubscribeMock(
      unsubscribed(['application_message', 'new_application']),
    );
    renderAt(`/unsubscribe?token=${TOKEN}`, [mock]);
    const button = submit();
    fireEvent.click(button);
    expect(button.textContent).toBe('unsubscribe.submitting');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    const outcome = await screen.findByRole('status');
    expect(answered).toHaveBeenCalledTimes(1);
    expect(outcome.textContent).toContain('unsubscribe.done.title');
    expect(outcome.textContent).toContain('unsubscribe.done.body');
    const kinds = Array.from(outcome.querySelectorAll('li')).map((item) => item.textContent);
    expect(kinds).toEqual([
      'notificationSettings.kinds.application_message.label',
      'notificationSettings.kinds.new_application.label',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(screen.queryByRole('button', { name: 'unsubscribe.submit' })).toBeNull();
  });

  it('says so when there was nothing left to stop', async () => {
    const { mock } = unsubscribeMock(unsubscribed([]));
    renderAt(`/unsubscribe?token=${TOKEN}`, [mock]);
    fireEvent.click(submit());
    const outcome = await screen.findByRole('status');
    expect(outcome.textContent).toContain('unsubscribe.done.nothingLeft');
    expect(outcome.querySelectorAll('li')).toHaveLength(0);
  });

  it('names the problem when the server does not accept the link', async () => {
    const { mock } = unsubscribeMock(() => ({
      errors: [
        new GraphQLError('Validation failed.', {
          extensions: {
            category: 'validation',
            validation: { token: ['This unsubscribe link is not valid.'] },
          },
        }),
      ],
    }));
    renderAt(`/unsubscribe?token=${TOKEN}`, [mock]);
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('unsubscribe.invalid.title');
    expect(alert.textContent).toContain('unsubscribe.invalid.body');
    // Nothing to try again with this link.
    expect(screen.queryByRole('button', { name: 'unsubscribe.submit' })).toBeNull();
  });

  it('lets the person try again when the server could not be reached', async () => {
    const mock: MockLink.MockedResponse = {
      request: { query: UnsubscribeFromNotificationsDocument, variables: { token: TOKEN } },
      error: new Error('Failed to fetch'),
    };
    const { mock: second } = unsubscribeMock(unsubscribed(['closing_soon']));
    renderAt(`/unsubscribe?token=${TOKEN}`, [mock, second]);
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('unsubscribe.failed');
    fireEvent.click(submit());
    const outcome = await screen.findByRole('status');
    expect(outcome.textContent).toContain('notificationSettings.kinds.closing_soon.label');
  });

  it('explains a link without its token, and offers no button', () => {
    renderAt('/unsubscribe');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('unsubscribe.missing.title');
    expect(screen.queryByRole('button', { name: 'unsubscribe.submit' })).toBeNull();
    // Shown as the page opens, so it does not take the focus from the page's start.
    expect(document.activeElement).not.toBe(alert);
  });
});
