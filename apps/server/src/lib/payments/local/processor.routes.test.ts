import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { insertOrganisation } from '../../../../test/organisations';
import type { AccountHolder } from '../../../modules/payments/payment-accounts.service';
import { CONFIRMATIONS_BY_ADDRESS } from './processor.api';
import { safeReturnUrl } from './processor.routes';

/** The address Encore names itself by; the test server listens elsewhere. */
const publicUrl = 'http://encore.test';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ publicUrl });
});
afterAll(async () => {
  await server?.close();
});

const services = () => server.app.services;
function local() {
  const processor = services().payments.local;
  if (!processor) throw new Error('the local processor is not configured');
  return processor;
}

/** One of the processor's addresses, as served by the test server. */
const served = (url: string) => url.replace(publicUrl, server.url);

async function holder(name: string): Promise<AccountHolder> {
  const row = await insertOrganisation(server.database.db, { name }, []);
  return { id: row.id, slug: row.slug, name: row.name, email: `payments@${row.slug}.test` };
}

async function onboardingLink(name = 'Harbour Lights') {
  const organisation = await holder(name);
  const step = await services().payments.accounts.updateAccountLink(organisation);
  return { organisation, url: step.url!, link: new URL(step.url!).searchParams.get('link')! };
}

const getPage = (url: string, headers: Record<string, string> = {}) =>
  fetch(served(url), { headers, redirect: 'manual' });

const postForm = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });

const goodDetails = {
  business_type: 'COMPANY',
  country: 'IE',
  default_currency: 'EUR',
  payout_type: 'BANK_ACCOUNT',
  bank_holder_name: 'Harbour Lights Ltd',
  account_number: 'IE29 AIBK 9311 5212 3456 78',
  routing_number: '',
  card_holder_name: '',
  card_number: '',
};

/** An organisation through onboarding, and its processor account able to take charges. */
async function connectedAccount(): Promise<string> {
  const { organisation, link } = await onboardingLink('Riverside Stage');
  await local().onboarding.submit(link, {
    businessType: 'NON_PROFIT',
    country: 'IE',
    defaultCurrency: 'EUR',
    payout: {
      type: 'BANK_ACCOUNT',
      holderName: 'Riverside Stage',
      accountNumber: 'IE29AIBK93115212345678',
    },
  });
  await server.deliverEvents();
  return (await services().payments.accounts.account(organisation.id))!.providerAccountId;
}

const intentFor = (destination: string) =>
  services().payments.provider.createIntent(
    {
      amount: 2_500,
      currency: 'EUR',
      applicationFeeAmount: 125,
      destination,
      description: 'Riverside Stage <open call>',
      metadata: {},
    },
    `checkout:${randomUUID()}`,
  );

const confirm = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/processor/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const retrieve = (id: string, clientSecret: string) =>
  fetch(
    `${server.url}/processor/v1/payment_intents/${id}?client_secret=${encodeURIComponent(clientSecret)}`,
  );

