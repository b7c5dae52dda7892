import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { accessTokenOf } from './journey';

const baseUrl = inject('baseUrl');

/** Each public page a visitor may land on, and a heading its server-rendered HTML must hold. */
const PUBLIC_PAGES = [
  { path: '/', heading: 'Find music opportunities near you' },
  {
    path: '/opportunity/riverside-stage-open-call',
    heading: 'Riverside Stage: open call for songwriters',
  },
  { path: '/organisation/harbour-lights-festival', heading: 'Harbour Lights Festival' },
  // A shared search: its first results are in the HTML.
  { path: '/opportunities?q=fado&city=Lisboa', heading: 'Concurso de Fado de Cascais' },
  { path: '/about', heading: 'About Encore' },
  { path: '/help', heading: 'Help centre' },
  { path: '/terms-conditions', heading: 'Terms and conditions' },
  { path: '/privacy', heading: 'Privacy policy' },
  { path: '/contact', heading: 'Contact us' },
  { path: '/login', heading: 'Log in' },
];

async function html(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, baseUrl), { headers });
  return {
    status: response.status,
    vary: response.headers.get('vary'),
    body: await response.text(),
  };
}

/** The markup inside `<div id="root">`, up to the state script. */
const rootOf = (body: string) =>
  body.slice(body.indexOf('<div id="root">'), body.indexOf('id="server-render-state"'));

describe('public pages rendered on the server', () => {
  it.each(PUBLIC_PAGES)('$path arrives as a page, with its styles and state', async (page) => {
    const { status, vary, body } = await html(page.path, { 'accept-language': 'en' });
    expect(status).toBe(200);
    expect(vary).toMatch(/Accept-Language/i);
    expect(rootOf(body)).toContain(page.heading);
    // The CSS the page uses is in the head; nothing waits for a stylesheet or a script to paint.
    expect(body).toMatch(/<style data-emotion="mui[^"]*">[^<]+<\/style>[\s\S]*<\/head>/);
    const state = /<script type="application\/json" id="server-render-state">(.*?)<\/script>/s.exec(
      body,
    );
    expect(JSON.parse(state?.[1] ?? 'null')).toMatchObject({ locale: 'en' });
    // No inline script: the Content-Security-Policy would block it.
    expect(body).not.toMatch(/<script(?![^>]*(type="module"|type="application\/(ld\+)?json"))/);
  });

  it('renders in the visitor language, right to left for Arabic', async () => {
    const { body } = await html('/about', { 'accept-language': 'ar,en;q=0.5' });
    expect(body).toContain('<html lang="ar" dir="rtl">');
    expect(rootOf(body)).toContain('عن Encore');
    expect(body).toContain('<style data-emotion="muirtl');
  });

  it('keeps the real status of a missing page, with the not-found page in it', async () => {
    const { status, body } = await html('/opportunity/no-such-opportunity-here');
    expect(status).toBe(404);
    expect(rootOf(body)).toMatch(/not found/i);
  });

  it('leaves pages for someone with a session to the browser', async () => {
    const token = await accessTokenOf(baseUrl, 'amira@performer.test');
    for (const path of ['/', '/opportunities']) {
      const { body } = await html(path, { cookie: `access_token=${token}` });
      expect(body).toContain('<div id="root"></div>');
      expect(body).not.toContain('server-render-state');
    }
  });
});

describe('forms sent before the app has taken the page over', () => {
  it('sends the sign-in forms as POST, which the server answers with the page again', async () => {
    const form = new URLSearchParams({ email: 'amira@performer.test', password: 'encore-demo' });
    const response = await fetch(new URL('/login', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login');
    // The API still refuses what a cross-site form can send.
    const api = await fetch(new URL('/graphql', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query={me{id}}',
    });
    expect(api.status).toBe(415);
  });
});

describe('a visitor browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows each public page without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await page.getByText(heading, { exact: true }).first().waitFor();
    }
    await context.close();
  });

  it('without JavaScript, keeps a password out of the address and still searches', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('#login-email').fill('amira@performer.test');
    await page.locator('input[type="password"]').fill('encore-demo');
    await page.locator('#login-email').press('Enter');
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(page.url()).not.toContain('encore-demo');

    await page.goto('/');
    await page.getByRole('search').getByRole('textbox').first().fill('fado');
    await page.getByRole('search').getByRole('textbox').first().press('Enter');
    await page.waitForURL((url) => url.pathname === '/opportunities');
    expect(new URL(page.url()).searchParams.get('q')).toBe('fado');
    await page.getByText('Concurso de Fado de Cascais').first().waitFor();
    await context.close();
  });

  async function hydrationProblems(page: Page, path: string): Promise<string[]> {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${path}: ${error.message}`));
    page.on('console', (message) => {
      // The not-found page's own 404 is reported by the browser as a failed resource.
      if (message.type() === 'error' && !/status of 404/.test(message.text())) {
        problems.push(`${path}: ${message.text()}`);
      }
    });
    await page.goto(path);
    return problems;
  }

  it.each(['en', 'ar'])(
    'takes over every public page in %s without a hydration error, and it then answers',
    async (locale) => {
      const context = await browser.newContext({ baseURL: baseUrl, locale });
      const problems: string[] = [];
      for (const { path } of PUBLIC_PAGES) {
        const page = await context.newPage();
        problems.push(...(await hydrationProblems(page, path)));
        await page.close();
      }
      expect(problems).toEqual([]);

      // Interactive: the home page's search goes to the results without loading a new document.
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(
        () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
      );
      await page.getByRole('search').getByRole('textbox').first().press('Enter');
      await page.waitForURL((url) => url.pathname === '/opportunities');
      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
      await context.close();
    },
  );
});
