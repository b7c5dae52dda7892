import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, uniqueEmail, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { access_token } }';
const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { access_token } }';
const FORGOT =
  'mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { success } }';
const REFRESH =
  'mutation($input: RefreshTokenInput!) { refreshToken(input: $input) { refresh_token } }';
const INVALID_CREDENTIALS = 'These credentials do not match our records.';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

type Server = Pick<TestServer, 'graphql'>;
const login = (server: Server, email: string, password: string, ip: string) =>
  server.graphql<{ login: { access_token: string } }>(
    LOGIN,
    { input: { email, password } },
    from(ip),
  );

/** The server as seen from one client address. */
const at = (server: TestServer, ip: string): TestServer => ({
  ...server,
  graphql: (query, variables, headers) =>
    server.graphql(query, variables, { ...headers, ...from(ip) }),
});

const registerWith = (server: TestServer, email: string, ip: string) =>
  server.graphql(
    REGISTER,
    {
      input: {
        name: 'Clara Schumann',
        email,
        password: 'a-long-enough-password',
        password_confirmation: 'a-long-enough-password',
        type: 'INDIVIDUAL',
      },
    },
    from(ip),
  );

function expectRateLimited(response: Awaited<ReturnType<TestServer['graphql']>>, minutes?: number) {
  expect(response.body.errors?.[0]?.message).toMatch(
    /^Too many attempts\. Please try again in \d+ min\.$/,
  );
  expect(response.body.errors?.[0]?.extensions).toMatchObject({
    code: 'RATE_LIMITED',
    category: 'bad-request',
  });
  if (minutes !== undefined) {
    expect(response.body.errors?.[0]?.message).toBe(
      `Too many attempts. Please try again in ${minutes} min.`,
    );
  }
}

function expectSignedIn(response: Awaited<ReturnType<typeof login>>) {
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data?.login.access_token).toBeTruthy();
}

