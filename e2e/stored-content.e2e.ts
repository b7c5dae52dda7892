import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { logIn, openJourneyPage } from './journey';
import {
  ADMIN,
  EVERY_PAYLOAD,
  ORGANISER,
  STRANGER,
  type Field,
  type Stored,
} from './stored-content-payloads';
import { storePayloads } from './stored-content-seed';

/**
 * Stored content is inert: what people write (names, descriptions, links, form labels, answers,
 * comments, messages, file names) holding markup, event handlers, template expressions and
 * `javascript:` URLs is shown on every page as the text it is. No script runs (`window.__pwned`
 * stays unset), the Content-Security-Policy never has to step in (no violation is reported), and
 * each page really shows the text, so the payload was rendered inert rather than left out.
 */

const baseUrl = inject('baseUrl');

declare global {
  interface Window {
    __pwned?: unknown;
    __cspViolations?: Array<{ directive: string; blocked: string; sample: string }>;
  }
}

interface Visit {
  /** What the page is, for the messages. */
  name: string;
  path: string;
  shows: Field[];
  /** The page's document title holds this field's text. */
  titled?: Field;
  /** A step after loading: a tab to open, a link to click. */
  then?: (page: Page) => Promise<void>;
}

interface Viewer {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy complaints on the console since the last visit. */
  consoleCsp: string[];
}

let browser: Browser;
let stored: Stored;
const checked: Array<{ page: string; fields: number }> = [];

beforeAll(async () => {
  browser = await launchBrowser();
  stored = await storePayloads(baseUrl);
}, 120_000);
afterAll(async () => {
  const cells = checked.reduce((sum, visit) => sum + visit.fields, 0);
  console.log(
    `stored content: ${cells} field × page checks on ${checked.length} pages, ` +
      `${stored?.refusals.length ?? 0} refusals of script payloads`,
  );
  await browser?.close();
});

/** A browser of its own for one person (or a visitor), recording CSP violations from the start. */
async function openAs(email?: string, password?: string): Promise<Viewer> {
  const { context, page } = await openJourneyPage(browser, baseUrl);
  // Evaluated through the DevTools protocol, before the page's own scripts and outside its CSP.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  const viewer: Viewer = { context, page, consoleCsp: [] };
  page.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) viewer.consoleCsp.push(message.text());
  });
  if (email) await logIn(page, email, password);
  return viewer;
}