describe('the onboarding page', () => {
  it('renders the form in English, with labels, the countries and the payment currencies', async () => {
    const { url, link } = await onboardingLink();
    const response = await getPage(url, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await response.text();
    expect(page).toMatch(/^<!doctype html>\s*<html lang="en" dir="ltr">/);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toContain('<h1>Set up payouts</h1>');
    expect(page).toContain(`<input type="hidden" name="link" value="${link}">`);
    expect(page).toContain('<label for="country">Country</label>');
    expect(page).toContain('<option value="IE">Ireland</option>');
    expect(page).toContain('<option value="EUR">EUR – Euro</option>');
    expect(page).toContain('<label for="business_type-NON_PROFIT">Non-profit organisation</label>');
    expect(page).toContain('<label for="card_number">Debit card number</label>');
    expect(page).toContain(':focus-visible{outline:3px solid');
    expect(page).not.toContain('<script');
    // The account's email, escaped as every value is.
    expect(page).toMatch(/payments@harbour-lights-[a-z0-9]+\.test/);
  });

  it('renders right to left in Arabic, from the lng parameter or Accept-Language', async () => {
    const { url } = await onboardingLink();
    const byParameter = await (await getPage(`${url}&lng=ar`)).text();
    expect(byParameter).toContain('<html lang="ar" dir="rtl">');
    expect(byParameter).toContain('<h1>إعداد الدفعات</h1>');
    expect(byParameter).toContain('<input type="hidden" name="lng" value="ar">');
    const byHeader = await (await getPage(url, { 'accept-language': 'ar-EG,ar;q=0.9' })).text();
    expect(byHeader).toContain('<html lang="ar" dir="rtl">');
    // An unsupported language is English.
    const other = await (await getPage(url, { 'accept-language': 'ja' })).text();
    expect(other).toContain('<html lang="en" dir="ltr">');
  });

  it('shows the problems next to each field, keeps the values and spends nothing', async () => {
    const { organisation, link } = await onboardingLink();
    const response = await postForm('/processor/onboarding', {
      link,
      ...goodDetails,
      business_type: '',
      country: 'ZZ',
      bank_holder_name: '<script>alert(1)</script>',
      account_number: 'x!',
      routing_number: 'abc',
      // The card half is not the chosen one: its fields are not checked.
      card_number: '1234',
    });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain('<h2 id="problems-title">There is a problem</h2>');
    expect(page).toContain(
      '<p class="error" id="business_type-error">Choose the type of business.</p>',
    );
    expect(page).toContain(
      '<p class="error" id="country-error">Choose a country from the list.</p>',
    );
    expect(page).toContain(
      '<p class="error" id="account_number-error">Enter an IBAN or account number: 4 to 34 letters and digits.</p>',
    );
    expect(page).toMatch(
      /<input id="account_number" name="account_number" type="text" value="x!"[^>]* aria-describedby="account_number-hint account_number-error" aria-invalid="true">/,
    );
    expect(page).toMatch(/<input id="routing_number"[^>]*aria-invalid="true">/);
    expect(page).toMatch(
      /<select id="country" name="country" aria-describedby="country-error" aria-invalid="true">/,
    );
    expect(page).not.toContain('card_number-error');
    // Values are kept, escaped.
    expect(page).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).not.toContain('<script>');
    expect(page).toContain('<option value="EUR" selected>');
    expect(page).toMatch(/<input type="radio" id="payout_type-BANK_ACCOUNT" [^>]*checked>/);
    // The link still works.
    expect((await getPage(`${publicUrl}/processor/onboarding?link=${link}`)).status).toBe(200);
    expect(
      (await services().payments.accounts.account(organisation.id, true))!.chargesEnabled,
    ).toBe(false);
  });

  it('names a card payout problem, a missing payout choice and unreadable text, never failing', async () => {
    const { link } = await onboardingLink();
    const card = await postForm('/processor/onboarding', {
      link,
      ...goodDetails,
      payout_type: 'CARD',
      card_holder_name: 'Maya\u0000',
      card_number: '4242 4242 4242 4241',
      lng: 'de',
    });
    expect(card.status).toBe(422);
    const page = await card.text();
    expect(page).toContain('<html lang="de" dir="ltr">');
    expect(page).toContain(
      '<p class="error" id="card_number-error">Gib eine gültige Kartennummer ein.</p>',
    );
    expect(page).toContain('id="card_holder_name-error"');
    expect(page).not.toContain('account_number-error');

    const none = await postForm('/processor/onboarding', { link, ...goodDetails, payout_type: '' });
    expect(none.status).toBe(422);
    expect(await none.text()).toContain(
      '<p class="error" id="payout_type-error">Choose a bank account or a debit card.</p>',
    );
  });

  it('sends the holder back to the return URL, and the account can take charges once told', async () => {
    const { organisation, link } = await onboardingLink();
    const response = await postForm('/processor/onboarding', { link, ...goodDetails });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `${publicUrl}/organisation/${organisation.slug}/payment/account?connected=1`,
    );
    const { accounts } = services().payments;
    await server.deliverEvents();
    expect(await accounts.account(organisation.id)).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      businessType: 'COMPANY',
      countryCode: 'IE',
      defaultCurrency: 'EUR',
      hasExternalAccount: true,
    });
    expect(await accounts.account(organisation.id, true)).toMatchObject({ chargesEnabled: true });
  });

  it('refuses a used link with a way to a new one, and an unknown link plainly', async () => {
    const { organisation, link } = await onboardingLink();
    expect((await postForm('/processor/onboarding', { link, ...goodDetails })).status).toBe(303);

    const again = await postForm('/processor/onboarding', { link, ...goodDetails });
    expect(again.status).toBe(410);
    const reopened = await getPage(`${publicUrl}/processor/onboarding?link=${link}`);
    expect(reopened.status).toBe(410);
    const page = await reopened.text();
    expect(page).toContain('<h1>This link has expired</h1>');
    expect(page).toContain(
      `<a class="button" href="${publicUrl}/organisation/${organisation.slug}/payment/connect">Get a new link</a>`,
    );

    for (const unknown of ['link_doesnotexist', '', '%00', 'link_%3Cb%3E']) {
      const response = await getPage(`${publicUrl}/processor/onboarding?link=${unknown}`);
      expect(response.status, unknown).toBe(404);
      expect(await response.text()).toContain('<h1>This link is not valid</h1>');
    }
  });
});

