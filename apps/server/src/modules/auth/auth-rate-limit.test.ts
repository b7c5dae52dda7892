import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { access_token } }';
const FORGOT =
  'mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { success } }';
const REFRESH =
  'mutation($input: RefreshTokenInput!) { refreshToken(input: $input) { refresh_token } }';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

type Server = Pick<TestServer, 'graphql'>;
const login = (server: Server, email: string, password: string, ip: string) =>
  server.graphql<{ login: { access_token: string } }>(
    LOGIN,
    { input: { email, password } },
    from(ip),
  );

function expectRateLimited(response: Awaited<ReturnType<TestServer['graphql']>>) {
  expect(response.body.errors?.[0]?.message).toMatch(
    /^Too many attempts\. Please try again in \d+ min\.$/,
  );
  expect(response.body.errors?.[0]?.extensions).toMatchObject({
    code: 'RATE_LIMITED',
    category: 'bad-request',
  });
}

describe('rate limits in memory (one server process)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a trusted proxy, X-Forwarded-For gives each request its client address.
    server = await startTestServer({
      rateLimits: { enabled: true },
      redisPrefix: `test-${randomUUID()}`,
      trustProxy: true,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stops an address after 50 failed logins, even with the right password, but not others', async () => {
    const account = await registerAccount(server);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await login(
        server,
        `nobody${attempt}@example.test`,
        'wrong-password',
        '203.0.113.7',
      );
      expect(response.body.errors?.[0]?.message).toBe(
        'These credentials do not match our records.',
      );
    }
    expectRateLimited(await login(server, account.email, account.password, '203.0.113.7'));
    const elsewhere = await login(server, account.email, account.password, '198.51.100.20');
    expect(elsewhere.body.data?.login.access_token).toBeTruthy();
  }, 60_000);

  it('stops an account after 100 failed logins in an hour, from any address', async () => {
    const target = await registerAccount(server);
    const bystander = await registerAccount(server);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      // Spread over addresses so no address reaches its own allowance first.
      const ip = `192.0.2.${Math.floor(attempt / 10) + 1}`;
      const response = await login(server, target.email.toUpperCase(), 'guess-number-x', ip);
      expect(response.body.errors?.[0]?.message).toBe(
        'These credentials do not match our records.',
      );
    }
    expectRateLimited(await login(server, target.email, target.password, '192.0.2.200'));
    const other = await login(server, bystander.email, bystander.password, '192.0.2.200');
    expect(other.body.data?.login.access_token).toBeTruthy();
  }, 90_000);

  it('stops an address after 20 registrations in an hour', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await registerAccount({
        graphql: (q, v, h) => server.graphql(q, v, { ...h, ...from('203.0.113.50') }),
      } as TestServer);
    }
    const response = await server.graphql(
      'mutation($input: RegisterInput!) { register(input: $input) { access_token } }',
      {
        input: {
          name: 'One Too Many',
          email: 'one.too.many@example.test',
          password: 'a-long-enough-password',
          password_confirmation: 'a-long-enough-password',
          type: 'BAND',
        },
      },
      from('203.0.113.50'),
    );
    expectRateLimited(response);
  }, 60_000);

  it('stops password-reset requests for one address after 5 an hour', async () => {
    const account = await registerAccount(server);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await server.graphql<{ forgotPassword: { success: boolean } }>(
        FORGOT,
        { input: { email: account.email } },
        from(`198.51.100.${attempt + 1}`),
      );
      expect(response.body.data?.forgotPassword.success).toBe(true);
    }
    expectRateLimited(
      await server.graphql(FORGOT, { input: { email: account.email } }, from('198.51.100.99')),
    );
    // In the caller's language.
    const german = await server.graphql(
      FORGOT,
      { input: { email: account.email } },
      { ...from('198.51.100.98'), 'accept-language': 'de' },
    );
    expect(german.body.errors?.[0]?.message).toMatch(
      /^Zu viele Versuche\. Bitte versuchen Sie es in \d+ Min\. erneut\.$/,
    );
  });

  it('stops an account refreshing more than 120 times in 15 minutes', async () => {
    const account = await registerAccount(server);
    let token = account.refreshToken;
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const response = await server.graphql<{ refreshToken: { refresh_token: string } }>(
        REFRESH,
        { input: { refresh_token: token } },
        from('198.51.100.150'),
      );
      token = response.body.data!.refreshToken.refresh_token;
    }
    const refused = await server.graphql(
      REFRESH,
      { input: { refresh_token: token } },
      from('198.51.100.151'),
    );
    expectRateLimited(refused);
    // A refused refresh rotates nothing: the token is still the newest of its family.
    const account2 = await registerAccount(server);
    const fine = await server.graphql<{ refreshToken: { refresh_token: string } }>(
      REFRESH,
      { input: { refresh_token: account2.refreshToken } },
      from('198.51.100.151'),
    );
    expect(fine.body.data?.refreshToken.refresh_token).toBeTruthy();
  }, 60_000);
});

// With REDIS_URL (as in CI's PostgreSQL run), counters live in Redis and several server
// processes share them.
describe.runIf(process.env.REDIS_URL)('rate limits in Redis (several server processes)', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const shared = {
      redisUrl: process.env.REDIS_URL,
      rateLimits: { enabled: true },
      redisPrefix: `test-${randomUUID()}`,
      trustProxy: true,
    };
    first = await startTestServer(shared);
    second = await startTestServer(shared);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts failed logins across processes', async () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const server = attempt % 2 === 0 ? first : second;
      const response = await login(
        server,
        `ghost${attempt}@example.test`,
        'wrong-password',
        '203.0.113.77',
      );
      expect(response.body.errors?.[0]?.message).toBe(
        'These credentials do not match our records.',
      );
    }
    expectRateLimited(await login(first, 'ghost@example.test', 'wrong-password', '203.0.113.77'));
    expectRateLimited(await login(second, 'ghost@example.test', 'wrong-password', '203.0.113.77'));
  }, 60_000);
});
