import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { graphql } from './graphql';
import { accessTokenOf, logIn as logInAs, openJourneyPage } from './journey';

const baseUrl = inject('baseUrl');
const ORGANISER = 'maya@harbourlights.test';
const STRANGER = 'amira@performer.test';
const ORGANISATION = 'harbour-lights-festival';
// Published by Maya's organisation, paid through Encore with two prices, with a video.
const RIVERSIDE = 'riverside-stage-open-call';
const RIVERSIDE_TITLE = 'Riverside Stage: open call for songwriters';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

/** A fresh browser with the cookie consent answered (the banner would cover buttons). */
async function openBrowser(options: { timezoneId?: string } = {}) {
  ({ context, page } = await openJourneyPage(browser, baseUrl, options));
}

const main = () => page.getByRole('main');
const hex = () => randomBytes(4).toString('hex');

const logIn = (email: string, password?: string) => logInAs(page, email, password);

async function heading(name: string | RegExp) {
  await main().getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

/** Every panel has loaded (each shows a progress indicator with role status until then). */
async function settled() {
  await page.waitForLoadState('networkidle');
  await main().getByRole('status').first().waitFor({ state: 'detached' });
}

const tokenOf = (email: string) => accessTokenOf(baseUrl, email);

/** A draft with a title and a zone only: everything publishing checks is still missing. */
async function createIncompleteDraft(title: string) {
  const token = await tokenOf(ORGANISER);
  const organisation = await graphql<{ organisation: { id: string } }>(
    baseUrl,
    'query ($slug: String!) { organisation(slug: $slug) { id } }',
    { slug: ORGANISATION },
    token,
  );
  const created = await graphql<{ createOpportunity: { slug: string } }>(
    baseUrl,
    'mutation ($input: CreateOpportunityInput!) { createOpportunity(input: $input) { slug } }',
    {
      input: {
        organisation_id: organisation.data!.organisation.id,
        title,
        time_zone: 'Europe/Lisbon',
      },
    },
    token,
  );
  expect(created.errors).toBeUndefined();
  return created.data!.createOpportunity.slug;
}

describe('the public opportunity page', () => {
  it('tells a visitor without an account what, when, where and for how much, and sends them to log in to apply', async () => {
    // Far from Lisbon, so each date is also given in the visitor's own time.
    await openBrowser({ timezoneId: 'America/New_York' });
    await page.goto(`/opportunity/${RIVERSIDE}`);
    await heading(RIVERSIDE_TITLE);
    expect(await page.title()).toBe(`${RIVERSIDE_TITLE} · Harbour Lights Festival · Encore`);

    // Who offers it, with a link to its page (open to visitors too).
    expect(
      await main().getByRole('link', { name: 'Harbour Lights Festival' }).getAttribute('href'),
    ).toBe(`/organisation/${ORGANISATION}`);

    const when = main().getByRole('region', { name: 'When' });
    await when.getByText('Application deadline').waitFor();
    await when.getByText(/^Closes in \d+ (days|hours)/).waitFor();
    // The reader's zone is known only to the browser, so this line comes with hydration.
    await when
      .getByText(/^Your time: /)
      .first()
      .waitFor();

    const where = main().getByRole('region', { name: 'Where' });
    await where.getByText('Cais do Sodré riverside stage').waitFor();
    await where.getByText('Lisbon, Portugal').waitFor();

    const price = main().getByRole('region', { name: 'Application fee' });
    const earlyBird = price.getByRole('listitem', { name: 'Early bird' });
    await earlyBird.getByText('€15.00').waitFor();
    await earlyBird.getByText(/^40 places · Until /).waitFor();
    await price.getByRole('listitem', { name: 'Regular' }).getByText('€25.00').waitFor();

    const about = main().getByRole('region', { name: 'About this opportunity' });
    await about.locator('strong', { hasText: 'riverside stage' }).waitFor();
    // The provider's player loads only when asked for.
    const videos = main().locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
    expect(await videos.count()).toBe(0);
    await main().getByRole('button', { name: 'Play video 1 of 1 (YouTube)' }).click();
    expect(await videos.getAttribute('title')).toMatch(/^Video 1 of 1 \(YouTube\)$/);

    await main().getByRole('link', { name: 'Apply', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/opportunity/${RIVERSIDE}`);
  });

  it('is described to crawlers in the served HTML before any script', async () => {
    const response = await fetch(`${baseUrl}/opportunity/${RIVERSIDE}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const jsonLd = head.indexOf('<script type="application/ld+json">');
    expect(jsonLd).toBeGreaterThan(-1);
    const firstOtherScript = html.search(/<script(?![^>]*application\/ld\+json)/);
    expect(firstOtherScript === -1 || jsonLd < firstOtherScript).toBe(true);
  });
});

describe('the opportunity dashboard', () => {
  it('shows the organiser status, views and team; she invites a reviewer and closes and reopens applications', async () => {
    // A visit by someone outside the team, so there is a view to count.
    const visit = await graphql<{ opportunity: { id: string } | null }>(
      baseUrl,
      'query ($slug: String!) { opportunity(slug: $slug) { id } }',
      { slug: RIVERSIDE },
    );
    expect(visit.data?.opportunity).toBeTruthy();

    await openBrowser();
    await logIn(ORGANISER);
    await page.goto(`/opportunity/${RIVERSIDE}/dashboard`);
    await heading(`Dashboard: ${RIVERSIDE_TITLE}`);

    const status = main().getByRole('region', { name: 'Status' });
    await status.getByText('Published', { exact: true }).waitFor();
    await status.getByText('Taking applications').waitFor();
    // She created it (its first manager) and owns the organisation.
    await status
      .getByText(/^(Your role on this opportunity: Manager\.|You have full access as an owner)/)
      .waitFor();

    const views = main().getByRole('region', { name: 'Views' });
    await views.getByText('In all').waitFor();
    const total = Number(
      await views.getByText('In all').locator('xpath=preceding-sibling::*[1]').textContent(),
    );
    expect(total).toBeGreaterThanOrEqual(1);
    // The bars are for the eye; the same figures are a table for screen readers.
    await views
      .getByRole('table', { name: 'Views per day over the last 30 days' })
      .waitFor({ state: 'attached' });

    const team = main().getByRole('region', { name: 'Managers and reviewers' });
    await team
      .getByRole('listitem', { name: /Lukas/ })
      .getByText('Reviewer', { exact: true })
      .waitFor();
    const invitee = `e2e-reviewer-${hex()}@example.test`;
    await team.getByLabel('Email address').fill(invitee);
    await team.getByRole('button', { name: 'Send invitation' }).click();
    const row = team.getByRole('listitem', { name: invitee });
    await row.getByText('Invited', { exact: true }).waitFor({ timeout: 10_000 });
    await row.getByText('Reviewer', { exact: true }).waitFor();

    const log = main().getByRole('region', { name: 'Change log' });
    await log.getByText(`Maya Okafor invited ${invitee} as Reviewer.`).waitFor({ timeout: 10_000 });

    await status.getByRole('button', { name: 'Close applications' }).click();
    await status.getByText('Not taking applications').waitFor({ timeout: 10_000 });
    await status.getByText('Closed', { exact: true }).waitFor();
    await log.getByText('Maya Okafor closed applications.').waitFor({ timeout: 10_000 });

    await status.getByRole('button', { name: 'Reopen applications' }).click();
    await status.getByText('Taking applications').waitFor({ timeout: 10_000 });
    await status.getByText('Published', { exact: true }).waitFor();
    await log.getByText('Maya Okafor reopened applications.').waitFor({ timeout: 10_000 });
  });

  it('lists what stops a draft from being published, with links to the editor', async () => {
    const title = `Harbour buskers ${hex()}`;
    const slug = await createIncompleteDraft(title);
    await openBrowser();
    await logIn(ORGANISER);
    await page.goto(`/opportunity/${slug}/dashboard`);
    await heading(`Dashboard: ${title}`);
    const status = main().getByRole('region', { name: 'Status' });
    await status.getByText('Draft', { exact: true }).waitFor();
    await status.getByRole('button', { name: 'Publish' }).click();

    const problems = status.getByRole('alert');
    await problems.getByText("The opportunity can't be published yet").waitFor({ timeout: 10_000 });
    await problems
      .getByText(/description/i)
      .first()
      .waitFor();
    const fix = problems.getByRole('link', { name: 'Go to Basics' }).first();
    expect(await fix.getAttribute('href')).toBe(`/opportunity/${slug}/edit?step=basics`);
    // Nothing changed.
    await status.getByText('Draft', { exact: true }).waitFor();
  });

  it('is closed to someone outside the opportunity’s team', async () => {
    await openBrowser();
    await logIn(STRANGER);
    await page.goto(`/opportunity/${RIVERSIDE}/dashboard`);
    await main().getByText('You do not have access to this page.').waitFor({ timeout: 15_000 });
    expect(await main().getByRole('region', { name: 'Managers and reviewers' }).count()).toBe(0);
  });
});

describe('accessibility of the opportunity pages', () => {
  it('axe finds no serious or critical violation on the public page for a visitor', async () => {
    await openBrowser();
    await page.goto(`/opportunity/${RIVERSIDE}`);
    await heading(RIVERSIDE_TITLE);
    await settled();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it.each([`/opportunity/${RIVERSIDE}`, `/opportunity/${RIVERSIDE}/dashboard`])(
    'axe finds no serious or critical violation on %s for the organiser',
    async (path) => {
      await openBrowser();
      await logIn(ORGANISER);
      await page.goto(path);
      await main().getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
      await settled();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    },
  );
});