/** The text a field is shown as: links lose their scheme where the page says so. */
function shownAs(field: Field): string {
  const text = stored.texts[field];
  if (field === 'organisation website') return text.replace(/^https?:\/\//, '');
  if (field === 'organisation social link') return text.replace(/^https?:\/\/(www\.)?/, '');
  return text;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The fields whose text the page does not show (yet). */
async function missingOn(page: Page, fields: Field[]): Promise<Field[]> {
  const shown = squeeze(await page.evaluate(() => document.body.innerText));
  return fields.filter((field) => !shown.includes(squeeze(shownAs(field))));
}

/** Whether anything ran or tried to: the flag, the CSP's reports, markup that can run. */
async function stateOf(viewer: Viewer) {
  const { page } = viewer;
  // A rendered <img src=x> has failed to load and an <svg onload> has loaded by now.
  await page.waitForLoadState('networkidle');
  // A script URL that made it into a link is followed, as a person would, to see what it does.
  for (const link of await page.locator('a[href^="javascript:" i]').all()) {
    await link.click({ noWaitAfter: true, timeout: 5_000 }).catch(() => undefined);
  }
  const state = await page.evaluate(() => ({
    url: location.pathname,
    title: document.title,
    pwned: window.__pwned,
    violations: window.__cspViolations ?? null,
    // Markup that can run: handlers, inline scripts, script URLs (React's blocked ones too).
    live: Array.from(
      document.querySelectorAll(
        '[onerror], [onload], [onclick], [onmouseover], iframe[srcdoc], ' +
          'script:not([src]):not([type="application/ld+json"]):not([type="application/json"]), ' +
          'a[href^="javascript:" i], ' +
          '[src^="javascript:" i], [action^="javascript:" i], [formaction^="javascript:" i]',
      ),
    ).map((element) => element.outerHTML.slice(0, 160)),
  }));
  expect(state.violations, 'the CSP listener is installed').not.toBeNull();
  return { ...state, consoleCsp: [...viewer.consoleCsp] };
}

/** Loads the page, waits until it shows every field, then checks that nothing ran. */
async function expectInert(viewer: Viewer, visit: Visit) {
  const { page } = viewer;
  viewer.consoleCsp.length = 0;
  await page.goto(visit.path);
  await visit.then?.(page);
  await expect
    .poll(async () => ({ page: visit.name, missing: await missingOn(page, visit.shows) }), {
      timeout: 20_000,
      interval: 250,
    })
    .toEqual({ page: visit.name, missing: [] });
  const state = await stateOf(viewer);
  expect({ page: visit.name, ...state }).toMatchObject({
    page: visit.name,
    pwned: undefined,
    violations: [],
    live: [],
    consoleCsp: [],
  });
  if (visit.titled) expect(state.title).toContain(stored.texts[visit.titled]);
  checked.push({ page: visit.name, fields: visit.shows.length + (visit.titled ? 1 : 0) });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('stored content is shown as inert text', () => {
  it('refuses script URLs where a link is asked for, and markup for a phone number, naming the field', () => {
    const refused = (field: string, named: string) => ({
      field,
      stored: false,
      category: 'validation',
      named: [named],
    });
    expect(stored.refusals).toEqual([
      refused('organisation website', 'input.website'),
      refused('organisation social link', 'input.social_links.0.url'),
      refused('opportunity external payment link', 'input.external_payment_url'),
      refused('opportunity video link', 'input.video_links.0'),
      refused('profile phone', 'input.phone'),
      refused('answer link', 'input.answers.site'),
      refused('upgrade website', 'input.website'),
    ]);
  });

  it('describes the opportunity in the served HTML with its text escaped and the page intact', async () => {
    const response = await fetch(`${baseUrl}/opportunity/${stored.opportunitySlug}`);
    const html = await response.text();
    const title = `${stored.texts['opportunity title']} · ${stored.texts['organisation name']} · Encore`;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapeHtml(title)}</title>`);
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    // The page is rendered in the document now; no stored payload became markup in it.
    for (const markup of [
      /<img\b[^>]*onerror/i,
      /<svg\b[^>]*onload/i,
      /<script>window/i,
      /<a\b[^>]*href="javascript:/i,
    ]) {
      expect(html).not.toMatch(markup);
    }
  });

  it('is inert for a visitor on the public opportunity pages', async () => {
    const visitor = await openAs();
    try {
      await expectInert(visitor, {
        name: 'public opportunity page',
        path: `/opportunity/${stored.opportunitySlug}`,
        titled: 'opportunity title',
        shows: [
          'opportunity title',
          'opportunity description',
          'opportunity venue',
          'opportunity street',
          'organisation name',
        ],
        then: async (page) => {
          // The description's <a href="javascript:…"> kept its text and lost its address:
          // clicking it goes nowhere.
          const about = page
            .getByRole('main')
            .getByRole('region', { name: 'About this opportunity' });
          const link = about.locator('a', { hasText: /^x$/ });
          await link.waitFor({ timeout: 15_000 });
          expect(await link.getAttribute('href')).toBeNull();
          await link.click();
          expect(new URL(page.url()).pathname).toBe(`/opportunity/${stored.opportunitySlug}`);
        },
      });
      await expectInert(visitor, {
        name: 'public page of a priced opportunity',
        path: `/opportunity/${stored.pricedSlug}`,
        titled: 'priced opportunity title',
        shows: ['priced opportunity title', 'price title', 'price description'],
      });

      // The checks themselves: the same payloads put into the page as markup are noticed, and
      // the Content-Security-Policy still stops them.
      await visitor.page.evaluate((html) => {
        document.body.insertAdjacentHTML('beforeend', html);
      }, EVERY_PAYLOAD);
      const injected = await stateOf(visitor);
      expect(injected.pwned).toBeUndefined();
      expect(injected.live.length).toBeGreaterThan(0);
      expect(injected.violations!.length).toBeGreaterThan(0);
      expect(injected.consoleCsp.length).toBeGreaterThan(0);
    } finally {
      await visitor.context.close();
    }
  });

  it('is inert for the organiser on the organisation, search, dashboard, form and review pages', async () => {
    const organiser = await openAs(ORGANISER);
    const opportunity = `/opportunity/${stored.opportunitySlug}`;
    try {
      const visits: Visit[] = [
        {
          name: 'organisation page',
          path: `/organisation/${stored.organisationSlug}`,
          shows: [
            'organisation name',
            'organisation description',
            'organisation website',
            'organisation social link',
          ],
        },
        { name: 'organisation list', path: '/organisations', shows: ['organisation name'] },
        {
          name: 'organisation dashboard (team)',
          path: `/organisation/${stored.organisationSlug}/dashboard`,
          shows: ['organisation name', 'teammate name'],
        },
        {
          name: "organisation's opportunities",
          path: `/organisation/${stored.organisationSlug}/opportunities`,
          shows: ['opportunity title', 'priced opportunity title'],
        },
        {
          name: 'search results',
          path: `/opportunities?q=${stored.run}`,
          shows: ['opportunity title', 'priced opportunity title', 'organisation name'],
        },
        {
          name: 'opportunity page for its team',
          path: opportunity,
          titled: 'opportunity title',
          shows: ['opportunity title', 'opportunity summary', 'opportunity description'],
        },
        {
          // The rich-text editor parses the saved HTML in the browser.
          name: 'opportunity editor',
          path: `${opportunity}/edit?step=basics`,
          shows: ['opportunity description'],
        },
        {
          name: 'opportunity dashboard',
          path: `${opportunity}/dashboard`,
          // The list names applicants as they answered the form.
          shows: ['opportunity title', 'answer full name', 'teammate name'],
        },
        {
          name: 'form builder',
          path: `${opportunity}/form`,
          shows: ['form help text', 'form heading', 'form question label', 'form choice label'],
        },
        {
          name: 'form preview',
          path: `${opportunity}/form`,
          then: async (page) => {
            const preview = page.getByRole('main').getByRole('button', { name: 'Preview' });
            await preview.click();
            await page
              .getByRole('main')
              .getByRole('button', { name: 'Preview', pressed: true })
              .waitFor();
          },
          // The preview lists the questions; their choices show on the form itself.
          shows: ['form help text', 'form heading', 'form question label', 'form choice label'],
        },
        {
          name: 'application review page',
          path: `/application/${stored.applicationId}/review`,
          shows: [
            'opportunity title',
            'form question label',
            'form choice label',
            'answer full name',
            'answer city text',
            'answer long text',
            'form choice 1',
            'answer link',
            'answer file name',
            'review comment',
            'review note',
            'teammate name',
            'message to applicant',
            'message to organisers',
          ],
        },
        {
          name: "applicant's profile",
          path: `/${stored.applicant.id}/profile`,
          shows: ['applicant name', 'applicant bio', 'applicant other instrument'],
        },
      ];
      for (const visit of visits) await expectInert(organiser, visit);
    } finally {
      await organiser.context.close();
    }
  });

  it('is inert for the applicant on their applications and the conversation', async () => {
    const applicant = await openAs(stored.applicant.email, stored.applicant.password);
    try {
      await expectInert(applicant, {
        name: "applicant's list of applications",
        path: '/applications',
        shows: ['opportunity title', 'organisation name'],
      });
      await expectInert(applicant, {
        name: "applicant's application page",
        path: `/application/${stored.applicationId}`,
        shows: [
          'opportunity title',
          'organisation name',
          'form question label',
          'answer full name',
          'answer city text',
          'answer long text',
          'form choice 1',
          'answer link',
          'answer file name',
          'message to applicant',
          'message to organisers',
        ],
      });
    } finally {
      await applicant.context.close();
    }
  });

  it('is inert for another artist on the application form', async () => {
    const artist = await openAs(STRANGER);
    try {
      await expectInert(artist, {
        name: 'application form',
        path: `/opportunity/${stored.opportunitySlug}/apply`,
        shows: [
          'opportunity title',
          'form help text',
          'form heading',
          'form question label',
          'form choice label',
          'form choice 1',
          'form choice 2',
          'form terms',
        ],
      });
    } finally {
      await artist.context.close();
    }
  });

  it('is inert for an administrator reading requests for organiser accounts', async () => {
    const admin = await openAs(ADMIN);
    try {
      await expectInert(admin, {
        name: 'account upgrade requests',
        path: '/account/upgrade',
        shows: [
          'upgrade organisation name',
          'upgrade website',
          'upgrade message',
          'applicant name',
        ],
      });
    } finally {
      await admin.context.close();
    }
  });
});
