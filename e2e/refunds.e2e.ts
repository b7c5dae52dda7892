import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { graphql } from './graphql';
import { logIn, openJourneyPage } from './journey';

const baseUrl = inject('baseUrl');
const ORGANISER = 'maya@harbourlights.test';
/** Harbour Lights' paid open call in the demo, its money held until after its event. */
const OPPORTUNITY = 'riverside-stage-open-call';
const OPPORTUNITY_TITLE = 'Riverside Stage: open call for songwriters';
const ORGANISATION = 'harbour-lights-festival';
const PASSWORD = 'fado-nights-2027';
/** The Regular tier of the riverside call (the early bird's price goes with a deadline). */
const FEE = '€25.00';
const STEP_TIMEOUT = 240_000;
const WAIT = { timeout: 30_000 };

let browser: Browser;
let context: BrowserContext;
let page: Page;

const hex = () => randomBytes(4).toString('hex');
const main = () => page.getByRole('main');

async function expectAccessible(what: string) {
  expect(await seriousAccessibilityViolations(page), what).toEqual([]);
}

/** Euros shown as "€1,234.50" in English, as a number. */
const euros = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/**
 * A performer who joins for this journey and sends a complete application to the riverside call,
 * left waiting for its fee. Not one of the demo's own: Amira's riverside draft is what the
 * sideways-scroll suite opens as a draft (route-examples.ts), so paying it would change that page.
 */
async function performerAwaitingPayment(name: string) {
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
  const token = registered.data!.register.access_token;
  const call = async <T>(query: string, variables: Record<string, unknown>) => {
    const result = await graphql<T>(baseUrl, query, variables, token);
    expect(result.errors).toBeUndefined();
    return result.data!;
  };
  const { opportunity } = await call<{ opportunity: { id: string } }>(
    'query ($slug: String!) { opportunity(slug: $slug) { id } }',
    { slug: OPPORTUNITY },
  );
  const { saveApplication } = await call<{ saveApplication: { id: string } }>(
    'mutation ($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }',
    {
      input: {
        opportunity_id: opportunity.id,
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: name,
          email: `${hex()}@example.test`,
          address: { label: 'Rua da Rosa 40, Lisbon', city_id: '2267057', country_code: 'PT' },
        },
      },
    },
  );
  const { submitApplication } = await call<{ submitApplication: { payment_status: string } }>(
    'mutation ($input: ApplicationIdInput!) { submitApplication(input: $input) { payment_status } }',
    { input: { id: saveApplication.id } },
  );
  expect(submitApplication.payment_status).toBe('REQUIRES_CREATION');
  return { email, applicationId: saveApplication.id };
}

/** The value of one of the revenue's cards, by its name. */
function revenueCard(name: string): Locator {
  return main()
    .getByRole('region', { name: 'Revenue' })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd')
    .first();
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, what).toBeLessThanOrEqual(innerWidth);
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

