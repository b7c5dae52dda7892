import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';

const baseUrl = inject('baseUrl');
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

describe('the app shell', () => {
  it('renders the landing page with a search that leads to opportunities', async () => {
    await page.goto('/');
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    const search = page.getByRole('search');
    await search.getByRole('textbox').first().fill('jazz');
    await search.getByRole('button').first().click();
    await page.waitForURL(/\/(opportunities|login)/);
    const url = new URL(page.url());
    // Searching needs no account: the visitor lands on the results, not on the login form.
    expect(url.pathname + url.search).toMatch(/^\/opportunities\?.*q=jazz/);
  });

  it('sends a visitor on a protected route to /login with the way back', async () => {
    await page.goto('/organisations?tab=mine');
    await page.waitForURL(/\/login/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe('/organisations?tab=mine');
  });

  it('flips the layout to right to left in Arabic', async () => {
    await page.goto('/');
    expect(await page.getAttribute('html', 'dir')).not.toBe('rtl');
    await page.goto('/?lng=ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('ar');
    await page.goto('/about');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  });

  it('moves focus to the main content from the skip link', async () => {
    await page.goto('/about');
    await page.waitForSelector('main');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(focused).toBe('#main-content');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main-content');
  });

  it('shows a 404 page for an unknown address, answered with the status 404', async () => {
    const response = await page.goto('/this/page/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').first().textContent()).resolves.toMatch(/404|not found/i);
  });

  it('sends the analytics batch about three seconds after load', async () => {
    const batch = page.waitForRequest(
      (request) => request.url().endsWith('/api/analytics') && request.method() === 'POST',
      {
        timeout: 10_000,
      },
    );
    await page.goto('/');
    const request = await batch;
    const body = request.postDataJSON() as { batched: boolean; events: Array<{ type: string }> };
    expect(body.batched).toBe(true);
    expect(body.events.some((event) => event.type === 'page_view')).toBe(true);
    const response = await request.response();
    expect(response?.status()).toBe(202);
  });
});

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/register/complete',
  '/password/forgot',
  '/password/reset?token=example',
  '/about',
  '/terms-conditions',
  '/contact',
  '/help',
  '/privacy',
  '/error-pages/general',
  '/network-error',
];

describe('accessibility of public pages', () => {
  it.each(PUBLIC_PAGES)('axe finds no serious or critical violation on %s', async (path) => {
    await page.goto(path);
    await page.waitForSelector('main');
    await page.waitForLoadState('networkidle');
    const violations = await seriousAccessibilityViolations(page);
    expect(violations).toEqual([]);
  });
});
