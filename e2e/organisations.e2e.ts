import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { graphql } from './graphql';
import { accessTokenOf, answerCookieConsent, logIn as logInAs, openJourneyPage } from './journey';
import { linkTo, waitForMail } from './mail';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const OWNER = 'maya@harbourlights.test';
const ADMIN = 'lukas@klangwerk.test';
const OUTSIDER = 'amira@performer.test';
const DEMO_SLUG = 'harbour-lights-festival';

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
  ({ context, page } = await openJourneyPage(browser, baseUrl));
});
afterEach(async () => {
  await context?.close();
});

const main = () => page.getByRole('main');

async function signOut() {
  await context.clearCookies();
  await answerCookieConsent(context, baseUrl);
}
const hex = () => randomBytes(4).toString('hex');

const logIn = (email: string, password?: string) => logInAs(page, email, password);

async function heading(name: string | RegExp) {
  await main().getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

/** The team as the server has it, read with the owner's token. */
async function teamOf(slug: string) {
  const token = await accessTokenOf(baseUrl, OWNER);
  const found = await graphql<{ organisation: { id: string; slug: string } | null }>(
    baseUrl,
    'query ($slug: String!) { organisation(slug: $slug) { id slug } }',
    { slug },
    token,
  );
  const team = await graphql<{
    teamMembers: Array<{ email: string; role: string; status: string; name: string | null }>;
  }>(
    baseUrl,
    'query ($id: ID!) { teamMembers(organisation_id: $id) { email role status name } }',
    { id: found.data!.organisation!.id },
    token,
  );
  expect(team.errors).toBeUndefined();
  return team.data!.teamMembers;
}

describe('organisations', () => {
  it('an owner creates an organisation and invites an address; the invitee registers through the emailed link and lands in the team with the invited role', async () => {
    const name = `Riverside Sessions ${hex()}`;
    const invitee = `e2e-invitee-${hex()}@example.test`;
    const password = `Encore-${hex()}-pw`;

    // The owner creates the organisation; the address follows the name.
    await logIn(OWNER);
    await page.goto('/organisations/create');
    await heading('Create an organisation');
    await main().getByLabel(/^Name/).fill(name);
    const slug = await main().getByLabel('Address').inputValue();
    expect(slug).toMatch(/^riverside-sessions-[0-9a-f]{8}$/);
    await main()
      .getByLabel(/^Description/)
      .fill('Monthly riverside concerts for new acoustic acts.');
    await main().getByRole('button', { name: 'Create organisation' }).click();
    await page.waitForURL((url) => url.pathname === `/organisation/${slug}/dashboard`, {
      timeout: 15_000,
    });
    await heading('Dashboard');
    await main().getByText('Your role: Owner').waitFor();

    // The invitation goes out by email with the chosen role.
    const team = main().getByRole('region', { name: 'Team' });
    await team.getByLabel('Email address').fill(invitee);
    await team.getByRole('combobox', { name: 'Role' }).last().click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await team.getByRole('button', { name: 'Send invitation' }).click();
    await team.getByRole('listitem', { name: invitee }).waitFor({ timeout: 10_000 });
    await team
      .getByRole('listitem', { name: invitee })
      .getByText('Invited', { exact: true })
      .waitFor();

    const mail = await waitForMail(mailDir, invitee);
    expect(mail.subject).toContain(name);
    const link = linkTo(mail, '/organisation/connect');
    expect(link.origin).toBe(baseUrl);
    expect(link.searchParams.get('invitation')).toBeTruthy();

    // The invitee has no account: the link leads through login to registration and back.
    await signOut();
    await page.goto(link.pathname + link.search);
    await page.waitForURL((url) => url.pathname === '/login');
    await main().getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    await main()
      .getByRole('radio', { name: /An individual artist/ })
      .check();
    await main()
      .getByLabel(/^Full name/)
      .fill('Ines Invitee');
    await main()
      .getByLabel(/^Email address/)
      .fill(invitee);
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

    await page.waitForURL(
      (url) =>
        url.pathname === '/organisation/connect' &&
        url.searchParams.get('invitation') === link.searchParams.get('invitation'),
      { timeout: 15_000 },
    );
    await heading('Team invitation');
    const card = main().getByRole('article', { name });
    await card.getByText(/invited you to join as Editor/).waitFor();
    await card.getByRole('button', { name: 'Accept' }).click();

    await page.waitForURL((url) => url.pathname === `/organisation/${slug}/dashboard`, {
      timeout: 15_000,
    });
    await main().getByText('Your role: Editor').waitFor();
    // An editor sees the team but cannot manage it.
    await main().getByRole('region', { name: 'Team' }).waitFor();
    expect(await main().getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    expect(await main().getByRole('link', { name: 'Edit details' }).count()).toBe(0);

    const members = await teamOf(slug);
    expect(members.find((member) => member.email === invitee)).toMatchObject({
      role: 'editor',
      status: 'accepted',
      name: 'Ines Invitee',
    });
  });

  it('keeps links to an old address working after the slug changes', async () => {
    await logIn(OWNER);
    const name = `Slug Move ${hex()}`;
    await page.goto('/organisations/create');
    await main().getByLabel(/^Name/).fill(name);
    await main().getByRole('button', { name: 'Create organisation' }).click();
    await heading('Dashboard');
    const oldSlug = new URL(page.url()).pathname.split('/')[2]!;

    await page.goto(`/organisation/${oldSlug}/update`);
    await heading('Edit details');
    const newSlug = `moved-${hex()}`;
    await main().getByLabel('Address').fill(newSlug);
    await main().getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === `/organisation/${newSlug}/dashboard`);

    await page.goto(`/organisation/${oldSlug}`);
    await page.waitForURL((url) => url.pathname === `/organisation/${newSlug}`);
    await heading(name);
  });

  it('shows each role only the actions it may take', async () => {
    // An admin edits and manages the team but neither deletes nor makes owners.
    await logIn(ADMIN);
    await page.goto(`/organisation/${DEMO_SLUG}/update`);
    await heading('Edit details');
    expect(await main().getByRole('button', { name: 'Delete organisation' }).count()).toBe(0);
    await page.goto(`/organisation/${DEMO_SLUG}/dashboard`);
    await heading('Dashboard');
    const team = main().getByRole('region', { name: 'Team' });
    await team.getByRole('button', { name: 'Send invitation' }).waitFor();
    expect(await team.getByRole('button', { name: 'Make owner' }).count()).toBe(0);
    await team.getByRole('combobox', { name: 'Role' }).last().click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered).toEqual(['Admin', 'Editor', 'Member']);
    await page.keyboard.press('Escape');

    // Someone outside the team sees the public page only.
    await signOut();
    await logIn(OUTSIDER);
    await page.goto(`/organisation/${DEMO_SLUG}`);
    await heading('Harbour Lights Festival');
    expect(await main().getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expect(await main().getByText('hello@harbourlights.test').count()).toBe(0);
    await page.goto(`/organisation/${DEMO_SLUG}/dashboard`);
    await main().getByText("This page is for the organisation's team.").waitFor();
    await page.goto(`/organisation/${DEMO_SLUG}/update`);
    await main().getByText("This page is for the organisation's team.").waitFor();
  });
});

describe('accessibility of the organisation pages', () => {
  it.each([
    '/organisations',
    '/organisations/create',
    '/organisation/connect',
    `/organisation/${DEMO_SLUG}`,
    `/organisation/${DEMO_SLUG}/dashboard`,
    `/organisation/${DEMO_SLUG}/update`,
    `/organisation/${DEMO_SLUG}/opportunities`,
  ])('axe finds no serious or critical violation on %s', async (path) => {
    await logIn(OWNER);
    await page.goto(path);
    await main().getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await main().getByRole('status').first().waitFor({ state: 'detached' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
