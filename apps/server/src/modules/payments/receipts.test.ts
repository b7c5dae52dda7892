import { eq } from 'drizzle-orm';
import { formatMoney } from '@encore/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { connectPayoutAccount } from '../../../test/payments';
import { startTestSmtp } from '../../../test/smtp';
import { createViewerAccess } from '../access/access';
import { Viewer } from '../access/viewer';
import { payments } from './payments.table';

const now = new Date('2027-03-01T10:00:00Z');
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let server: TestServer;
let owner: TestAccount;
let organisation: { id: string; slug: string; name: string };

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url }, { clock: () => now });
  owner = await registerAccount(server, { name: 'Maya Owner' });
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: owner.id, email: owner.email, role: 'owner' },
  ]);
  await connectPayoutAccount(server, organisation);
});
afterEach(async () => {
  expect(await server.app.services.payments.audit.problems()).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const RECEIPT = `query($url: String!, $payment: ID) { applicationReceipt(receipt_url: $url, payment_id: $payment) {
  payment_id number paid_at organisation_name opportunity_title application_code applicant_name applicant_email
  tier_title coupon_code discount_percent currency method status pdf_url
  price { amount formatted } discount { amount formatted } platform_fee { amount } total { amount currency formatted }
} }`;

interface Receipt {
  payment_id: string;
  number: number;
  organisation_name: string;
  opportunity_title: string;
  applicant_name: string;
  applicant_email: string;
  tier_title: string | null;
  coupon_code: string | null;
  discount_percent: number;
  pdf_url: string;
  total: { amount: number; currency: string; formatted: string };
}

let serial = 0;

/** A performer (speaking `locale`) who paid the early-bird tier with a 50 % coupon by card. */
async function paidApplication(locale: string) {
  serial += 1;
  const opportunity = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner,
    title: `Receipt Open Call ${serial}`,
    fields: {
      payment_type: 'PAID_INTERNAL',
      payment_options: [{ title: 'Early bird', cost: 1000, currency: 'EUR', slots: 10 }],
    },
  });
  const [tiers = []] = await server.app.services.opportunities.paymentOptionsOf([opportunity.id]);
  await server.app.services.payments.coupons.create(
    opportunity.id,
    { name: 'Early fifty', code: 'EARLY50', value: 50, slots: 10 },
    {
      id: owner.id,
      access: createViewerAccess(
        new Viewer({ id: owner.id, role: 'performer' }),
        server.app.services.organisations,
        server.app.services.opportunities,
      ),
    },
  );
  const applicant = await registerAccount(server, { name: 'Sam Performer', locale });
  const saved = await server.graphql<{ saveApplication: { id: string } }>(
    `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }`,
    {
      input: {
        opportunity_id: opportunity.id,
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: 'Sam Performer',
          email: applicant.email,
          address: { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' },
        },
      },
    },
    applicant.headers,
  );
  expect(saved.body.errors).toBeUndefined();
  const applicationId = saved.body.data!.saveApplication.id;
  const submitted = await server.graphql(
    `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id } }`,
    { input: { id: applicationId } },
    applicant.headers,
  );
  expect(submitted.body.errors).toBeUndefined();
  const started = await server.graphql<{
    startCheckout: { payment: { id: string }; client_secret: string };
  }>(
    `mutation($application: ID!, $input: CheckoutInput) { startCheckout(application: $application, input: $input) { payment { id } client_secret } }`,
    {
      application: applicationId,
      input: { payment_option_id: tiers[0]!.id, coupon_code: 'early50' },
    },
    applicant.headers,
  );
  expect(started.body.errors).toBeUndefined();
  const { payment, client_secret } = started.body.data!.startCheckout;
  const [row] = await server.database.db.select().from(payments).where(eq(payments.id, payment.id));
  await server.app.services.payments.local!.processor.confirmIntent(
    row!.providerIntentId!,
    client_secret,
    '4242 4242 4242 4242',
  );
  await server.deliverEvents();
  await server.deliverEvents();
  const [paid] = await server.database.db
    .select()
    .from(payments)
    .where(eq(payments.id, payment.id));
  expect(paid!.status).toBe('SUCCEEDED');
  return {
    applicant,
    applicationId,
    paymentId: payment.id,
    token: paid!.receiptToken!,
    opportunity,
  };
}

