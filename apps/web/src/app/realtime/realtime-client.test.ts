import { io } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FAST,
  USER,
  connected,
  notification,
  startChannel,
  startClient,
  stopAll,
  testPage,
  token,
} from './test-channel';
import { nowSeconds } from '../session/test-utils';

afterEach(stopAll);

/** The attempts ran out: not connected, not trying, "offline". */
const RESTING = { isConnected: false, reconnecting: false, offline: true };

describe('the realtime client', () => {
  it('connects with the settings of SEED-SPEC point 9, over WebSocket only', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    const options: Parameters<typeof io>[1][] = [];
    const load = async () =>
      ((url: string, given: Parameters<typeof io>[1]) => {
        options.push(given);
        return io(url, given);
      }) as typeof io;
    const { client } = startClient(channel, { current: only }, { load });
    await connected(client);
    expect(options[0]).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionAttempts: 5,
      reconnectionDelay: FAST.reconnectionDelay,
      reconnectionDelayMax: FAST.reconnectionDelay,
      randomizationFactor: 0,
      timeout: 20_000,
    });
  });

  it('connects with the access token and hands typed events to their handlers', async () => {
    const first = token('s1');
    const channel = await startChannel(0, new Set([first]));
    const { client } = startClient(channel, { current: first });
    const titles: string[] = [];
    client.on('notificationCreated', ({ notification: { title }, unread_count }) =>
      titles.push(`${title} (${unread_count})`),
    );
    await connected(client);
    channel.realtime.toUser(USER, 'notificationCreated', notification('Shortlisted'));
    await vi.waitFor(() => expect(titles).toEqual(['Shortlisted (2)']));
  });

  it('refreshes the session once when the handshake is refused, then connects', async () => {
    const stale = token('s1');
    const fresh = token('s1');
    const channel = await startChannel(0, new Set([fresh]));
    const { client, refresh } = startClient(channel, { current: stale, refreshed: fresh });
    await connected(client);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('gives up quietly when the refreshed token is refused too', async () => {
    const channel = await startChannel();
    const { client, refresh, seen } = startClient(channel, {
      current: token('s1'),
      refreshed: token('s1'),
    });
    await vi.waitFor(() => expect(channel.handshakes()).toBe(2));
    // Time for a third handshake or a second refresh, had the client asked for either.
    await new Promise((resolve) => setTimeout(resolve, FAST.reconnectionDelay * 10));
    expect(channel.handshakes()).toBe(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(client.getStatus()).toEqual({ isConnected: false, reconnecting: false, offline: false });
    expect(seen.some((status) => status.reconnecting || status.isConnected || status.offline)).toBe(
      false,
    );
  });

  it('refreshes and reconnects when the server closes the socket on an ended session', async () => {
    const first = token('old-session');
    const second = token('new-session');
    const channel = await startChannel(0, new Set([first, second]));
    const { client, refresh, seen } = startClient(channel, { current: first, refreshed: second });
    await connected(client);

    channel.valid.delete(first);
    channel.invalidation.publish('session-ended', 'old-session');
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    await connected(client);
    expect(seen).toContainEqual({ isConnected: false, reconnecting: true, offline: false });
    // The new socket is the user's: it gets what is sent to them.
    const got = new Promise((resolve) => client.on('notificationCreated', resolve));
    channel.realtime.toUser(USER, 'notificationCreated', notification('after'));
    await got;
  });

  it('refreshes and reconnects when the token runs out while connected', async () => {
    const shortLived = token('s1', nowSeconds() + 2);
    const next = token('s1');
    const channel = await startChannel(0, new Set([shortLived, next]));
    const { client, refresh } = startClient(channel, { current: shortLived, refreshed: next });
    await connected(client);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    await connected(client);
  });

  it('shows "reconnecting" after a lost connection, and connects again when the server is back', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    const { client } = startClient(channel, { current: only });
    await connected(client);
    await channel.close();
    await vi.waitFor(() =>
      expect(client.getStatus()).toEqual({
        isConnected: false,
        reconnecting: true,
        offline: false,
      }),
    );
    await startChannel(channel.port, new Set([only]));
    await connected(client);
  });

  it('rests "offline" after 5 attempts, and tries again when the browser is back online', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    const { client, online } = startClient(channel, { current: only });
    await connected(client);
    await channel.close();
    await vi.waitFor(() => expect(client.getStatus().reconnecting).toBe(true));
    // 5 attempts 50 ms apart, then the client rests.
    await vi.waitFor(() => expect(client.getStatus()).toEqual(RESTING), { timeout: 10_000 });
    // No sixth attempt of its own: still resting well after the delay.
    const handshakes = channel.handshakes();
    await new Promise((resolve) => setTimeout(resolve, FAST.reconnectionDelay * 10));
    expect(client.getStatus()).toEqual(RESTING);
    expect(channel.handshakes()).toBe(handshakes);

    await startChannel(channel.port, new Set([only]));
    online.dispatchEvent(new Event('online'));
    await connected(client);
  }, 30_000);

  it('tries again when the tab is shown, and rests again if the server is still away', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    const tab = testPage();
    const { client, seen } = startClient(channel, { current: only }, { page: tab.page });
    await connected(client);
    await channel.close();
    await vi.waitFor(() => expect(client.getStatus()).toEqual(RESTING), { timeout: 10_000 });

    // Shown while the server is still down: one more series, "reconnecting", then rest again.
    seen.length = 0;
    tab.show();
    expect(client.getStatus()).toEqual({ isConnected: false, reconnecting: true, offline: false });
    await vi.waitFor(() => expect(client.getStatus()).toEqual(RESTING), { timeout: 10_000 });
    expect(seen.some((status) => status.isConnected)).toBe(false);

    // Hidden does nothing; shown again with the server back, it connects.
    await startChannel(channel.port, new Set([only]));
    tab.hide();
    await new Promise((resolve) => setTimeout(resolve, FAST.reconnectionDelay * 4));
    expect(client.getStatus()).toEqual(RESTING);
    tab.show();
    await connected(client);
    expect(client.getStatus()).toEqual({ isConnected: true, reconnecting: false, offline: false });
  }, 30_000);

  it('rests "offline" when the server was never reached, and connects once it is', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    await channel.close();
    const { client, online, seen } = startClient(channel, { current: only });
    await vi.waitFor(() => expect(client.getStatus()).toEqual(RESTING), { timeout: 10_000 });
    // Never up, so never "reconnecting" before resting.
    expect(seen.filter((status) => status.reconnecting)).toEqual([]);
    await startChannel(channel.port, new Set([only]));
    online.dispatchEvent(new Event('online'));
    await connected(client);
  }, 30_000);

  it('disconnects on stop, and the user is no longer reached', async () => {
    const only = token('s1');
    const channel = await startChannel(0, new Set([only]));
    const { client } = startClient(channel, { current: only });
    const titles: string[] = [];
    client.on('notificationCreated', ({ notification: { title } }) => titles.push(title));
    await connected(client);
    client.stop();
    expect(client.getStatus()).toEqual({ isConnected: false, reconnecting: false, offline: false });
    // A second client of the same user, started after: it alone gets the next message.
    const other = startClient(channel, { current: only }).client;
    const got = new Promise((resolve) => other.on('notificationCreated', resolve));
    await connected(other);
    channel.realtime.toUser(USER, 'notificationCreated', notification('later'));
    await got;
    expect(titles).toEqual([]);
  });
});
