import {
  REALTIME_PATH,
  REALTIME_UNAUTHORIZED,
  type ClientToServerEvents,
  type NotificationCreatedPayload,
  type ServerToClientEvents,
} from '@encore/core';
import { decodeJwt } from 'jose';
import { randomBytes, randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { openTestDatabaseConnections, startTestServer, type TestServer } from '../../test/harness';
import { ACCESS_TOKEN_LIFETIME_SECONDS, createAccessTokens } from '../modules/auth/auth.tokens';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const LOGOUT = 'mutation($input: RefreshTokenInput!) { logout(input: $input) { success } }';
const CHANGE_PASSWORD =
  'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { access_token } }';

let server: TestServer;
const open: ClientSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => {
  await server?.close();
});

function socketTo(url: string, token: string | undefined): ClientSocket {
  const socket: ClientSocket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token === undefined ? {} : { auth: { token } }),
  });
  open.push(socket);
  return socket;
}

/** A connected socket, or the message of the connect_error the server answered with. */
function connect(token: string | undefined, url = server.url): Promise<ClientSocket> {
  const socket = socketTo(url, token);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

function refusal(token: string | undefined): Promise<string> {
  return connect(token).then(
    () => 'connected',
    (error: Error) => error.message,
  );
}

/** The next event of this name the socket gets. */
function next<Event extends keyof ServerToClientEvents>(socket: ClientSocket, event: Event) {
  return new Promise<Parameters<ServerToClientEvents[Event]>[0]>((resolve) => {
    socket.once(event as 'sessionExpired', resolve as ServerToClientEvents['sessionExpired']);
  });
}

const disconnection = (socket: ClientSocket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

const notification = (title: string): NotificationCreatedPayload => ({
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
  unread_count: 1,
});

/** An access token of the account's real session, issued at `issuedAt` (so expiring 2 h later). */
function tokenIssuedAt(account: TestAccount, issuedAt: Date, secret = server.config.jwtSecret) {
  const { sid } = decodeJwt(account.accessToken);
  return createAccessTokens(secret).sign(
    { id: account.id, role: 'performer', sessionVersion: 0 },
    String(sid),
    issuedAt,
  );
}

describe('the handshake', () => {
  it('admits a valid access token, and toUser reaches that user and nobody else', async () => {
    const [ada, ben] = [await registerAccount(server), await registerAccount(server)];
    const adaSocket = await connect(ada.accessToken);
    const benSocket = await connect(ben.accessToken);
    const benGot: string[] = [];
    benSocket.on('notificationCreated', ({ notification }) => benGot.push(notification.title));

    const forAda = next(adaSocket, 'notificationCreated');
    const forBen = next(benSocket, 'notificationCreated');
    server.app.realtime.toUser(ada.id, 'notificationCreated', notification('for Ada'));
    // Sent after Ada's: had Ben been in her room, hers would have reached him first.
    server.app.realtime.toUser(ben.id, 'notificationCreated', notification('for Ben'));

    expect(await forAda).toMatchObject({ notification: { title: 'for Ada' }, unread_count: 1 });
    await forBen;
    expect(benGot).toEqual(['for Ben']);
  });

  it('reaches every open tab of the user', async () => {
    const ada = await registerAccount(server);
    const tabs = [await connect(ada.accessToken), await connect(ada.accessToken)];
    const received = tabs.map((tab) => next(tab, 'notificationCreated'));
    server.app.realtime.toUser(ada.id, 'notificationCreated', notification('both'));
    for (const got of await Promise.all(received)) expect(got.notification.title).toBe('both');
  });

  it('refuses a missing or empty token', async () => {
    expect(await refusal(undefined)).toBe(REALTIME_UNAUTHORIZED);
    expect(await refusal('')).toBe(REALTIME_UNAUTHORIZED);
  });

  it('refuses a forged token (signed with another secret) and a malformed one', async () => {
    const ada = await registerAccount(server);
    const forged = await tokenIssuedAt(ada, new Date(), randomBytes(32).toString('hex'));
    expect(await refusal(forged)).toBe(REALTIME_UNAUTHORIZED);
    expect(await refusal('not-a-jwt')).toBe(REALTIME_UNAUTHORIZED);
  });

  it('refuses an expired token and admits one of the same session that is still valid', async () => {
    const ada = await registerAccount(server);
    const longAgo = new Date(Date.now() - (ACCESS_TOKEN_LIFETIME_SECONDS + 60) * 1000);
    expect(await refusal(await tokenIssuedAt(ada, longAgo))).toBe(REALTIME_UNAUTHORIZED);
    expect(await refusal(await tokenIssuedAt(ada, new Date()))).toBe('connected');
  });

  it('refuses the token of a session that logged out', async () => {
    const ada = await registerAccount(server);
    expect(await refusal(ada.accessToken)).toBe('connected');
    await server.graphql(LOGOUT, { input: { refresh_token: ada.refreshToken } });
    expect(await refusal(ada.accessToken)).toBe(REALTIME_UNAUTHORIZED);
  });
});

describe('a connected socket whose session ends', () => {
  it('is told its token expired and closed when the token runs out', async () => {
    const ada = await registerAccount(server);
    // Valid for three more seconds.
    const issuedAt = new Date(Date.now() - (ACCESS_TOKEN_LIFETIME_SECONDS - 3) * 1000);
    const socket = await connect(await tokenIssuedAt(ada, issuedAt));
    const told = next(socket, 'sessionExpired');
    const closed = disconnection(socket);
    expect(await told).toEqual({ reason: 'expired' });
    // The server's own disconnect, which a client does not retry by itself.
    expect(await closed).toBe('io server disconnect');
  });

  it('is told its session was revoked and closed when the session logs out', async () => {
    const ada = await registerAccount(server);
    const socket = await connect(ada.accessToken);
    const other = await connect((await registerAccount(server)).accessToken);
    const told = next(socket, 'sessionExpired');
    const closed = disconnection(socket);
    await server.graphql(LOGOUT, { input: { refresh_token: ada.refreshToken } });
    expect(await told).toEqual({ reason: 'revoked' });
    expect(await closed).toBe('io server disconnect');
    expect(other.connected).toBe(true);
  });

  it('is closed when the password changes, while a socket with the new token stays', async () => {
    const ada = await registerAccount(server);
    const socket = await connect(ada.accessToken);
    const told = next(socket, 'sessionExpired');
    const closed = disconnection(socket);
    const changed = await server.graphql<{ changePassword: { access_token: string } }>(
      CHANGE_PASSWORD,
      {
        input: {
          current_password: ada.password,
          password: 'a-new-password-77',
          password_confirmation: 'a-new-password-77',
        },
      },
      ada.headers,
    );
    const fresh = await connect(changed.body.data!.changePassword.access_token);
    // A few seconds later: the account is asked about again once the change has surely committed.
    expect(await told).toEqual({ reason: 'revoked' });
    expect(await closed).toBe('io server disconnect');
    const ping = next(fresh, 'notificationCreated');
    server.app.realtime.toUser(ada.id, 'notificationCreated', notification('still here'));
    expect((await ping).notification.title).toBe('still here');
    expect(fresh.connected).toBe(true);
  });
});

describe('closing the server', () => {
  it('closes the connections, so that clients reconnect (to another process)', async () => {
    const own = await startTestServer();
    const ada = await registerAccount(own);
    const socket = await connect(ada.accessToken, own.url);
    const closed = disconnection(socket);
    await own.close();
    expect(await closed).toBe('transport close');
  });
});

/**
 * A process subscribes to a room's channel when the room's first socket joins; until Redis has
 * confirmed, an emit from another process can pass by, so this one is repeated until it arrives.
 */
async function sendUntilReceived(
  from: TestServer,
  userId: string,
  socket: ClientSocket,
  title: string,
) {
  let arrived = false;
  const arrival = next(socket, 'notificationCreated').then(({ notification }) => {
    arrived = true;
    return notification;
  });
  while (!arrived) {
    from.app.realtime.toUser(userId, 'notificationCreated', notification(title));
    await Promise.race([arrival, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  return arrival;
}

// With REDIS_URL (as in CI's PostgreSQL run): two server processes on one database share rooms.
describe.runIf(process.env.REDIS_URL)('rooms across server processes', () => {
  it('delivers toUser and committed notifications on one process to a socket on the other', async () => {
    const [one, two] = await openTestDatabaseConnections(2);
    const shared = {
      redisUrl: process.env.REDIS_URL,
      redisPrefix: `test-${randomUUID()}`,
      jwtSecret: randomBytes(32).toString('hex'),
    };
    const first = await startTestServer(shared, { database: one! });
    const second = await startTestServer(shared, { database: two! });
    try {
      const ada = await registerAccount(first);
      const ben = await registerAccount(first);
      const adaSocket = await connect(ada.accessToken, second.url);
      const benSocket = await connect(ben.accessToken, second.url);
      const benGot: string[] = [];
      benSocket.on('notificationCreated', ({ notification }) => benGot.push(notification.title));

      expect((await sendUntilReceived(first, ada.id, adaSocket, 'for Ada')).title).toBe('for Ada');
      expect((await sendUntilReceived(first, ben.id, benSocket, 'for Ben')).title).toBe('for Ben');
      expect(benGot.length).toBeGreaterThan(0);
      expect(benGot.every((title) => title === 'for Ben')).toBe(true);

      // A notification committed through the first process's outbox reaches Ben's socket on the
      // second, with his unread count (whichever process's dispatcher delivers the event).
      const pushed = next(benSocket, 'notificationCreated');
      await first.app.services.notifications.notify(randomUUID(), [
        {
          userId: ben.id,
          type: 'closing_soon',
          subject: `application:${randomUUID()}`,
          urlPath: '/applications',
          params: { opportunity: 'Harbour Jazz Nights', hours: '48' },
        },
      ]);
      const { notification: arrived, unread_count } = await pushed;
      expect(arrived.title).toContain('Harbour Jazz Nights');
      expect(unread_count).toBe(1);

      // Logging out on the first process closes the socket held by the second.
      const closed = disconnection(adaSocket);
      await first.graphql(LOGOUT, { input: { refresh_token: ada.refreshToken } });
      expect(await closed).toBe('io server disconnect');
    } finally {
      await first.close();
      await second.close();
    }
  });
});
