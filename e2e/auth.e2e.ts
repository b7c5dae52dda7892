import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Cookie, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { graphql as graphqlAt, type GraphQLResult } from './graphql';
import { linkTo, linksIn, waitForMail, type ReceivedMail } from './mail';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const DAY_SECONDS = 24 * 60 * 60;
/** Tolerance on cookie expiry times: the time between the browser setting them and us reading them. */
const LIFETIME_TOLERANCE_SECONDS = 10 * 60;
const DEMO_LOGIN = { email: 'maya@harbourlights.test', password: 'encore-demo' };

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

const uniqueEmail = () => `e2e-${randomBytes(6).toString('hex')}@example.test`;
const uniquePassword = () => `Encore-${randomBytes(6).toString('hex')}-pw`;

/** A GraphQL call to the e2e server. */
const graphql = <T>(query: string, variables: Record<string, unknown> = {}, accessToken?: string) =>
  graphqlAt<T>(baseUrl, query, variables, accessToken);

interface AuthPayload {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user: { id: string; email: string; role: { name: string } | null };
}

const AUTH_FIELDS = 'access_token refresh_token expires_in user { id email role { name } }';

async function registerThroughApi(email: string, password: string): Promise<AuthPayload> {
  const result = await graphql<{ register: AuthPayload }>(
    `mutation Register($input: RegisterInput!) { register(input: $input) { ${AUTH_FIELDS} } }`,
    {
      input: {
        name: 'E2E Journey',
        email,
        password,
        password_confirmation: password,
        type: 'INDIVIDUAL',
        locale: 'en',
      },
    },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.register;
}

async function loginThroughApi(
  email: string,
  password: string,
  rememberMe: boolean,
): Promise<GraphQLResult<{ login: AuthPayload }>> {
  return graphql<{ login: AuthPayload }>(
    `mutation Login($input: LoginInput!) { login(input: $input) { ${AUTH_FIELDS} } }`,
    { input: { email, password, remember_me: rememberMe } },
  );
}

async function me(accessToken: string) {
  return graphql<{ me: { email: string; is_verified: boolean } | null }>(
    'query Me { me { email is_verified } }',
    {},
    accessToken,
  );
}

async function cookiesByName(): Promise<Map<string, Cookie>> {
  return new Map((await context.cookies(baseUrl)).map((cookie) => [cookie.name, cookie]));
}

/** Asserts a persistent cookie that expires about `days` from now. */
function expectLifetimeDays(cookie: Cookie | undefined, days: number) {
  expect(cookie, 'cookie is set').toBeDefined();
  const expectedExpiry = Date.now() / 1000 + days * DAY_SECONDS;
  expect(cookie!.expires, `${cookie!.name} is a persistent cookie`).toBeGreaterThan(0);
  expect(
    Math.abs(cookie!.expires - expectedExpiry),
    `${cookie!.name} expires in ${((cookie!.expires - Date.now() / 1000) / DAY_SECONDS).toFixed(2)} days, expected ${days}`,
  ).toBeLessThan(LIFETIME_TOLERANCE_SECONDS);
}

function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A well-formed JWT whose `exp` lies an hour in the past; the signature is garbage. */
function expiredJwt(subject: string): string {
  const now = Math.floor(Date.now() / 1000);
  return [
    base64UrlJson({ alg: 'HS256', typ: 'JWT' }),
    base64UrlJson({ sub: subject, iat: now - 3 * 3600, exp: now - 3600 }),
    randomBytes(32).toString('base64url'),
  ].join('.');
}

function jwtExpiry(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

/** The GraphQL request's operation and document, whether sent as POST body or GET query. */
function graphqlOperation(request: Request): { operationName: string; query: string } | null {
  const url = new URL(request.url());
  if (url.pathname !== '/graphql') return null;
  if (request.method() === 'GET') {
    return {
      operationName: url.searchParams.get('operationName') ?? '',
      query: url.searchParams.get('query') ?? '',
    };
  }
  try {
    const body = request.postDataJSON() as { operationName?: string; query?: string } | null;
    return { operationName: body?.operationName ?? '', query: body?.query ?? '' };
  } catch {
    // multipart bodies are not JSON
    return { operationName: '', query: request.postData() ?? '' };
  }
}

function isOperation(request: Request, operationName: string, field: string): boolean {
  const operation = graphqlOperation(request);
  if (!operation) return false;
  return (
    operation.operationName === operationName ||
    new RegExp(`\\b${field}\\s*\\(`).test(operation.query)
  );
}

/** The form of the auth card (inside <main>), so header links and buttons never match. */
const main = () => page.getByRole('main');

async function fillLogin(email: string, password: string, { rememberMe = false } = {}) {
  await main()
    .getByLabel(/^Email address/)
    .fill(email);
  await main()
    .getByLabel(/^Password/)
    .fill(password);
  if (rememberMe) await main().getByRole('checkbox', { name: 'Keep me logged in' }).check();
  await main().getByRole('button', { name: 'Log in', exact: true }).click();
}

async function expectSignedInOn(pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Log out' }).waitFor({ timeout: 10_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 10_000 });
  expect(new URL(page.url()).pathname).toBe(pathname);
}

/** Logs out with the app bar's button; the app may land on / or on /login. */
async function logOutThroughAppBar() {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
  await page.getByRole('button', { name: 'Log out' }).waitFor({ state: 'detached' });
}

const isMailWithLinkTo = (pathname: string) => (mail: ReceivedMail) =>
  linksIn(mail).some((url) => url.pathname === pathname);

// ---------------------------------------------------------------------------------------------
// Journeys

describe('accounts', () => {
  it('registers, verifies the address from the emailed link, completes the profile, logs out and back in with remember-me', async () => {
    const email = uniqueEmail();
    const password = uniquePassword();

    // Register through the form.
    await page.goto('/register');
    await main()
      .getByRole('radio', { name: /An individual artist/ })
      .check();
    await main()
      .getByLabel(/^Full name/)
      .fill('E2E Registrant');
    await main()
      .getByLabel(/^Email address/)
      .fill(email);
    await main()
      .getByLabel(/^Password/)
      .fill(password);
    await main()
      .getByLabel(/^Confirm password/)
      .fill(password);
    await main()
      .getByRole('checkbox', { name: /terms and conditions/ })
      .check();
    await main().getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/register/complete', { timeout: 15_000 });

    // The verification email arrives over SMTP with a one-time link back to the app.
    const verification = await waitForMail(mailDir, email, isMailWithLinkTo('/register/complete'));
    expect(verification.subject).toBe('Confirm your email address');
    const link = linkTo(verification, '/register/complete');
    expect(link.origin).toBe(baseUrl);
    expect(link.searchParams.get('token')).toBeTruthy();

    const accessToken = (await cookiesByName()).get('access_token')?.value;
    expect(accessToken, 'registering signs the user in').toBeTruthy();
    expect((await me(accessToken!)).data?.me?.is_verified).toBe(false);

    // Following the link confirms the address.
    const verifyRequest = page.waitForRequest(
      (request) => isOperation(request, 'VerifyEmail', 'verifyEmail'),
      { timeout: 10_000 },
    );
    await page.goto(link.pathname + link.search);
    const sent = await verifyRequest;
    const verifyResult = (await (await sent.response())?.json()) as GraphQLResult<{
      verifyEmail: { email: string } | null;
    }>;
    expect(verifyResult.errors).toBeUndefined();
    expect(verifyResult.data?.verifyEmail?.email).toBe(email);
    await main()
      .getByText(/\bconfirmed\b/i)
      .first()
      .waitFor({ timeout: 10_000 });
    expect((await me(accessToken!)).data?.me?.is_verified, 'me.is_verified after the link').toBe(
      true,
    );

    // Complete the profile: the first step of the guided form, then the city step.
    await page.goto('/profile/update');
    await expectSignedInOn('/profile/update');
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toMatch(
      /profile/i,
    );
    const about = page.getByRole('textbox', { name: 'About you' });
    await about.waitFor();
    await about.fill('Jazz singer from Lisbon, looking for festival slots.');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') &&
        (response.request().postData() ?? '').includes('updateProfile'),
    );
    await page.getByRole('button', { name: 'Save and continue' }).click();
    expect((await (await saved).json()).errors).toBeUndefined();
    const city = page.getByRole('combobox', { name: 'City' });
    await city.waitFor();
    await city.fill('Lisbo');
    await page
      .getByRole('option', { name: /Lisbon/ })
      .first()
      .click();
    const savedCity = page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') &&
        (response.request().postData() ?? '').includes('updateProfile'),
    );
    await page.getByRole('button', { name: 'Save and continue' }).click();
    expect((await (await savedCity).json()).errors).toBeUndefined();
    const profile = await graphql<{ me: { about: string | null; city: { name: string } | null } }>(
      'query { me { about city { name } } }',
      {},
      accessToken,
    );
    expect(profile.data?.me).toEqual({
      about: 'Jazz singer from Lisbon, looking for festival slots.',
      city: { name: 'Lisbon' },
    });

    // Log out through the app bar: the visitor leaves the protected area.
    await logOutThroughAppBar();
    const afterLogout = await cookiesByName();
    for (const name of ['access_token', 'refresh_token', 'user_role', 'rememberMe']) {
      expect(afterLogout.has(name), `${name} is cleared on logout`).toBe(false);
    }

    // Log in again, asking to be remembered.
    await page.goto('/login');
    await fillLogin(email, password, { rememberMe: true });
    await expectSignedInOn('/opportunities');

    // SEED-SPEC point 9: access 7 days and refresh 30 days with remember-me.
    const cookies = await cookiesByName();
    expect(cookies.get('rememberMe')?.value).toBe('true');
    expectLifetimeDays(cookies.get('access_token'), 7);
    expectLifetimeDays(cookies.get('refresh_token'), 30);
    expect(cookies.get('user_role')?.value).toBe('performer');
    // The role and the remember-me flag live as long as the session they describe.
    expectLifetimeDays(cookies.get('user_role'), 30);
    expectLifetimeDays(cookies.get('rememberMe'), 30);
    for (const name of ['access_token', 'refresh_token', 'user_role', 'rememberMe']) {
      expect(cookies.get(name)?.path, `${name} path`).toBe('/');
      expect(cookies.get(name)?.sameSite, `${name} SameSite`).toBe('Lax');
    }

    // A reload keeps the session: still on the protected page, not sent to /login.
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expectSignedInOn('/opportunities');
  });

  it('resets a forgotten password from the emailed link', async () => {
    const email = uniqueEmail();
    const oldPassword = uniquePassword();
    const newPassword = uniquePassword();
    await registerThroughApi(email, oldPassword);

    await page.goto('/password/forgot');
    await main()
      .getByLabel(/^Email address/)
      .fill(email);
    await main().getByRole('button', { name: 'Send reset link' }).click();
    await main().getByRole('status').waitFor({ timeout: 10_000 });

    const resetMail = await waitForMail(mailDir, email, isMailWithLinkTo('/password/reset'));
    expect(resetMail.subject).toBe('Reset your Encore password');
    const link = linkTo(resetMail, '/password/reset');
    expect(link.origin).toBe(baseUrl);
    expect(link.searchParams.get('token')).toBeTruthy();

    await page.goto(link.pathname + link.search);
    await main()
      .getByLabel(/^New password/)
      .fill(newPassword);
    await main()
      .getByLabel(/^Confirm password/)
      .fill(newPassword);
    await main().getByRole('button', { name: 'Save new password' }).click();
    const done = main().getByRole('status');
    await done.waitFor({ timeout: 10_000 });
    await expect(done.textContent()).resolves.toMatch(/password/i);

    // The account holder is told that the password changed.
    await waitForMail(
      mailDir,
      email,
      (mail) => mail.subject === 'Your Encore password was changed',
    );

    // The old password is refused, with the server's own message on the form.
    const refusal = await loginThroughApi(email, oldPassword, false);
    const serverMessage = refusal.errors?.[0]?.message;
    expect(serverMessage, 'the server refuses the old password').toBeTruthy();
    await page.goto('/login');
    await fillLogin(email, oldPassword);
    const error = main().getByRole('alert').filter({ hasText: serverMessage! });
    await error.waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await cookiesByName()).has('access_token')).toBe(false);

    // The new one works.
    await main()
      .getByLabel(/^Password/)
      .fill(newPassword);
    await main().getByRole('button', { name: 'Log in', exact: true }).click();
    await expectSignedInOn('/opportunities');

    // The link worked once: a second use is refused.
    const reuse = await graphql<unknown>(
      'mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { success } }',
      {
        input: {
          token: link.searchParams.get('token'),
          password: oldPassword,
          password_confirmation: oldPassword,
        },
      },
    );
    expect(reuse.errors?.[0]?.message).toBeTruthy();
  });

  it('renews an expired access token silently with one refresh', async () => {
    const email = uniqueEmail();
    const password = uniquePassword();
    await registerThroughApi(email, password);
    const login = await loginThroughApi(email, password, true);
    expect(login.errors).toBeUndefined();
    const session = login.data!.login;

    // Cookies exactly as the client stores them after a remember-me login (lib/cookies.ts).
    const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * DAY_SECONDS;
    const cookie = (name: string, value: string, days: number) => ({
      name,
      value,
      domain: new URL(baseUrl).hostname,
      path: '/',
      expires: inDays(days),
      sameSite: 'Lax' as const,
    });
    await context.addCookies([
      cookie('access_token', session.access_token, 7),
      cookie('refresh_token', session.refresh_token, 30),
      cookie('user_role', session.user.role?.name ?? 'performer', 30),
      cookie('rememberMe', 'true', 30),
      cookie('lastActivity', String(Date.now()), 30),
    ]);
    await page.goto('/profile/update');
    await expectSignedInOn('/profile/update');

    // The access token lapses; the refresh token stays valid.
    const expired = expiredJwt(session.user.id);
    await context.addCookies([cookie('access_token', expired, 7)]);

    const refreshes: Request[] = [];
    const graphqlRequests: Request[] = [];
    page.on('request', (request) => {
      if (!graphqlOperation(request)) return;
      graphqlRequests.push(request);
      if (isOperation(request, 'RefreshToken', 'refreshToken')) refreshes.push(request);
    });
    const refreshed = page.waitForResponse(
      (response) => isOperation(response.request(), 'RefreshToken', 'refreshToken'),
      { timeout: 15_000 },
    );
    await page.goto('/opportunities');
    const refreshResponse = await refreshed;
    expect(refreshResponse.status()).toBe(200);
    await expectSignedInOn('/opportunities');
    // Let any queries of the page run, then count.
    await page.waitForLoadState('networkidle');

    expect(refreshes).toHaveLength(1);
    const refreshBody = refreshes[0]!.postDataJSON() as {
      variables?: { input?: { refresh_token?: string } };
    };
    expect(refreshBody.variables?.input?.refresh_token).toBe(session.refresh_token);
    // No other request went out with the expired token.
    for (const request of graphqlRequests) {
      expect(await request.headerValue('authorization')).not.toBe(`Bearer ${expired}`);
    }

    const renewed = await cookiesByName();
    const newAccess = renewed.get('access_token')?.value;
    expect(newAccess).toBeTruthy();
    expect(newAccess).not.toBe(expired);
    expect(newAccess).not.toBe(session.access_token);
    expect(jwtExpiry(newAccess!)! * 1000).toBeGreaterThan(Date.now() + 60_000);
    expect(renewed.get('refresh_token')?.value).not.toBe(session.refresh_token);
    // Renewed under the session's remember-me lifetimes.
    expectLifetimeDays(renewed.get('access_token'), 7);
    expectLifetimeDays(renewed.get('refresh_token'), 30);
    // The server accepts the renewed token.
    expect((await me(newAccess!)).data?.me?.email).toBe(email);
  });

  it('returns to the page given in ?next= after logging in', async () => {
    await page.goto('/login?next=%2Fprofile%2Fupdate');
    await fillLogin(DEMO_LOGIN.email, DEMO_LOGIN.password);
    await expectSignedInOn('/profile/update');
  });

  it('revokes the refresh token on the server when logging out from the app bar', async () => {
    await page.goto('/login');
    await fillLogin(DEMO_LOGIN.email, DEMO_LOGIN.password);
    await expectSignedInOn('/opportunities');
    const refreshToken = (await cookiesByName()).get('refresh_token')?.value;
    expect(refreshToken).toBeTruthy();

    await logOutThroughAppBar();
    // Give a logout request, if any, time to reach the server.
    await page.waitForLoadState('networkidle');

    const reuse = await graphql<{ refreshToken: AuthPayload | null }>(
      'mutation RefreshToken($input: RefreshTokenInput!) { refreshToken(input: $input) { access_token } }',
      { input: { refresh_token: refreshToken } },
    );
    expect(
      reuse.data?.refreshToken?.access_token,
      'after logging out, the old refresh token must no longer mint access tokens ' +
        '(AppLayout logout only clears cookies and never calls the logout mutation)',
    ).toBeUndefined();
    expect(reuse.errors?.[0]?.message).toBeTruthy();
  });
});

describe('accessibility of the account pages', () => {
  it.each(['/login', '/register', '/password/forgot'])(
    'axe finds no serious or critical violation on %s',
    async (path) => {
      await page.goto(path);
      await main().getByRole('button').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    },
  );
});

describe('accessibility of the signed-in account pages', () => {
  it.each(['/profile/update', '/account/upgrade', '/:id/profile'])(
    'axe finds no serious or critical violation on %s',
    async (path) => {
      await page.goto('/login');
      await fillLogin(DEMO_LOGIN.email, DEMO_LOGIN.password);
      await page.waitForURL((url) => url.pathname !== '/login');
      const login = await loginThroughApi(DEMO_LOGIN.email, DEMO_LOGIN.password, false);
      const target = path.replace(':id', login.data!.login.user.id);
      await page.goto(target);
      await expectSignedInOn(target);
      await main().getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    },
  );
});