describe('a refund, from the request to the receipt', () => {
  const name = `Leonor Vaz ${hex()}`;
  let performer: { email: string; applicationId: string };
  let receiptPath = '';

  it(
    'the performer pays with 4242, asks for a refund because she cannot attend, and follows it',
    async () => {
      performer = await performerAwaitingPayment(name);
      ({ context, page } = await openJourneyPage(browser, baseUrl));
      await logIn(page, performer.email, PASSWORD);
      await page.goto(`/application/${performer.applicationId}`);
      const checkout = main().getByRole('region', { name: 'Checkout' });
      await checkout.waitFor(WAIT);
      await checkout.getByLabel(/Regular/).check();
      await checkout.getByRole('button', { name: /^Pay / }).click();
      await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
      await checkout.getByLabel('Expiry date').fill('12/34');
      await checkout.getByLabel('Security code (CVC)').fill('123');
      await checkout.getByRole('button', { name: /^Pay / }).click();
      await main()
        .getByText('Payment received. Your application is on its way to the organisers.')
        .waitFor(WAIT);

      // Once paid, the fee and its refunds have their own part of the page.
      await page.reload();
      const fee = main().getByRole('region', { name: 'Your fee and refunds' });
      await fee.getByRole('button', { name: 'Ask for a refund' }).click(WAIT);
      const form = page.getByRole('dialog', { name: 'Ask for a refund' });
      await form.getByText(`You can ask for up to ${FEE} back.`, { exact: false }).waitFor(WAIT);
      await form.getByRole('radio', { name: "I can't attend" }).check();
      const message = `My band's van broke down and we cannot get to Lisbon that week (${hex()}).`;
      await form.getByRole('textbox', { name: 'Message to the organiser' }).fill(message);
      await form.getByRole('button', { name: 'Send the request' }).click();
      await form.waitFor({ state: 'detached', ...WAIT });
      await page.getByText('Your refund request was sent to the organiser.').waitFor(WAIT);

      const request = fee.getByRole('region', { name: 'Your refund request' });
      await request.getByText('Asked', { exact: true }).waitFor(WAIT);
      await request.getByText(message).waitFor();
      const timeline = request.getByRole('list', { name: 'Progress of your refund request' });
      await timeline.getByText('You asked for a refund').waitFor();
      await timeline.getByText("The organiser's answer").waitFor();
      await request.getByRole('button', { name: 'Cancel request' }).waitFor();
      await expectAccessible('application with its refund request');
    },
    STEP_TIMEOUT,
  );

  it(
    'Maya sees the request on the payments page, approves it, and the refund shows everywhere there',
    async () => {
      ({ context, page } = await openJourneyPage(browser, baseUrl));
      await logIn(page, ORGANISER);
      await page.goto(`/opportunity/${OPPORTUNITY}/payments/details`);
      const refunded = revenueCard('Refunded');
      await refunded.waitFor(WAIT);
      for (const card of ['Applications paid', 'Collected', 'Available', 'Pending']) {
        await revenueCard(card).waitFor();
      }
      const refundedBefore = euros(await refunded.textContent());

      const requests = main().getByRole('list', { name: 'Refund requests' });
      const item = requests.getByRole('listitem').filter({ hasText: name });
      await item.getByText('Cannot attend').waitFor(WAIT);
      await item.getByText(FEE).waitFor();
      await expectAccessible('payments page with an open refund request');

      await item.getByRole('button', { name: `Approve the refund request of ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Approve the refund request of ${name}` });
      await dialog.getByText(`${FEE} goes back to ${name}.`, { exact: false }).waitFor(WAIT);
      await dialog
        .getByRole('textbox', { name: 'Note to the applicant (optional)' })
        .fill('Sorry to miss you this year. Safe travels, and apply again next spring!');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
      await page.getByText(`Refund request of ${name} approved.`).waitFor(WAIT);

      // The local processor refunds at once; the page shows it once it reads the lists again.
      await expect
        .poll(
          async () => {
            await page.reload();
            await refunded.waitFor(WAIT);
            return euros(await refunded.textContent());
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBe(refundedBefore + euros(FEE));
      const row = main()
        .getByRole('table', { name: 'Payments' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name }) });
      await row.getByText(`${FEE} refunded`).waitFor(WAIT);
      await row.getByText('Refunded', { exact: true }).first().waitFor();
      await requests
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByText('Sorry to miss you this year', { exact: false })
        .waitFor(WAIT);

      const saved = page.waitForEvent('download', { timeout: 60_000 });
      await main().getByRole('button', { name: 'Download CSV' }).click();
      const download = await saved;
      expect(download.suggestedFilename()).toBe(`payments-${OPPORTUNITY}.csv`);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv).toContain(name);
      await page.getByText(`Saved as payments-${OPPORTUNITY}.csv.`).waitFor(WAIT);
      await expectAccessible('payments page after the refund');
    },
    STEP_TIMEOUT,
  );

  it(
    'the performer reads the refund on her application and on her receipt',
    async () => {
      ({ context, page } = await openJourneyPage(browser, baseUrl));
      await logIn(page, performer.email, PASSWORD);
      await page.goto(`/application/${performer.applicationId}`);
      const fee = main().getByRole('region', { name: 'Your fee and refunds' });
      const request = fee.getByRole('region', { name: 'Your refund request' });
      await request.getByText('Refunded', { exact: true }).waitFor(WAIT);
      await request
        .getByRole('list', { name: 'Progress of your refund request' })
        .getByText('The money was sent back to your card')
        .waitFor();
      await request.getByText('Sorry to miss you this year', { exact: false }).waitFor();
      await fee.getByText(`Refunded so far: ${FEE} of ${FEE}.`).waitFor();
      await fee.getByText(new RegExp(`^Refunded ${FEE} on `)).waitFor();
      await expectAccessible('application after the refund');

      const receiptLink = main()
        .getByRole('link', { name: /View (the )?receipt/ })
        .first();
      receiptPath = (await receiptLink.getAttribute('href')) ?? '';
      expect(receiptPath).toMatch(/^\/receipt\//);
      await receiptLink.click();
      await page.waitForURL(/\/receipt\//, WAIT);
      await page.getByTestId('receipt-refund').first().waitFor(WAIT);
      expect(await page.getByTestId('receipt-refund').allTextContents()).toEqual([
        expect.stringMatching(new RegExp(`^Refunded ${FEE} on .+`)),
      ]);
      expect(await page.getByTestId('receipt-kept').textContent()).toBe('Kept €0.00');
      await main().getByText('Refunded', { exact: true }).waitFor();
      await expectAccessible('receipt with its refund');
    },
    STEP_TIMEOUT,
  );

  it(
    "Maya's payout account shows the balance, the riverside money held, the payouts and the bank",
    async () => {
      ({ context, page } = await openJourneyPage(browser, baseUrl));
      await logIn(page, ORGANISER);
      await page.goto(`/organisation/${ORGANISATION}/payment/account`);
      const balance = main().getByRole('region', { name: 'Balance' });
      await balance.getByText('Available for payout').first().waitFor(WAIT);
      const upcoming = balance.getByRole('list', { name: 'Held until events have happened' });
      await upcoming.getByRole('link', { name: OPPORTUNITY_TITLE }).waitFor(WAIT);

      const history = main()
        .getByRole('region', { name: 'Payouts' })
        .getByRole('list', { name: 'Payout history' });
      await history.getByText('Failed', { exact: true }).waitFor(WAIT);
      await history
        .getByText('The bank account has been closed. The money was returned to your balance.')
        .waitFor();
      await history.getByText('Paid', { exact: true }).first().waitFor();

      const destinations = main().getByRole('region', { name: 'Where payouts go' });
      await destinations.getByText('•••• 0154').waitFor(WAIT);
      await expectAccessible('payout account page');
    },
    STEP_TIMEOUT,
  );

  it(
    'in Arabic on a 390 px phone, the receipt reads right to left without sideways scroll',
    async () => {
      ({ context, page } = await openJourneyPage(browser, baseUrl, {
        viewport: { width: 390, height: 844 },
      }));
      await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl }]);
      await page.goto(receiptPath);
      const refundLine = page.getByTestId('receipt-refund');
      await refundLine.first().waitFor(WAIT);
      await page.waitForFunction(() => document.documentElement.dir === 'rtl', undefined, WAIT);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
      expect(await refundLine.first().textContent()).toMatch(/^تم استرداد .+ في .+/);
      expect(await page.getByTestId('receipt-kept').textContent()).toMatch(/^المُحتفَظ به /);
      await expectNoSidewaysScroll('the receipt in Arabic at 390 px');
      await expectAccessible('the receipt in Arabic at 390 px');
    },
    STEP_TIMEOUT,
  );
});
