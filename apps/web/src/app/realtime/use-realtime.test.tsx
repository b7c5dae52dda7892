import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { SessionContext, type Session } from '../session/session';
import { createAppTheme } from '../theme';
import { createRealtimeClient, type RealtimeClient } from './realtime-client';
import { ReconnectingIndicator } from './ReconnectingIndicator';
import {
  USER,
  connected,
  notification,
  startChannel,
  startClient,
  stopAll,
  token,
} from './test-channel';
import { useRealtimeConnection, useRealtimeEvent } from './use-realtime';

// Translations are not loaded in unit tests: texts show as their keys.

afterEach(async () => {
  cleanup();
  await stopAll();
});

describe('ReconnectingIndicator', () => {
  it('says "reconnecting" in a polite live region while a lost connection is retried', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    const { client } = startClient(channel, { current: only });
    render(
      <ThemeProvider theme={createAppTheme('ltr')}>
        <ReconnectingIndicator client={client} />
      </ThemeProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    await connected(client);
    expect(region.textContent).toBe('');

    await channel.close();
    await waitFor(() => expect(region.textContent).toBe('realtime.reconnecting'));
    await startChannel(channel.port, new Set([only]));
    await waitFor(() => expect(region.textContent).toBe(''), { timeout: 10_000 });
  });

  it('says "offline" once the attempts ran out, and nothing once connected again', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    const { client, online } = startClient(channel, { current: only });
    render(
      <ThemeProvider theme={createAppTheme('ltr')}>
        <ReconnectingIndicator client={client} />
      </ThemeProvider>,
    );
    const region = screen.getByRole('status');
    await connected(client);
    await channel.close();
    await waitFor(() => expect(region.textContent).toBe('realtime.reconnecting'));
    await waitFor(() => expect(region.textContent).toBe('realtime.offline'), { timeout: 10_000 });

    await startChannel(channel.port, new Set([only]));
    act(() => {
      online.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(region.textContent).toBe(''), { timeout: 10_000 });
    expect(client.getStatus().isConnected).toBe(true);
  }, 30_000);
});

function Unread({ client }: { client: RealtimeClient }) {
  const [unread, setUnread] = useState(0);
  const [titles, setTitles] = useState<string[]>([]);
  // Reads the current titles: the newest handler is the one called.
  useRealtimeEvent(
    'notificationCreated',
    ({ notification: { title }, unread_count }) => {
      setUnread(unread_count);
      setTitles([...titles, title]);
    },
    client,
  );
  return <p>{`${unread}: ${titles.join(', ')}`}</p>;
}

describe('useRealtimeEvent', () => {
  it('hands each pushed event to the newest handler, until unmounted', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    const { client } = startClient(channel, { current: only });
    const view = render(<Unread client={client} />);
    await connected(client);

    channel.realtime.toUser(USER, 'notificationCreated', notification('first'));
    await screen.findByText('2: first');
    channel.realtime.toUser(USER, 'notificationCreated', notification('second'));
    await screen.findByText('2: first, second');

    view.unmount();
    const after = vi.fn();
    client.on('notificationCreated', after);
    channel.realtime.toUser(USER, 'notificationCreated', notification('third'));
    await vi.waitFor(() => expect(after).toHaveBeenCalled());
    expect(document.body.textContent).toBe('');
  });
});

function Connection({ client }: { client: RealtimeClient }) {
  useRealtimeConnection(client);
  return null;
}

const session = (status: Session['status']): Session => ({
  status,
  user: null,
  signIn: () => {},
  signOut: () => {},
});

describe('useRealtimeConnection', () => {
  it('connects while signed in and disconnects on sign-out', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    const client = createRealtimeClient({
      url: channel.url,
      getToken: async () => only,
      refresh: async () => null,
    });
    const tree = (status: Session['status']) => (
      <SessionContext.Provider value={session(status)}>
        <Connection client={client} />
      </SessionContext.Provider>
    );
    const view = render(tree('anonymous'));
    expect(client.getStatus().isConnected).toBe(false);

    view.rerender(tree('authenticated'));
    await connected(client);
    act(() => view.rerender(tree('anonymous')));
    expect(client.getStatus()).toEqual({ isConnected: false, reconnecting: false, offline: false });
    // The server saw the socket go: nothing is delivered any more.
    const received = vi.fn();
    client.on('notificationCreated', received);
    const another = startClient(channel, { current: only }).client;
    const gotIt = new Promise((resolve) => another.on('notificationCreated', resolve));
    await connected(another);
    channel.realtime.toUser(USER, 'notificationCreated', notification('after sign-out'));
    await gotIt;
    expect(received).not.toHaveBeenCalled();
  });
});
