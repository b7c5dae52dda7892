import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { logIn, openJourneyPage } from './journey';

const baseUrl = inject('baseUrl');
const PERFORMER = 'amira@performer.test';
/** In Cascais, 25 km from Lisbon: inside the search's default 50 km. */
const FADO = 'Concurso de Fado de Cascais';

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(width = 1280, height = 900): Promise<Page> {
  const opened = await openJourneyPage(browser, baseUrl, { viewport: { width, height } });
  context = opened.context;
  return opened.page;
}

const main = (page: Page) => page.getByRole('main');

describe('a visitor without an account', () => {
  it('searches from the home page, opens an opportunity, and is asked to sign in only to apply', async () => {
    const page = await open();
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search opportunities' });
    await search.getByLabel('What are you looking for?').fill('fado');
    await search.getByLabel('Where?').fill('Lisboa');
    await search.getByRole('button', { name: 'Search' }).click();

    // The search itself, not the login form; the address holds it (the typed city is matched).
    await page.waitForURL(
      (url) => url.pathname === '/opportunities' && url.search.includes('q=fado'),
    );
    const results = main(page).getByRole('list', { name: /opportunit/ });
    await results.getByRole('link', { name: FADO }).waitFor({ timeout: 15_000 });
    await page.waitForURL((url) => url.searchParams.has('city_id'));
    const shared = new URL(page.url());
    expect(shared.searchParams.get('q')).toBe('fado');
    // The public header: sign in and register, no organiser's shortcuts.
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Sign up' }).waitFor();
    expect(await header.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
    expect(
      await main(page)
        .getByRole('link', { name: /manage or review/ })
        .count(),
    ).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The same address in another visitor's browser shows the same search.
    const friend = await context!.newPage();
    await friend.goto(shared.pathname + shared.search);
    await main(friend).getByRole('link', { name: FADO }).waitFor({ timeout: 15_000 });
    expect(new URL(friend.url()).pathname).toBe('/opportunities');
    await friend.close();

    await results.getByRole('link', { name: FADO }).click();
    await main(page).getByRole('heading', { level: 1, name: FADO }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/opportunity\/[^/]+$/);
    const opportunityPath = new URL(page.url()).pathname;

    // Its organisation's page is open too.
    const organisationLink = main(page).locator('header a[href^="/organisation/"]').first();
    const organisationName = (await organisationLink.textContent()) ?? '';
    await organisationLink.click();
    await main(page)
      .getByRole('heading', { level: 1, name: organisationName })
      .waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/organisation\/[^/]+$/);
    await page.goBack();
    await main(page).getByRole('heading', { level: 1, name: FADO }).waitFor({ timeout: 15_000 });

    // Applying needs an account: the login form, with the way back to the opportunity.
    await main(page).getByRole('link', { name: 'Apply', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(opportunityPath);
  });

  it("sees an organisation's open opportunities as cards on a phone, and opens one", async () => {
    const page = await open(390, 844);
    await page.goto('/organisation/sons-do-atlantico');
    const cards = main(page).getByRole('list', { name: 'Current opportunities' });
    await cards.getByRole('link', { name: FADO }).waitFor({ timeout: 15_000 });
    // The six published opportunities of the demo organisation, each as a card.
    expect(await cards.getByRole('article').count()).toBe(6);
    const noSidewaysScroll = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      );
    expect(await noSidewaysScroll()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await cards.getByRole('link', { name: FADO }).click();
    await main(page).getByRole('heading', { level: 1, name: FADO }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/opportunity/concurso-fado-cascais');
    // Its cover, the largest thing on the phone's first screen, comes first and no wider than
    // the phone needs: 390 px of screen take the 480 px WebP of the 960 px picture.
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('main img[fetchpriority="high"]')?.complete,
    );
    const cover = await main(page)
      .locator('img[fetchpriority="high"]')
      .evaluate((image: HTMLImageElement) => ({
        chosen: image.currentSrc,
        loading: image.loading,
      }));
    expect(new URL(cover.chosen).searchParams.get('w')).toBe('480');
    expect(cover.loading).toBe('eager');
    const served = await fetch(cover.chosen);
    expect(served.headers.get('content-type')).toBe('image/webp');
    await served.arrayBuffer();

    // Right to left, the cards still fit the phone.
    await page.goto('/organisation/sons-do-atlantico?lng=ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await main(page)
      .getByRole('list', { name: 'الفرص الحالية' })
      .getByRole('link', { name: FADO })
      .waitFor({ timeout: 15_000 });
    expect(await noSidewaysScroll()).toBe(true);
  });

  it('is still sent to log in for the review queue', async () => {
    const page = await open();
    await page.goto('/opportunities/review');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/opportunities/review');
  });
});

describe('the signed-in navigation', () => {
  const sidebar = (page: Page) => page.locator('#app-sidebar').getByRole('navigation');

  it('is always on screen on a desktop', async () => {
    const page = await open(1280);
    await logIn(page, PERFORMER);
    await page.goto('/applications');
    const nav = sidebar(page);
    await nav.waitFor({ timeout: 15_000 });
    for (const name of ['Opportunities', 'Opportunities I manage or review', 'Applications']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await nav.getByRole('link', { name: 'Organisations' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Spaces' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Open sidebar' }).count()).toBe(0);
    // Beside the content, not over it.
    const navBox = (await nav.boundingBox())!;
    const mainBox = (await page.getByRole('main').boundingBox())!;
    expect(mainBox.x).toBeGreaterThanOrEqual(navBox.x + navBox.width - 1);
  });

  it('hides behind the menu button on a phone and is remembered open', async () => {
    const page = await open(390, 844);
    await logIn(page, PERFORMER);
    await page.goto('/applications');
    const button = page.getByRole('button', { name: 'Open sidebar' });
    await button.waitFor({ timeout: 15_000 });
    expect(await sidebar(page).isVisible()).toBe(false);
    await button.click();
    await sidebar(page).getByRole('link', { name: 'Spaces' }).waitFor();
    await page.reload();
    await sidebar(page).getByRole('link', { name: 'Spaces' }).waitFor({ timeout: 15_000 });
    // Choosing a destination closes it again.
    await sidebar(page).getByRole('link', { name: 'Organisations' }).click();
    await page.waitForURL((url) => url.pathname === '/organisations');
    await sidebar(page).waitFor({ state: 'hidden' });
  });

  it('sits on the right in Arabic', async () => {
    const page = await open(1280);
    await logIn(page, PERFORMER);
    await page.goto('/applications?lng=ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const nav = sidebar(page);
    await nav.waitFor({ timeout: 15_000 });
    const box = (await nav.boundingBox())!;
    expect(box.x).toBeGreaterThan(1280 / 2);
    expect(Math.round(box.x + box.width)).toBe(1280);
  });
});
