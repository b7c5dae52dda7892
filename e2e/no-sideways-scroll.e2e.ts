import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { matchWebRoute, WEB_ROUTE_PATTERNS } from '../packages/core/src/routes';
import { launchBrowser } from './browser';
import { answerCookieConsent, logIn } from './journey';
import {
  ACCOUNTS,
  allVisits,
  EXAMPLES,
  NOT_FOUND,
  readDemoIds,
  ROLES,
  visitsOf,
  wrongScreen,
  type DemoIds,
  type Role,
} from './route-examples';

/**
 * No page scrolls sideways: every route of the route table, as each demo person who may see it,
 * on a phone and a desktop, left to right and right to left (docs/decisions.md, "No page scrolls
 * sideways").
 */

const baseUrl = inject('baseUrl');
const WIDTHS = [390, 1280] as const;
const HEIGHT = 900;
const LOCALES = ['en', 'ar'] as const;
type Locale = (typeof LOCALES)[number];

/** Requests the page still waits for, so that nothing is measured half-loaded. */
function trackRequests(page: Page): () => number {
  const pending = new Set<unknown>();
  // The analytics batch leaves seconds after load, whatever the page shows.
  const counts = (request: { url(): string }) => !request.url().endsWith('/api/analytics');
  page.on('request', (request) => {
    if (counts(request)) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => pending.size;
}

/** The page shows its content: a heading, nothing loading, no answer outstanding. */
async function waitForContent(page: Page, pendingRequests: () => number) {
  const drawn = () =>
    page.evaluate(
      () =>
        document.querySelector('main h1') !== null &&
        document.querySelector('[role="progressbar"]') === null,
    );
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (pendingRequests() === 0 && (await drawn())) {
      // Two frames later, what the last answer changed is laid out, and whatever it asked for
      // in turn is counted.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          ),
      );
      if (pendingRequests() === 0 && (await drawn())) return;
    }
    if (Date.now() > deadline) {
      throw new Error(`${page.url()} did not finish loading (no heading, or still loading)`);
    }
    await page.waitForTimeout(50);
  }
}

interface Measure {
  scrollWidth: number;
  innerWidth: number;
  lang: string;
  heading: string;
  /** The element reaching furthest past the window's edges, outside any scrolling box. */
  widest: string | null;
}

function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    // Inside a box that clips or scrolls, an element widens that box's content, not the page.
    const free = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return false;
      }
      return true;
    };
    let widest: { element: Element; beyond: number } | null = null;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      const beyond = Math.max(box.right - viewport, -box.left);
      if (box.width === 0 || beyond < 1 || (widest && beyond <= widest.beyond)) continue;
      if (free(element)) widest = { element, beyond };
    }
    const describe = ({ element, beyond }: { element: Element; beyond: number }) => {
      const classes = Array.from(element.classList).filter(
        (name) => !/^(mui|muirtl|css)-/.test(name),
      );
      const text = (element.textContent ?? '').trim().slice(0, 60);
      const name = `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes
        .map((one) => `.${one}`)
        .join('')}>`;
      return `${name} ${Math.round(beyond)} px past the edge${text ? `: "${text}"` : ''}`;
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: viewport,
      lang: document.documentElement.lang,
      heading: document.querySelector('main h1')?.textContent ?? '',
      widest: widest ? describe(widest) : null,
    };
  });
}

let browser: Browser;
let ids: DemoIds;

beforeAll(async () => {
  browser = await launchBrowser();
  ids = await readDemoIds(baseUrl);
});
afterAll(async () => {
  await browser?.close();
});

/** One window for the person and language: each address loaded once, measured at each width. */
async function problemsSeenBy(role: Role, locale: Locale): Promise<string[]> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: WIDTHS[0], height: HEIGHT },
  });
  try {
    await answerCookieConsent(context, baseUrl);
    const page = await context.newPage();
    const pendingRequests = trackRequests(page);
    if (role !== 'visitor') await logIn(page, ACCOUNTS[role]);
    // Set after signing in, so the language is this one whatever the account prefers.
    await context.addCookies([{ name: 'locale', value: locale, url: baseUrl }]);

    const problems: string[] = [];
    for (const path of visitsOf(role, ids)) {
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      await page.goto(path);
      await waitForContent(page, pendingRequests);
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) {
          await page.setViewportSize({ width, height: HEIGHT });
          await waitForContent(page, pendingRequests);
        }
        const seen = await measure(page);
        const where = `${path} as ${role}, ${width} px, ${locale}`;
        if (seen.lang !== locale) problems.push(`${where}: the page is in "${seen.lang}"`);
        const wrong = wrongScreen(path, seen.heading, locale);
        if (wrong) problems.push(`${where}: ${wrong}`);
        if (seen.scrollWidth > seen.innerWidth) {
          problems.push(
            `${where}: ${seen.scrollWidth} px wide in a ${seen.innerWidth} px window; ${
              seen.widest ?? 'no single element sticks out'
            }`,
          );
        }
      }
    }
    return problems;
  } finally {
    await context.close();
  }
}

describe('no page scrolls sideways', () => {
  it('has a real address for every route of the route table', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
    for (const visit of allVisits(ids)) {
      expect(visit.roles.length, visit.path).toBeGreaterThan(0);
      const { pathname } = new URL(visit.path, baseUrl);
      expect(matchWebRoute(pathname)?.pattern ?? null, visit.path).toBe(visit.pattern);
    }
    expect(matchWebRoute(NOT_FOUND.path)).toBeNull();
  });

  it.each(ROLES)(
    'as %s, in English and Arabic, at 390 and 1280 px',
    async (role) => {
      // Both languages at once, in two windows: the pages wait on the server as much as on
      // the browser.
      const problems = await Promise.all(LOCALES.map((locale) => problemsSeenBy(role, locale)));
      expect(problems.flat()).toEqual([]);
    },
    240_000,
  );
});
