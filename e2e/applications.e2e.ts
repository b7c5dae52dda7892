import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { graphql } from './graphql';
import { accessTokenOf, logIn as logInAs, openJourneyPage } from './journey';

const baseUrl = inject('baseUrl');
const ORGANISER = 'maya@harbourlights.test';
const REVIEWER = 'lukas@klangwerk.test';
const ORGANISATION = 'harbour-lights-festival';
const ORGANISATION_NAME = 'Harbour Lights Festival';
const BAND_PASSWORD = 'harpsichord-fugue-88';
const STEP_TIMEOUT = 120_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let fixtureDir: string;

const hex = () => randomBytes(4).toString('hex');
const main = () => page.getByRole('main');
const tokenOf = (email: string, password?: string) => accessTokenOf(baseUrl, email, password);

async function openBrowser() {
  ({ context, page } = await openJourneyPage(browser, baseUrl));
}

async function heading(name: string | RegExp) {
  await main().getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

async function call<T>(token: string, query: string, variables: Record<string, unknown> = {}) {
  const result = await graphql<T>(baseUrl, query, variables, token);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

/** YYYY-MM-DD a number of days from today. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A tiny MP3 (an ID3 header and three silent frames) that the server sniffs as audio/mpeg. */
function writeDemoRecording(): string {
  const frame = [0xff, 0xfb, 0x90, 0x64, ...new Array<number>(413).fill(0)];
  const bytes = new Uint8Array([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    0,
    0,
    0,
    0,
    ...frame,
    ...frame,
    ...frame,
  ]);
  const file = path.join(fixtureDir, 'demo.mp3');
  writeFileSync(file, bytes);
  return file;
}

/**
 * What every run creates afresh, so that it does not depend on earlier runs: a published open
 * call of Maya's for bands, Lukas on its team as a reviewer, and a band that has applied nowhere.
 */
async function setUpOpportunityAndBand() {
  const maya = await tokenOf(ORGANISER);
  const { organisation } = await call<{ organisation: { id: string } }>(
    maya,
    'query ($slug: String!) { organisation(slug: $slug) { id } }',
    { slug: ORGANISATION },
  );
  const title = `Harbour band night ${hex()}`;
  const { createOpportunity } = await call<{ createOpportunity: { id: string; slug: string } }>(
    maya,
    'mutation ($input: CreateOpportunityInput!) { createOpportunity(input: $input) { id slug } }',
    {
      input: {
        organisation_id: organisation.id,
        title,
        time_zone: 'Europe/Lisbon',
        description: '<p>Bands send a demo recording; the team listens to every one.</p>',
        deadline_date: `${inDays(30)} 18:00`,
        start_date: `${inDays(50)} 20:00`,
        end_date: `${inDays(50)} 23:00`,
        types: ['open_call'],
        target: ['BANDS'],
        is_virtual: true,
        payment_type: 'FREE',
        approval_type: 'ON_REVIEW',
      },
    },
  );
  const opportunity = createOpportunity;
  await call(maya, 'mutation ($id: ID!) { publishOpportunity(input: { id: $id }) { id } }', {
    id: opportunity.id,
  });

  await call(
    maya,
    'mutation ($input: InviteOpportunityMemberInput!) { inviteOpportunityMember(input: $input) { id } }',
    { input: { opportunity_id: opportunity.id, email: REVIEWER, role: 'reviewer' } },
  );
  const lukas = await tokenOf(REVIEWER);
  const { myOpportunityInvitations } = await call<{
    myOpportunityInvitations: Array<{ id: string; opportunity: { id: string } }>;
  }>(lukas, '{ myOpportunityInvitations { id opportunity { id } } }');
  const invitation = myOpportunityInvitations.find(
    (candidate) => candidate.opportunity.id === opportunity.id,
  );
  expect(invitation).toBeDefined();
  await call(
    lukas,
    'mutation ($id: ID!) { respondToOpportunityInvitation(input: { id: $id, accept: true }) { id } }',
    { id: invitation!.id },
  );

  const band = { name: `Tide Pool ${hex()}`, email: `e2e-band-${hex()}@example.test` };
  const registered = await graphql<{ register: { access_token: string } }>(
    baseUrl,
    'mutation ($input: RegisterInput!) { register(input: $input) { access_token } }',
    {
      input: {
        name: band.name,
        email: band.email,
        password: BAND_PASSWORD,
        password_confirmation: BAND_PASSWORD,
        type: 'BAND',
      },
    },
  );
  expect(registered.errors).toBeUndefined();
  return { ...opportunity, title, band };
}

/** The journey's steps run in order, each in a fresh browser of its own person. */
interface Journey {
  id: string;
  slug: string;
  title: string;
  band: { name: string; email: string };
  applicationId?: string;
  code?: string;
  message?: string;
}
let journey: Journey;

beforeAll(async () => {
  browser = await launchBrowser();
  fixtureDir = mkdtempSync(path.join(os.tmpdir(), 'encore-e2e-files-'));
  journey = await setUpOpportunityAndBand();
});
afterAll(async () => {
  await browser?.close();
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
});

describe('an application from form to decision', () => {
  it(
    'the organiser asks bands for a demo recording on the form',
    async () => {
      await openBrowser();
      await logInAs(page, ORGANISER);
      await page.goto(`/opportunity/${journey.slug}/form`);
      await heading(`Application form: ${journey.title}`);

      await main()
        .getByRole('tab', { name: /^Band form/ })
        .click();
      const panel = main().getByRole('tabpanel');
      await panel.getByRole('button', { name: 'Add field' }).click();
      await page.getByRole('menuitem', { name: /^Audio/ }).click();

      // The new field opens for editing; the others stay closed.
      const question = panel.getByRole('textbox', { name: /^Question/ });
      await question.fill('Demo recording');
      await panel.getByRole('switch', { name: 'Required' }).check();
      await panel.getByRole('button', { name: 'Settings of “Demo recording”' }).waitFor();

      await main().getByRole('button', { name: 'Save form' }).click();
      await page.getByText('Application form saved').waitFor({ timeout: 15_000 });

      const maya = await tokenOf(ORGANISER);
      const { opportunityForm } = await call<{
        opportunityForm: {
          id: string | null;
          fields: Array<{ label: string; type: string; is_required: boolean }>;
        };
      }>(
        maya,
        'query ($id: ID!) { opportunityForm(opportunity: $id, type: GENERAL) { id fields { label type is_required } } }',
        { id: journey.id },
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(opportunityForm.id).not.toBeNull();
      expect(opportunityForm.fields).toContainEqual({
        label: 'Demo recording',
        type: 'audio',
        is_required: true,
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'a band applies with two members and a recording, and gets its application code',
    async () => {
      await openBrowser();
      await logInAs(page, journey.band.email, BAND_PASSWORD);
      await page.goto(`/opportunity/${journey.slug}/apply`);
      await heading(`Apply to ${journey.title}`);

      const form = main();
      const artistName = form.getByRole('textbox', { name: /^Artist name/ });
      await artistName.waitFor({ timeout: 15_000 });
      await artistName.fill(journey.band.name);
      await form
        .getByRole('textbox', { name: /^Full name/ })
        .first()
        .fill('Inês Duarte');
      await expect
        .poll(() =>
          form
            .getByRole('textbox', { name: /^Email/ })
            .first()
            .inputValue(),
        )
        .toBe(journey.band.email);

      const address = form.getByRole('group', { name: /^Address/ });
      await address.getByRole('textbox', { name: 'Street and number' }).fill('Rua da Boavista 12');
      await address.getByRole('combobox', { name: 'City' }).fill('Lisbon');
      await page.getByRole('option', { name: 'Lisbon, Portugal' }).click();

      const members = [
        { name: 'Inês Duarte', instrument: 'guitar' },
        { name: 'Tomás Reis', instrument: 'drum' },
      ];
      for (const [index, member] of members.entries()) {
        await form.getByRole('button', { name: 'Add a member' }).click();
        const section = form.getByRole('region', { name: `Member ${index + 1}` });
        await section.getByRole('textbox', { name: /^Full name/ }).fill(member.name);
        await section.getByRole('combobox', { name: /^Instruments/ }).fill(member.instrument);
        await page
          .getByRole('option', { name: new RegExp(member.instrument, 'i') })
          .first()
          .click();
      }

      await form
        .getByLabel('Files for “Demo recording”', { exact: true })
        .setInputFiles(writeDemoRecording());
      // Uploaded once its row offers to remove it (the progress bar is gone).
      await form.getByRole('button', { name: 'Remove demo.mp3' }).waitFor({ timeout: 15_000 });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await form.getByRole('button', { name: 'Submit application' }).click();
      await form
        .getByRole('heading', { name: 'Your application is sent' })
        .waitFor({ timeout: 15_000 });
      const code = await form
        .getByText('Application code', { exact: true })
        .locator('xpath=following-sibling::dd[1]')
        .textContent();
      expect(code).toMatch(/^[A-Z0-9]+-[A-Z0-9]+$/);
      journey.code = code!;

      await form.getByRole('link', { name: 'View your application' }).click();
      await page.waitForURL(/\/application\/[^/]+$/);
      journey.applicationId = new URL(page.url()).pathname.split('/').pop();
    },
    STEP_TIMEOUT,
  );

  it(
    'a reviewer rates it and leaves a comment for the team',
    async () => {
      await openBrowser();
      await logInAs(page, REVIEWER);
      await page.goto(`/application/${journey.applicationId}/review`);
      await heading(`Application ${journey.code}`);

      const ratings = main().getByRole('region', { name: 'Ratings' });
      // MUI draws each star as the label of a visually hidden radio: the star takes the click.
      await ratings.locator('label', { hasText: '4 stars' }).click();
      await page.getByText('You rated it 4 stars.').waitFor({ timeout: 15_000 });
      await ratings.getByText('4 from 1 rating').waitFor({ timeout: 15_000 });

      const comment = `Tight rhythm section, the demo holds up (${hex()}).`;
      const comments = main().getByRole('region', { name: 'Comments' });
      await comments.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
      await comments.getByRole('button', { name: 'Add comment' }).click();
      await comments.getByText(comment).waitFor({ timeout: 15_000 });
      await comments.getByText('1 comment').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    'the manager accepts it and writes to the band',
    async () => {
      await openBrowser();
      await logInAs(page, ORGANISER);
      await page.goto(`/application/${journey.applicationId}/review`);
      await heading(`Application ${journey.code}`);
      await main().getByRole('region', { name: 'Ratings' }).getByText('4 from 1 rating').waitFor();

      const decision = main().getByRole('region', { name: 'Status' });
      await decision.getByRole('button', { name: 'Accept', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Accept this application?' });
      await dialog.getByText('The applicant will be emailed about the change.').waitFor();
      await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
      await page.getByText('The application is accepted.').waitFor({ timeout: 15_000 });
      await decision.getByText('Accepted', { exact: true }).first().waitFor();

      journey.message = `Welcome aboard! Sound check is at 17:00 (${hex()}).`;
      const messages = main().getByRole('region', { name: 'Messages with the applicant' });
      await messages.getByRole('textbox', { name: 'Message' }).fill(journey.message);
      await messages.getByRole('button', { name: 'Send', exact: true }).click();
      await messages.getByText(journey.message).waitFor({ timeout: 15_000 });

      // The dashboard lists it, accepted and rated.
      await page.goto(`/opportunity/${journey.slug}/dashboard`);
      const row = main().getByRole('row').filter({ hasText: journey.code });
      await row.getByText('Accepted', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    'the band sees it accepted, with the message from the organisation',
    async () => {
      await openBrowser();
      await logInAs(page, journey.band.email, BAND_PASSWORD);
      await page.goto('/applications');
      await heading('My applications');
      const card = main().getByRole('article', { name: journey.title });
      await card.getByText('Accepted', { exact: true }).waitFor({ timeout: 15_000 });
      await card.getByText(`Code ${journey.code}`, { exact: false }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await card.getByRole('link', { name: journey.title }).click();
      await heading(`Your application to ${journey.title}`);
      const thread = main().getByRole('region', { name: 'Messages with the organisers' });
      const message = thread.getByRole('listitem').filter({ hasText: journey.message });
      await message.waitFor({ timeout: 15_000 });
      await message.getByText(ORGANISATION_NAME, { exact: true }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const maya = await tokenOf(ORGANISER);
      const { viewApplication } = await call<{
        viewApplication: { status: string; rate: number | null; reviews: Array<{ rate: number }> };
      }>(maya, 'query ($id: ID!) { viewApplication(id: $id) { status rate reviews { rate } } }', {
        id: journey.applicationId,
      });
      expect(viewApplication).toEqual({ status: 'ACCEPTED', rate: 4, reviews: [{ rate: 4 }] });
    },
    STEP_TIMEOUT,
  );
});
