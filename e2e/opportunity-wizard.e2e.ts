import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { graphql } from './graphql';
import { accessTokenOf, logIn as logInAs, openJourneyPage } from './journey';

const baseUrl = inject('baseUrl');
const ORGANISER = 'maya@harbourlights.test';

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

const logIn = (email: string, password?: string) => logInAs(page, email, password);

async function stepHeading(name: string) {
  await main().getByRole('heading', { level: 2, name }).waitFor({ timeout: 15_000 });
}

async function saveAndContinue(nextStep: string) {
  await main().getByRole('button', { name: 'Save and continue' }).click();
  await stepHeading(nextStep);
}

/** The opportunity as the server holds it, read with the organiser's token. */
async function opportunityOnServer(slug: string) {
  const result = await graphql<{
    opportunity: {
      title: string;
      opp_status: string;
      summary: string | null;
      description: string | null;
      types: string[];
      target: string[];
      city: { name: string } | null;
      local_dates: { deadline_date: string | null };
      payment_type: string;
      payment_options: Array<{ title: string; cost: number; currency: string }>;
    } | null;
  }>(
    baseUrl,
    `
      query ($slug: String!) {
        opportunity(slug: $slug) {
          title
          opp_status
          summary
          description
          types
          target
          city {
            name
          }
          local_dates {
            deadline_date
          }
          payment_type
          payment_options {
            title
            cost
            currency
          }
        }
      }
    `,
    { slug },
    await accessTokenOf(baseUrl, ORGANISER),
  );
  expect(result.errors).toBeUndefined();
  return result.data!.opportunity!;
}

const draftSlug = () => new URL(page.url()).searchParams.get('draft') ?? '';

describe('the opportunity wizard', () => {
  it('saves a server draft at every step, resumes after a reload, and publishes', async () => {
    const title = `Harbour Lights late stage ${randomBytes(3).toString('hex')}`;
    await logIn(ORGANISER);
    // Maya works for several organisations; the address chooses one (as its dashboard's link does).
    await page.goto('/opportunity/wizard?organisation=harbour-lights-festival');
    await stepHeading('Basics');
    await expect
      .poll(() => main().getByRole('combobox', { name: 'Organisation' }).textContent())
      .toBe('Harbour Lights Festival');
    // The organisation's existing draft is offered to pick up again.
    await main().getByRole('heading', { name: 'Continue a draft' }).waitFor();

    await main().getByLabel('Title').fill(title);
    await main().getByLabel('Summary').fill('Late-night sets by the water for emerging bands.');
    await main().getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('Three nights on the harbour stage, with sound engineers on site.');
    await main().getByRole('checkbox', { name: 'Festival' }).click();
    await saveAndContinue('When and where');
    expect(draftSlug()).not.toBe('');
    expect(new URL(page.url()).searchParams.get('step')).toBe('schedule');

    const deadline = `${new Date().getUTCFullYear() + 1}-03-31T23:30`;
    await main().getByLabel('Application deadline').fill(deadline);
    await main().getByRole('combobox', { name: 'City' }).fill('Lisbon');
    await page
      .getByRole('option', { name: /^Lisbon/ })
      .first()
      .click();
    await main().getByLabel('Venue').fill('Doca de Alcântara');
    await saveAndContinue('Who it is for');

    await main().getByRole('checkbox', { name: 'Bands' }).click();
    await saveAndContinue('Media');

    // A reload comes back to the same step of the same draft, with what was saved.
    const slug = draftSlug();
    await page.reload();
    await stepHeading('Media');
    expect(draftSlug()).toBe(slug);
    await main().getByRole('button', { name: 'Back' }).click();
    await stepHeading('Who it is for');
    await expect
      .poll(() => main().getByRole('checkbox', { name: 'Bands' }).getAttribute('aria-checked'))
      .toBe('true');
    const saved = await opportunityOnServer(slug);
    expect(saved).toMatchObject({
      title,
      opp_status: 'DRAFT',
      summary: 'Late-night sets by the water for emerging bands.',
      types: ['festival'],
      target: ['BANDS'],
      city: { name: 'Lisbon' },
      local_dates: { deadline_date: `${deadline.replace('T', ' ')}:00` },
    });
    expect(saved.description).toContain('Three nights on the harbour stage');

    await saveAndContinue('Media');
    await saveAndContinue('Applications');
    await saveAndContinue('Payment');
    await main().getByRole('radio', { name: 'A fee, paid through Encore' }).check();
    await main().getByRole('button', { name: 'Add a price' }).click();
    await main().getByLabel('Name').fill('Early bird');
    await main().getByLabel('Amount').fill('twelve');
    await main().getByRole('button', { name: 'Save and continue' }).click();
    await main().getByText('Enter an amount such as 25 or 25.50.').waitFor();
    await main().getByLabel('Amount').fill('12.50');
    await saveAndContinue('Review and publish');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await main().getByRole('button', { name: 'Publish now' }).click();
    await page.waitForURL(`**/opportunity/${slug}/dashboard`, { timeout: 15_000 });
    const published = await opportunityOnServer(slug);
    expect(published.opp_status).toBe('PUBLISHED');
    expect(published.payment_options).toEqual([
      { title: 'Early bird', cost: 1250, currency: 'EUR' },
    ]);

    // Changing a price applicants relied on asks first, then saves.
    await page.goto(`/opportunity/${slug}/update?step=payment`);
    await stepHeading('Payment');
    await main().getByLabel('Amount').fill('15');
    await main().getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change rules applicants relied on?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Yes, change them' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await opportunityOnServer(slug)).payment_options[0]?.cost)
      .toBe(1500);
  });

  it('shows what stops a draft from being published, with a way back to each step', async () => {
    await logIn(ORGANISER);
    await page.goto('/opportunity/wizard');
    await stepHeading('Basics');
    await main().getByLabel('Title').fill('Ju');
    await main().getByRole('button', { name: 'Save and continue' }).click();
    await main().getByText('Enter a title of at least 3 characters.').waitFor();
    await main()
      .getByLabel('Title')
      .fill(`Unfinished call ${randomBytes(3).toString('hex')}`);
    await saveAndContinue('When and where');

    await main().getByRole('tab', { name: 'Review and publish' }).click();
    await stepHeading('Review and publish');
    await main().getByRole('button', { name: 'Publish now' }).click();
    const problems = main().getByRole('alert').filter({ hasText: 'Before it can be published' });
    await problems.waitFor();
    await problems.getByRole('button', { name: 'Go to Basics' }).first().click();
    await stepHeading('Basics');
    expect((await opportunityOnServer(draftSlug())).opp_status).toBe('DRAFT');
  });

  it('is for organisers: a performer without an organisation is told how to get one', async () => {
    await logIn('amira@performer.test');
    await page.goto('/opportunity/wizard');
    await main().getByText('You need an organisation to publish opportunities.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