describe('rate limits in memory (one server process)', () => {
  let server: TestServer;
  // The server's clock, which tests move forward to let a wait pass.
  let clockOffsetMs = 0;
  const letTimePass = (ms: number) => void (clockOffsetMs += ms);
  beforeAll(async () => {
    // Behind a trusted proxy, X-Forwarded-For gives each request its client address.
    server = await startTestServer(
      { rateLimits: { enabled: true }, redisPrefix: `test-${randomUUID()}`, trustProxy: true },
      { clock: () => new Date(Date.now() + clockOffsetMs) },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets a colleague sign in from an address where someone else failed 50 times', async () => {
    const clumsy = await registerAccount(at(server, '198.51.100.31'));
    const colleague = await registerAccount(at(server, '198.51.100.32'));
    const office = '203.0.113.7';
    const answers: string[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await login(server, clumsy.email, 'wrong-password', office);
      answers.push(response.body.errors?.[0]?.extensions?.code as string);
    }
    // Five wrong passwords, then that account waits at that address…
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('BAD_REQUEST'));
    expect(new Set(answers.slice(5))).toEqual(new Set(['RATE_LIMITED']));
    expectRateLimited(await login(server, clumsy.email, clumsy.password, office));
    // …but nobody else there does.
    expectSignedIn(await login(server, colleague.email, colleague.password, office));
  }, 60_000);

  it('makes one account at one address wait longer after each failure, until it signs in', async () => {
    const account = await registerAccount(at(server, '198.51.100.41'));
    const address = '203.0.113.41';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await login(server, account.email, 'wrong-password', address);
      expect(response.body.errors?.[0]?.message).toBe(INVALID_CREDENTIALS);
    }
    // The fifth failure waits a minute, the sixth two, the seventh four.
    for (const minutes of [1, 2, 4]) {
      expectRateLimited(await login(server, account.email, account.password, address), minutes);
      letTimePass(minutes * 60_000 - 1_000);
      expectRateLimited(await login(server, account.email, account.password, address), 1);
      letTimePass(1_000);
      if (minutes === 4) break;
      const again = await login(server, account.email, 'wrong-password', address);
      expect(again.body.errors?.[0]?.message).toBe(INVALID_CREDENTIALS);
    }
    // Meanwhile the same account from elsewhere was never held back.
    expectSignedIn(await login(server, account.email, account.password, '203.0.113.42'));
    // Once the wait is over the right password works, and the count starts again.
    expectSignedIn(await login(server, account.email, account.password, address));
    const fresh = await login(server, account.email, 'wrong-password', address);
    expect(fresh.body.errors?.[0]?.message).toBe(INVALID_CREDENTIALS);
    expectSignedIn(await login(server, account.email, account.password, address));
  }, 60_000);

  it('makes an address that failed on 50 accounts wait, except for accounts known there', async () => {
    const school = '203.0.113.60';
    const regular = await registerAccount(at(server, '198.51.100.61'));
    expectSignedIn(await login(server, regular.email, regular.password, school));
    const newcomer = await registerAccount(at(server, '198.51.100.62'));
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await login(server, uniqueEmail('stuffed'), 'leaked-password', school);
      expect(response.body.errors?.[0]?.message).toBe(INVALID_CREDENTIALS);
    }
    // A 51st account is not even tried, whether or not its password is right…
    expectRateLimited(await login(server, uniqueEmail('stuffed'), 'leaked-password', school), 1);
    expectRateLimited(await login(server, newcomer.email, newcomer.password, school), 1);
    // …but an account that signed in from this address before still can, and the newcomer can
    // from anywhere else.
    expectSignedIn(await login(server, regular.email, regular.password, school));
    expectSignedIn(await login(server, newcomer.email, newcomer.password, '198.51.100.62'));
  }, 60_000);

  it('stops an account after 100 failed logins in an hour, from any address', async () => {
    const target = await registerAccount(at(server, '198.51.100.71'));
    const bystander = await registerAccount(at(server, '198.51.100.72'));
    for (let attempt = 0; attempt < 100; attempt += 1) {
      // One guess per address, so neither an address nor the account at one address waits.
      const ip = `10.9.${Math.floor(attempt / 250)}.${(attempt % 250) + 1}`;
      const response = await login(server, target.email.toUpperCase(), 'guess-number-x', ip);
      expect(response.body.errors?.[0]?.message).toBe(INVALID_CREDENTIALS);
    }
    expectRateLimited(await login(server, target.email, target.password, '192.0.2.200'));
    expectRateLimited(await login(server, target.email, target.password, '198.51.100.71'));
    expectSignedIn(await login(server, bystander.email, bystander.password, '192.0.2.200'));
  }, 90_000);

  it('makes an address told "already taken" five times wait before registering again', async () => {
    const taken: TestAccount[] = [];
    for (let index = 0; index < 5; index += 1) {
      taken.push(await registerAccount(at(server, `198.51.100.${81 + index}`)));
    }
    const prober = '203.0.113.80';
    for (const account of taken) {
      const response = await registerWith(server, account.email, prober);
      const validation = response.body.errors?.[0]?.extensions?.validation as Record<
        string,
        string[]
      >;
      // Still the helpful answer (docs/decisions.md, "Telling that an email is taken").
      expect(validation['input.email']).toEqual(['The email has already been taken.']);
    }
    expectRateLimited(await registerWith(server, uniqueEmail('probe'), prober), 1);
    expectRateLimited(await registerWith(server, taken[0]!.email, prober), 1);
    // Others register as before.
    const elsewhere = await registerWith(server, uniqueEmail('fine'), '198.51.100.90');
    expect(elsewhere.body.errors).toBeUndefined();
  }, 60_000);

  it('stops an address after 20 registrations in an hour', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await registerAccount(at(server, '203.0.113.50'));
    }
    expectRateLimited(await registerWith(server, 'one.too.many@example.test', '203.0.113.50'));
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
