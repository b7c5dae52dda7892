import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { graphql } from './graphql';

/** Every demo account's password (apps/server/src/db/demo/demo-data.ts). */
export const DEMO_PASSWORD = 'encore-demo';

/** The consent banner would otherwise cover buttons at the bottom of forms. */
export async function answerCookieConsent(context: BrowserContext, baseUrl: string) {
  await context.addCookies([{ name: 'accepted', value: 'true', url: baseUrl }]);
}

/** A fresh context (no session) on a desktop-sized window, with its first page. */
export async function openJourneyPage(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  await answerCookieConsent(context, baseUrl);
  return { context, page: await context.newPage() };
}

/** Logs in through the form, as a person would, and waits to leave /login. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel(/^Email address/).fill(email);
  await main.getByLabel(/^Password/).fill(password);
  await main.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

/** An access token for checking through the API what the browser did. */
export async function accessTokenOf(
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const login = await graphql<{ login: { access_token: string } }>(
    baseUrl,
    'mutation ($input: LoginInput!) { login(input: $input) { access_token } }',
    { input: { email, password } },
  );
  if (!login.data) throw new Error(`cannot log in as ${email}: ${JSON.stringify(login.errors)}`);
  return login.data.login.access_token;
}
