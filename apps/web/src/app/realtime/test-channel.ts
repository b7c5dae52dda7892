import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import { expect, vi } from 'vitest';
import type { NotificationCreatedPayload } from '@encore/core';
// The server's own realtime channel; only the account store behind it is a table of tokens here
// (apps/server/src/realtime/realtime.test.ts covers it with real accounts).
import { createInvalidationBus } from '../../../../server/src/lib/invalidation';
import { createRealtime, type Realtime } from '../../../../server/src/realtime/realtime.server';
import { makeJwt, nowSeconds } from '../session/test-utils';
import {
  createRealtimeClient,
  type NetworkStatus,
  type PageVisibility,
  type RealtimeClient,
  type RealtimeClientOptions,
} from './realtime-client';

/** Test helpers: the server's realtime channel on a port of its own, and clients of it. */

export const FAST = { reconnectionAttempts: 5, reconnectionDelay: 50, timeout: 20_000 };
export const USER = randomUUID();

/** A token the server reads `sid` and `exp` from; whether it is accepted is `valid`'s business. */
export const token = (sessionId: string, expSeconds = nowSeconds() + 3600) =>
  makeJwt(expSeconds, { sid: sessionId, nonce: randomUUID() });

export interface TestChannel {
  url: string;
  port: number;
  realtime: Realtime;
  /** Tokens the server accepts. */
  valid: Set<string>;
  /** How many handshakes the server has decided. */
  handshakes: () => number;
  invalidation: ReturnType<typeof createInvalidationBus>;
  close(): Promise<void>;
}

const channels: TestChannel[] = [];
const clients: RealtimeClient[] = [];

/** Stops every client and channel started since the last call (afterEach). */
export async function stopAll() {
  for (const client of clients.splice(0)) client.stop();
  for (const channel of channels.splice(0)) await channel.close().catch(() => undefined);
}

export async function startChannel(port = 0, valid = new Set<string>()): Promise<TestChannel> {
  const http: HttpServer = createServer();
  const invalidation = createInvalidationBus({ prefix: 'test:' });
  let handshakes = 0;
  const realtime = createRealtime({
    httpServer: http,
    authenticate: async (given) => {
      handshakes += 1;
      return valid.has(given) ? { id: USER, role: 'performer' } : null;
    },
    invalidation,
    redisPrefix: 'test',
    log: { warn: () => undefined },
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const bound = (http.address() as AddressInfo).port;
  const channel: TestChannel = {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    realtime,
    valid,
    handshakes: () => handshakes,
    invalidation,
    async close() {
      await realtime.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
  channels.push(channel);
  return channel;
}

/** A tab whose visibility the test sets, then says so with `show()`. */
export function testPage() {
  const target = new EventTarget();
  const page = Object.assign(target, { visibilityState: 'hidden' as DocumentVisibilityState });
  return {
    page,
    hide: () => {
      page.visibilityState = 'hidden';
      target.dispatchEvent(new Event('visibilitychange'));
    },
    show: () => {
      page.visibilityState = 'visible';
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

export function startClient(
  channel: TestChannel,
  tokens: { current: string | null; refreshed?: string | null },
  {
    online = new EventTarget(),
    page = testPage().page,
    load = async () => io,
  }: { online?: EventTarget; page?: PageVisibility; load?: RealtimeClientOptions['load'] } = {},
) {
  const refresh = vi.fn(async () => {
    tokens.current = tokens.refreshed ?? null;
    return tokens.current;
  });
  const client = createRealtimeClient({
    url: channel.url,
    getToken: async () => tokens.current,
    refresh,
    settings: FAST,
    load,
    online,
    page,
  });
  const seen: NetworkStatus[] = [];
  client.onStatus(() => seen.push(client.getStatus()));
  clients.push(client);
  client.start();
  return { client, refresh, seen, online, page };
}

export const connected = (client: RealtimeClient) =>
  vi.waitFor(() => expect(client.getStatus().isConnected).toBe(true), { timeout: 10_000 });

export const notification = (title: string): NotificationCreatedPayload => ({
  notification: {
    id: randomUUID(),
    type: 'test',
    title,
    message: null,
    url_path: null,
    is_read: false,
    created_at: '2026-11-28 10:00:00',
    updated_at: '2026-11-28 10:00:00',
  },
  unread_count: 2,
});