describe('the authentication page', () => {
  async function waitingIntent() {
    const intent = await intentFor(await connectedAccount());
    const response = await confirm(intent.id, {
      client_secret: intent.clientSecret,
      card_number: '4000 0027 6000 3184',
    });
    const body = await response.json();
    expect(body).toMatchObject({ status: 'requires_action', last_payment_error: null });
    return { intent, nextActionUrl: body.next_action_url as string };
  }

  it('shows the amount and the merchant, and completes to the return URL', async () => {
    const { intent, nextActionUrl } = await waitingIntent();
    expect(nextActionUrl).toBe(
      `${publicUrl}/processor/authenticate?intent=${intent.id}&client_secret=${intent.clientSecret}`,
    );
    const returnUrl = `${publicUrl}/applications/abc/pay?step=2`;
    const response = await getPage(`${nextActionUrl}&return_url=${encodeURIComponent(returnUrl)}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<h1>Confirm your payment</h1>');
    expect(page).toContain('<dd class="amount">€25.00</dd>');
    expect(page).toMatch(
      /<dd class="ltr" dir="ltr">payments@riverside-stage-[a-z0-9]+\.test<\/dd>/,
    );
    expect(page).toContain('<dd>Riverside Stage &lt;open call&gt;</dd>');
    expect(page).toContain(
      `<input type="hidden" name="client_secret" value="${intent.clientSecret}">`,
    );
    expect(page).toContain(
      `<input type="hidden" name="return_url" value="${returnUrl.replace(/&/g, '&amp;')}">`,
    );
    expect(page).toContain(
      '<button type="submit" name="decision" value="complete">Complete authentication</button>',
    );
    expect(page).toContain('value="fail" class="secondary">Fail authentication</button>');

    const done = await postForm('/processor/authenticate', {
      intent: intent.id,
      client_secret: intent.clientSecret,
      return_url: returnUrl,
      decision: 'complete',
    });
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${publicUrl}/applications/abc/pay`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      step: '2',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.clientSecret,
      redirect_status: 'succeeded',
    });
    expect(await (await retrieve(intent.id, intent.clientSecret)).json()).toEqual({
      id: intent.id,
      status: 'succeeded',
      next_action_url: null,
      last_payment_error: null,
    });
    // Asked again, the page says there is nothing left to do.
    const later = await getPage(nextActionUrl);
    expect(await later.text()).toContain('<h1>Payment authenticated</h1>');
  });

  it('formats the amount in the page language, right to left in Arabic', async () => {
    const { nextActionUrl } = await waitingIntent();
    const page = await (await getPage(`${nextActionUrl}&lng=ar`)).text();
    expect(page).toContain('<html lang="ar" dir="rtl">');
    const amount = new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR' }).format(25);
    expect(page).toContain(`<dd class="amount">${amount}</dd>`);
    expect(page).toContain('إتمام المصادقة');
    const german = await (await getPage(nextActionUrl, { 'accept-language': 'de' })).text();
    expect(german).toContain('<dd class="amount">25,00\u00a0€</dd>');
  });

  it('fails the authentication: the intent waits for another card, with the error', async () => {
    const { intent } = await waitingIntent();
    const failed = await postForm('/processor/authenticate', {
      intent: intent.id,
      client_secret: intent.clientSecret,
      decision: 'fail',
    });
    // No return address: the outcome is shown.
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain('<h1>Authentication failed</h1>');
    expect(await (await retrieve(intent.id, intent.clientSecret)).json()).toEqual({
      id: intent.id,
      status: 'requires_payment_method',
      next_action_url: null,
      last_payment_error: {
        code: 'payment_intent_authentication_failure',
        decline_code: null,
        message: 'The payment could not be authenticated.',
      },
    });
  });

  it('never sends the payer off-site, and needs the client secret', async () => {
    const { intent, nextActionUrl } = await waitingIntent();
    for (const offSite of [
      'https://evil.test/phish',
      '//evil.test/phish',
      'http://encore.test.evil.test/',
      'http://encore.test@evil.test/',
      '/\\evil.test',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnUrl(offSite, publicUrl), offSite).toBeNull();
      const page = await (
        await getPage(`${nextActionUrl}&return_url=${encodeURIComponent(offSite)}`)
      ).text();
      expect(page, offSite).not.toContain('name="return_url"');
    }
    expect(safeReturnUrl('/applications/1', publicUrl)?.toString()).toBe(
      `${publicUrl}/applications/1`,
    );
    expect(safeReturnUrl('/x', 'https://example.org/encore')).toBeNull();
    expect(safeReturnUrl('/encore/x', 'https://example.org/encore')?.toString()).toBe(
      'https://example.org/encore/x',
    );

    // A wrong or missing secret: the page is not found, and nothing changes.
    const wrongSecret = `${intent.id}_secret_wrong`;
    expect((await getPage(nextActionUrl.replace(intent.clientSecret, wrongSecret))).status).toBe(
      404,
    );
    expect((await getPage(`${publicUrl}/processor/authenticate?intent=${intent.id}`)).status).toBe(
      404,
    );
    const forged = await postForm('/processor/authenticate', {
      intent: intent.id,
      client_secret: wrongSecret,
      decision: 'complete',
    });
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain('<h1>Payment not found</h1>');
    expect((await retrieve(intent.id, intent.clientSecret).then((r) => r.json())).status).toBe(
      'requires_action',
    );

    // A decision the page does not offer changes nothing: the page is shown again.
    const undecided = await postForm('/processor/authenticate', {
      intent: intent.id,
      client_secret: intent.clientSecret,
      decision: 'maybe',
    });
    expect(undecided.status).toBe(303);
    expect(undecided.headers.get('location')).toBe(
      `authenticate?intent=${intent.id}&client_secret=${intent.clientSecret}&lng=en`,
    );
    expect((await retrieve(intent.id, intent.clientSecret).then((r) => r.json())).status).toBe(
      'requires_action',
    );

    // An off-site return address is not followed: the outcome is shown instead.
    const approved = await postForm('/processor/authenticate', {
      intent: intent.id,
      client_secret: intent.clientSecret,
      return_url: 'https://evil.test/phish',
      decision: 'complete',
    });
    expect(approved.status).toBe(200);
    expect(approved.headers.get('location')).toBeNull();
    expect(await approved.text()).toContain('<h1>Payment authenticated</h1>');
  });
});

