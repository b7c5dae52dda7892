import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
// No `accepted` cookie: every page opens with the notice, as on a first visit.
beforeEach(async () => {
  context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

/** Whether a click at the centre of `target` would reach it, rather than something lying over it. */
async function reachableAtCentre(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

describe('the cookie notice on a phone', () => {
  for (const { language, query, label } of [
    { language: 'left to right', query: '', label: 'Cookie consent' },
    { language: 'right to left', query: '?lng=ar', label: 'الموافقة على ملفات تعريف الارتباط' },
  ]) {
    it(`leaves the home page's search and the end of the page within reach (${language})`, async () => {
      await page.goto(`/${query}`);
      const banner = page.getByRole('region', { name: label });
      await banner.waitFor();
      if (query) await page.waitForFunction(() => document.documentElement.dir === 'rtl');

      const search = page.getByRole('search').getByRole('button').first();
      await search.waitFor();
      expect(await reachableAtCentre(search)).toBe(true);

      // The bar takes its own room: scrolled to the end, the last footer link is not under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastFooterLink = page.locator('footer a').last();
      expect(await reachableAtCentre(lastFooterLink)).toBe(true);
      expect(await reachableAtCentre(banner.getByRole('button').last())).toBe(true);

      // A compact bar that fits the phone's width, never widening the page.
      const bannerHeight = (await banner.boundingBox())?.height ?? Infinity;
      expect(bannerHeight).toBeLessThan(PHONE.height / 4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    });
  }
});