describe('receipts', () => {
  let paid: Awaited<ReturnType<typeof paidApplication>>;
  beforeAll(async () => {
    paid = await paidApplication('de');
  });

  it('answers the receipt to whoever holds its link, signed out, by path or bare token', async () => {
    for (const url of [`/receipt/${paid.token}`, paid.token]) {
      const answer = await server.graphql<{ applicationReceipt: Receipt }>(
        RECEIPT,
        { url, payment: paid.paymentId },
        { 'accept-language': 'de' },
      );
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data!.applicationReceipt).toMatchObject({
        payment_id: paid.paymentId,
        organisation_name: 'Harbour Lights',
        opportunity_title: paid.opportunity.title,
        applicant_name: 'Sam Performer',
        applicant_email: paid.applicant.email,
        tier_title: 'Early bird',
        coupon_code: 'EARLY50',
        discount_percent: 50,
        pdf_url: `/api/receipts/${paid.token}.pdf`,
        total: { amount: 500, currency: 'EUR', formatted: formatMoney(500, 'EUR', 'de') },
      });
      expect(answer.body.data!.applicationReceipt.number).toBeGreaterThan(0);
    }
    // The applicant, signed in, reads it too; so does anyone else holding the link.
    const stranger = await registerAccount(server, { name: 'Someone Else' });
    for (const headers of [paid.applicant.headers, stranger.headers]) {
      const answer = await server.graphql(RECEIPT, { url: paid.token }, headers);
      expect(answer.body.errors).toBeUndefined();
    }
  });

  it('is NOT_FOUND for a wrong token or a payment id of another payment', async () => {
    const cases = [
      { url: `/receipt/${paid.token}x` },
      { url: 'not a token at all' },
      { url: '' },
      { url: paid.token, payment: '00000000-0000-4000-8000-000000000000' },
      { url: paid.token, payment: 'not-a-uuid' },
    ];
    for (const variables of cases) {
      const answer = await server.graphql<{ applicationReceipt: Receipt | null }>(
        RECEIPT,
        variables,
      );
      expect(answer.body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe(
        'NOT_FOUND',
      );
      expect(answer.body.data?.applicationReceipt ?? null).toBeNull();
    }
  });

  it('downloads as a PDF in the language of the request, never cached', async () => {
    const response = await fetch(`${server.url}/api/receipts/${paid.token}.pdf`, {
      headers: { 'accept-language': 'fr' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-language')).toBe('fr');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const number = (await server.app.services.payments.receipts.receipt(paid.token)).number;
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="receipt-${number}.pdf"`,
    );
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.length).toBeGreaterThan(1000);

    // Cyrillic and Arabic letters take the embedded Unicode font.
    for (const language of ['ru', 'ar']) {
      const other = await fetch(`${server.url}/api/receipts/${paid.token}.pdf`, {
        headers: { 'accept-language': language },
      });
      expect(other.status).toBe(200);
      expect(other.headers.get('content-language')).toBe(language);
      const bytes = Buffer.from(await other.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    const missing = await fetch(`${server.url}/api/receipts/${paid.token}zz.pdf`);
    expect(missing.status).toBe(404);
    const noPdf = await fetch(`${server.url}/api/receipts/${paid.token}`);
    expect(noPdf.status).toBe(404);
  });

  it('emails the applicant the receipt in their language, with the link', async () => {
    const mail = await smtp.waitFor(paid.applicant.email, 'Quittung');
    expect(mail.decoded).toContain(`/receipt/${paid.token}`);
    expect(mail.decoded).toContain('EARLY50');
    expect(mail.decoded).toContain('Harbour Lights');
    expect(mail.decoded).toContain('Early bird');
    // Once: delivering the events again sends nothing more.
    await server.deliverEvents();
    expect(
      smtp.received.filter(
        (m) => m.to.includes(paid.applicant.email) && m.decoded.includes('Quittung'),
      ),
    ).toHaveLength(1);
  });
});