describe('the browser API', () => {
  it('charges 4242 4242 4242 4242 and declines 4000 0000 0000 0002 with a message', async () => {
    const destination = await connectedAccount();
    const declined = await intentFor(destination);
    const refusal = await confirm(declined.id, {
      client_secret: declined.clientSecret,
      card_number: '4000 0000 0000 0002',
    });
    expect(refusal.status).toBe(200);
    expect(refusal.headers.get('cache-control')).toBe('no-store');
    expect(await refusal.json()).toEqual({
      id: declined.id,
      status: 'requires_payment_method',
      next_action_url: null,
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });

    const paid = await confirm(declined.id, {
      client_secret: declined.clientSecret,
      card_number: '4242 4242 4242 4242',
    });
    expect(await paid.json()).toEqual({
      id: declined.id,
      status: 'succeeded',
      next_action_url: null,
      last_payment_error: null,
    });
    expect(await (await retrieve(declined.id, declined.clientSecret)).json()).toMatchObject({
      status: 'succeeded',
    });
  });

  it('answers a wrong client secret as an unknown intent, and a canceled intent as a conflict', async () => {
    const intent = await intentFor(await connectedAccount());
    const wrong = await confirm(intent.id, {
      client_secret: `${intent.id}_secret_wrong`,
      card_number: '4242424242424242',
    });
    const unknown = await confirm('pi_doesnotexist', {
      client_secret: 'pi_doesnotexist_secret_wrong',
      card_number: '4242424242424242',
    });
    const malformed = await confirm(intent.id, {
      client_secret: 'not a secret',
      card_number: '4242424242424242',
    });
    for (const response of [wrong, unknown, malformed]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: expect.objectContaining({ code: 'NOT_FOUND', message: 'No such payment.' }),
      });
    }
    expect((await retrieve(intent.id, `${intent.id}_secret_wrong`)).status).toBe(404);
    expect((await retrieve('pi_doesnotexist', intent.clientSecret)).status).toBe(404);
    expect((await retrieve(intent.id, intent.clientSecret)).status).toBe(200);

    await services().payments.provider.cancelIntent(intent.id, `cancel:${intent.id}`);
    const late = await confirm(intent.id, {
      client_secret: intent.clientSecret,
      card_number: '4242424242424242',
    });
    expect(late.status).toBe(409);
    expect((await late.json()).error.code).toBe('CONFLICT');
  });

  it('refuses bad input with 400 naming the field, and a huge body with 413, never 500', async () => {
    const intent = await intentFor(await connectedAccount());
    const secret = intent.clientSecret;
    const cases: Array<[unknown, string]> = [
      [{ card_number: '4242424242424242' }, 'client_secret'],
      [{ client_secret: secret }, 'card_number'],
      [{ client_secret: secret, card_number: '4242\u00004242' }, 'card_number'],
      [{ client_secret: `${secret}\u0000`, card_number: '4242424242424242' }, 'client_secret'],
      [{ client_secret: secret, card_number: '4'.repeat(1_000) }, 'card_number'],
      [{ client_secret: secret, card_number: 4242424242424242 }, 'card_number'],
      [{ client_secret: secret, card_number: '\ud800' }, 'card_number'],
      [[], 'client_secret'],
    ];
    for (const [body, field] of cases) {
      const response = await confirm(intent.id, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = await response.json();
      expect(answer.error.code).toBe('VALIDATION');
      expect(Object.keys(answer.error.validation)).toContain(field);
    }
    const nul = await (
      await confirm(intent.id, { client_secret: secret, card_number: '4\u00002' })
    ).json();
    expect(nul.error.validation.card_number).toEqual([expect.stringContaining('NUL character')]);

    const malformed = await confirm(intent.id, '{"client_secret": ');
    expect(malformed.status).toBe(400);
    const huge = await confirm(intent.id, {
      client_secret: secret,
      card_number: '4242424242424242',
      padding: 'x'.repeat(100_000),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const form = await fetch(`${server.url}/processor/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, card_number: '4242424242424242' }),
    });
    expect(form.status).toBe(415);
    // A NUL byte in the address is an unknown intent, not a database error.
    const nulId = await confirm('pi_%00', {
      client_secret: secret,
      card_number: '4242424242424242',
    });
    expect(nulId.status).toBe(404);
    expect((await retrieve('pi_%00', secret)).status).toBe(404);
    expect((await fetch(`${server.url}/processor/v1/payment_intents/${intent.id}`)).status).toBe(
      400,
    );
    // Nothing of that charged the intent.
    expect((await (await retrieve(intent.id, secret)).json()).status).toBe(
      'requires_payment_method',
    );
  });
});

describe('the confirmation limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      publicUrl,
      rateLimits: { enabled: true },
      redisPrefix: `test-${randomUUID()}`,
      trustProxy: true,
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('refuses an address after its allowance of confirmations, and not another address', async () => {
    const attempt = (ip: string) =>
      fetch(`${limited.url}/processor/v1/payment_intents/pi_unknown/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({
          client_secret: 'pi_unknown_secret_x',
          card_number: '4242424242424242',
        }),
      });
    for (let index = 0; index < CONFIRMATIONS_BY_ADDRESS.points; index += 1) {
      expect((await attempt('203.0.113.7')).status).toBe(404);
    }
    const refused = await attempt('203.0.113.7');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('RATE_LIMITED');
    expect((await attempt('203.0.113.8')).status).toBe(404);
  });
});
