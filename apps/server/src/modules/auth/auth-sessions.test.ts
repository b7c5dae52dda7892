import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import {
  openTestDatabaseConnections,
  startTestServer,
  type TestServer,
} from '../../../test/harness';
import { SESSION_CHECK_CACHE } from './auth.sessions';

const ME = '{ me { id } }';
const LOGOUT = 'mutation($input: RefreshTokenInput!) { logout(input: $input) { success } }';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// Two server processes on one database and one Redis, as behind a load balancer. With REDIS_URL
// (CI's PostgreSQL run sets DATABASE_URL too, and then each server has its own connection pool).
describe.runIf(process.env.REDIS_URL)('sessions across server processes', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const [one, two] = await openTestDatabaseConnections(2);
    const shared = {
      redisUrl: process.env.REDIS_URL,
      redisPrefix: `test-${randomUUID()}`,
      // One installation: every process signs and checks tokens with the same secret.
      jwtSecret: randomBytes(32).toString('hex'),
    };
    first = await startTestServer(shared, { database: one! });
    second = await startTestServer(shared, { database: two! });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('refuses an access token on every process as soon as its session logs out on one', async () => {
    const account = await registerAccount(first);
    // The other process has seen the session stand, and would keep believing it for a while.
    const before = await second.graphql<{ me: { id: string } }>(
      ME,
      undefined,
      bearer(account.accessToken),
    );
    expect(before.body.data?.me.id).toBe(account.id);

    const loggedOutAt = Date.now();
    const out = await first.graphql<{ logout: { success: boolean } }>(LOGOUT, {
      input: { refresh_token: account.refreshToken },
    });
    expect(out.body.data?.logout.success).toBe(true);
    // The message crosses Redis in milliseconds; the process's own recheck would take 5 seconds.
    await vi.waitFor(
      async () => {
        const after = await second.graphql(ME, undefined, bearer(account.accessToken));
        expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      },
      { timeout: 1_000, interval: 20 },
    );
    expect(Date.now() - loggedOutAt).toBeLessThan(SESSION_CHECK_CACHE.standingTtlMs);
    const onFirst = await first.graphql(ME, undefined, bearer(account.accessToken));
    expect(onFirst.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('accepts a token refreshed on one process on the other, and ends it on both from either', async () => {
    const account = await registerAccount(second);
    const refreshed = await first.graphql<{
      refreshToken: { access_token: string; refresh_token: string };
    }>(
      'mutation($input: RefreshTokenInput!) { refreshToken(input: $input) { access_token refresh_token } }',
      { input: { refresh_token: account.refreshToken } },
    );
    const session = refreshed.body.data!.refreshToken;
    for (const server of [first, second]) {
      const seen = await server.graphql<{ me: { id: string } }>(
        ME,
        undefined,
        bearer(session.access_token),
      );
      expect(seen.body.data?.me.id).toBe(account.id);
    }
    await second.graphql(LOGOUT, { input: { refresh_token: session.refresh_token } });
    await vi.waitFor(
      async () => {
        const after = await first.graphql(ME, undefined, bearer(session.access_token));
        expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      },
      { timeout: 1_000, interval: 20 },
    );
  });
});
