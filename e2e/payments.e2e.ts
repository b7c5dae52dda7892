import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { graphql } from './graphql';
import { accessTokenOf, logIn, openJourneyPage } from './journey';

const baseUrl = inject('baseUrl');
const ORGANISER = 'maya@harbourlights.test';
const PASSWORD = 'violin-sonata-2027';
const STEP_TIMEOUT = 180_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;

const hex = () => randomBytes(4).toString('hex');
const main = () => page.getByRole('main');

async function call<T>(token: string, query: string, variables: Record<string, unknown> = {}) {
  const result = await graphql<T>(baseUrl, query, variables, token);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

/** YYYY-MM-DD a number of days from today. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function expectAccessible(what: string) {
  expect(await seriousAccessibilityViolations(page), what).toEqual([]);
}

/** A performer who has applied nowhere yet, with a token for the API. */
async function newPerformer(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${hex()}@example.test`;
  const registered = await graphql<{ register: { access_token: string } }>(
    baseUrl,
    'mutation ($input: RegisterInput!) { register(input: $input) { access_token } }',
    {
      input: {
        name,
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        type: 'INDIVIDUAL',
      },
    },
  );
  expect(registered.errors).toBeUndefined();
  return { email, token: registered.data!.register.access_token };
}

/** The performer's complete application to the opportunity, waiting for its fee. */
async function applicationAwaitingPayment(token: string, opportunityId: string, name: string) {
  const { saveApplication } = await call<{ saveApplication: { id: string } }>(
    token,
    'mutation ($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }',
    {
      input: {
        opportunity_id: opportunityId,
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: name,
          email: `${hex()}@example.test`,
          address: { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' },
        },
      },
    },
  );
  const { submitApplication } = await call<{ submitApplication: { payment_status: string } }>(
    token,
    'mutation ($input: ApplicationIdInput!) { submitApplication(input: $input) { payment_status } }',
    { input: { id: saveApplication.id } },
  );
  expect(submitApplication.payment_status).toBe('REQUIRES_CREATION');
  return saveApplication.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('payments', () => {
  let organisation: { id: string; slug: string };
  let opportunity: { id: string; slug: string };

  it(
    'Maya connects a payout account through the processor, adds a coupon on the dashboard and publishes the paid call',
    async () => {
      const maya = await accessTokenOf(baseUrl, ORGANISER);
      const name = `Quayside Sessions ${hex()}`;
      ({ createOrganisation: organisation } = await call<{
        createOrganisation: { id: string; slug: string };
      }>(
        maya,
        'mutation ($input: CreateOrganisationInput!) { createOrganisation(input: $input) { id slug } }',
        { input: { name, email: `hello.${hex()}@quayside.test`, city_id: '2267057' } },
      ));
      // A paid call in draft, of an organisation with no payout account yet.
      const { createOpportunity } = await call<{ createOpportunity: { id: string; slug: string } }>(
        maya,
        'mutation ($input: CreateOpportunityInput!) { createOpportunity(input: $input) { id slug } }',
        {
          input: {
            organisation_id: organisation.id,
            title: `Quayside open stage ${hex()}`,
            summary: 'Three songs on the quay.',
            description: '<p>Three songs on the quay, with sound and light.</p>',
            time_zone: 'Europe/Lisbon',
            deadline_date: `${inDays(30)} 23:59`,
            start_date: `${inDays(40)} 19:00`,
            end_date: `${inDays(40)} 23:00`,
            types: ['festival'],
            target: ['INDIVIDUALS', 'BANDS'],
            is_virtual: true,
            payment_type: 'PAID_INTERNAL',
            payment_options: [
              { title: 'Early bird', cost: 1500, currency: 'EUR', slots: 20 },
              { title: 'Regular', cost: 2500, currency: 'EUR' },
            ],
          },
        },
      );
      opportunity = createOpportunity;

      ({ context, page } = await openJourneyPage(browser, baseUrl));
      await logIn(page, ORGANISER);
      // Not connected yet: the paid call cannot be published, and the dashboard says so.
      await page.goto(`/opportunity/${opportunity.slug}/dashboard`);
      const status = main().getByRole('region', { name: 'Status' });
      await status.getByText('Draft', { exact: true }).waitFor({ timeout: 15_000 });
      await status.getByRole('button', { name: 'Publish' }).click();
      await status
        .getByRole('alert')
        .getByText("The opportunity can't be published yet")
        .waitFor({ timeout: 10_000 });

      await page.goto(`/organisation/${organisation.slug}/payment/connect`);
      await main().getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible('connect page');
      await main().getByRole('button', { name: 'Connect payout account' }).click();

      // The processor's own onboarding page.
      await page.waitForURL(/\/processor\/onboarding\?link=/, { timeout: 15_000 });
      await expectAccessible('processor onboarding');
      await page.getByLabel('Company').check();
      await page.getByLabel('Country', { exact: true }).selectOption('PT');
      await page.getByLabel('Default currency').selectOption('EUR');
      await page.getByLabel('Bank account').check();
      await page.getByLabel("Account holder's name").fill(name);
      await page.getByLabel('IBAN or account number').fill('PT50000201231234567890154');
      await page.getByRole('button', { name: 'Save and continue' }).click();

      // Back on Encore, the account is ready.
      await page.waitForURL(new RegExp(`/organisation/${organisation.slug}/payment/account`), {
        timeout: 15_000,
      });
      await expect
        .poll(
          async () =>
            main()
              .getByText(/Connected: .* can take card payments/)
              .count(),
          {
            timeout: 20_000,
          },
        )
        .toBeGreaterThan(0);
      await expectAccessible('payout account page');
      await page.goto(`/organisation/${organisation.slug}/payment/update`);
      await main().getByText('Nothing is due').waitFor({ timeout: 15_000 });
      await expectAccessible('payout account update page');

      // A coupon from the dashboard, and the call goes live.
      await page.goto(`/opportunity/${opportunity.slug}/dashboard`);
      await main().getByRole('button', { name: 'Add coupon' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add a coupon' });
      await dialog.getByLabel(/^Name/).fill('Early fifty');
      await dialog.getByLabel(/^Code/).fill('EARLY50');
      await dialog.getByLabel(/^Percent off/).fill('50');
      await dialog.getByLabel(/^Uses/).fill('10');
      await dialog.getByRole('button', { name: 'Add coupon' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
      await main().getByText('EARLY50').first().waitFor();
      await expectAccessible('dashboard with its coupons');
      await status.getByRole('button', { name: 'Publish' }).click();
      await status.getByText('Published', { exact: true }).waitFor({ timeout: 15_000 });
      const { coupons } = (
        await call<{ opportunity: { coupons: Array<{ code: string; value: number }> } }>(
          maya,
          'query ($slug: String!) { opportunity(slug: $slug) { coupons { code value } } }',
          { slug: opportunity.slug },
        )
      ).opportunity;
      expect(coupons).toEqual([{ code: 'EARLY50', value: 50 }]);
    },
    STEP_TIMEOUT,
  );

  it(
    'a performer enters EARLY50, sees the breakdown, pays with 4242 and gets the receipt',
    async () => {
      const performer = await newPerformer('Inês Moreira');
      const applicationId = await applicationAwaitingPayment(
        performer.token,
        opportunity.id,
        'Inês Moreira',
      );
      ({ context, page } = await openJourneyPage(browser, baseUrl));
      await logIn(page, performer.email, PASSWORD);
      await page.goto(`/application/${applicationId}`);
      const checkout = main().getByRole('region', { name: 'Checkout' });
      await checkout.waitFor({ timeout: 15_000 });
      await checkout.getByLabel(/Early bird/).check();
      await checkout.getByLabel('Coupon code').fill('early50');
      await checkout.getByRole('button', { name: 'Apply' }).click();
      await checkout.getByText('Coupon EARLY50 applied').waitFor({ timeout: 10_000 });
      const breakdown = checkout.locator('dl');
      await expect.poll(() => breakdown.textContent()).toContain('€7.50');
      await expectAccessible('checkout with breakdown');

      await checkout.getByRole('button', { name: /^Pay / }).click();
      await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
      await checkout.getByLabel('Expiry date').fill('12/34');
      await checkout.getByLabel('Security code (CVC)').fill('123');
      await checkout.getByRole('button', { name: /^Pay / }).click();
      await main()
        .getByText('Payment received. Your application is on its way to the organisers.')
        .waitFor({ timeout: 20_000 });

      await main()
        .getByRole('link', { name: /View (the )?receipt/ })
        .first()
        .click();
      await page.waitForURL(/\/receipt\//, { timeout: 15_000 });
      await main().getByText('EARLY50').first().waitFor({ timeout: 15_000 });
      await expectAccessible('receipt page');
      const { viewApplication } = await call<{
        viewApplication: { status: string; payment_info: { amount: number; coupon: string } };
      }>(
        performer.token,
        'query ($id: ID!) { viewApplication(id: $id) { status payment_info { amount coupon } } }',
        { id: applicationId },
      );
      expect(viewApplication).toEqual({
        status: 'SUBMITTED',
        payment_info: { amount: 750, coupon: 'EARLY50' },
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'another is declined with 4000 0000 0000 0002, told why, and pays on the retry',
    async () => {
      const performer = await newPerformer('Tomás Reyes');
      const applicationId = await applicationAwaitingPayment(
        performer.token,
        opportunity.id,
        'Tomás Reyes',
      );
      ({ context, page } = await openJourneyPage(browser, baseUrl, {
        viewport: { width: 390, height: 844 },
      }));
      await logIn(page, performer.email, PASSWORD);
      await page.goto(`/application/${applicationId}`);
      const checkout = main().getByRole('region', { name: 'Checkout' });
      await checkout.waitFor({ timeout: 15_000 });
      await checkout.getByLabel(/Regular/).check();
      await checkout.getByRole('button', { name: /^Pay / }).click();
      await checkout.getByLabel('Card number').fill('4000 0000 0000 0002');
      await checkout.getByRole('button', { name: /^Pay / }).click();
      await checkout
        .getByText(/declined/i)
        .first()
        .waitFor({ timeout: 20_000 });
      await expectAccessible('checkout after a decline');

      await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
      await checkout.getByRole('button', { name: /^Pay / }).click();
      await main()
        .getByText('Payment received. Your application is on its way to the organisers.')
        .waitFor({ timeout: 20_000 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    },
    STEP_TIMEOUT,
  );
});
