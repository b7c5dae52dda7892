import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { publishedOpportunity, type OpportunitySeat } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { connectPayoutAccount } from '../../../test/payments';
import { createViewerAccess } from '../access/access';
import { Viewer } from '../access/viewer';
import { payments } from './payments.table';

let now = new Date('2027-03-01T10:00:00Z');
let server: TestServer;
let owner: TestAccount;
let member: TestAccount;
let organisation: { id: string; slug: string; name: string };

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  [owner, member] = await Promise.all([
    registerAccount(server, { name: 'Maya Owner' }),
    registerAccount(server, { name: 'Milo Member' }),
  ]);
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: owner.id, email: owner.email, role: 'owner' },
    { userId: member.id, email: member.email, role: 'member' },
  ]);
  await connectPayoutAccount(server, organisation);
});
afterEach(async () => {
  now = new Date('2027-03-01T10:00:00Z');
  await server.deliverEvents();
  expect(await server.app.services.payments.audit.problems()).toEqual([]);
});
afterAll(async () => {
  await server?.close();
});

interface Session {
  payment: {
    id: string;
    status: string;
    method: string;
    amount: number;
    discount: number;
    fee: number;
    coupon: string | null;
    receipt: string | null;
    receipt_number: number | null;
    last_error: string | null;
  };
  client_secret: string | null;
  next_action_url: string | null;
}

const SESSION = `payment { id status method amount discount fee coupon receipt receipt_number last_error } client_secret next_action_url`;
const START = `mutation($application: ID!, $input: CheckoutInput) { startCheckout(application: $application, input: $input) { ${SESSION} } }`;
const PREVIEW = `query($application: ID!, $input: CheckoutInput) { checkoutPreview(application: $application, input: $input) {
  method total { amount currency formatted } discount { amount } discount_percent platform_fee { amount } organisation_receives { amount }
  slots_left applied_count coupon payment_option { id title }
} }`;
const APPLICATION = `query($id: ID!) { viewApplication(id: $id) { status payment_status payment_info { status amount coupon receipt } payment { title filled_slots } } }`;

let serial = 0;

/** A published paid opportunity of Harbour Lights with an early-bird tier and a regular one. */
async function paidOpportunity(
  options: {
    earlySlots?: number;
    type?: 'PAID_INTERNAL' | 'PAID_EXTERNAL';
    auto?: boolean;
    seats?: OpportunitySeat[];
  } = {},
) {
  serial += 1;
  const opportunity = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner,
    title: `Riverside Open Call ${serial}`,
    seats: options.seats ?? [],
    fields: {
      payment_type: options.type ?? 'PAID_INTERNAL',
      ...(options.type === 'PAID_EXTERNAL'
        ? { external_payment_url: 'https://tickets.example.com/riverside' }
        : {}),
      ...(options.auto ? { approval_type: 'AUTO' } : {}),
      payment_options: [
        { title: 'Early bird', cost: 1000, currency: 'EUR', slots: options.earlySlots ?? 10 },
        { title: 'Regular', cost: 2000, currency: 'EUR' },
      ],
    },
  });
  const [tiers = []] = await server.app.services.opportunities.paymentOptionsOf([opportunity.id]);
  const couponActor = { id: owner.id, access: accessOf(owner) };
  const early = await server.app.services.payments.coupons.create(
    opportunity.id,
    { name: 'Early fifty', code: 'EARLY50', value: 50, slots: 10 },
    couponActor,
  );
  const free = await server.app.services.payments.coupons.create(
    opportunity.id,
    { name: 'Free pass', code: 'FREEPASS', value: 100, slots: 2 },
    couponActor,
  );
  return { opportunity, early: tiers[0]!, regular: tiers[1]!, coupons: { early, free } };
}

function accessOf(account: TestAccount) {
  return createViewerAccess(
    new Viewer({ id: account.id, role: 'performer' }),
    server.app.services.organisations,
    server.app.services.opportunities,
  );
}

/** A performer's complete application, waiting for its fee. */
async function awaitingPayment(opportunityId: string, name = 'Sam Performer') {
  const applicant = await registerAccount(server, { name });
  const saved = await server.graphql<{ saveApplication: { id: string } }>(
    `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }`,
    {
      input: {
        opportunity_id: opportunityId,
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: name,
          email: applicant.email,
          address: { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' },
        },
      },
    },
    applicant.headers,
  );
  expect(saved.body.errors).toBeUndefined();
  const id = saved.body.data!.saveApplication.id;
  const submitted = await server.graphql(
    `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id } }`,
    { input: { id } },
    applicant.headers,
  );
  expect(submitted.body.errors).toBeUndefined();
  return { applicant, applicationId: id };
}

async function start(
  applicant: TestAccount,
  application: string,
  input: Record<string, unknown> = {},
) {
  return server.graphql<{ startCheckout: Session }>(
    START,
    { application, input },
    applicant.headers,
  );
}

async function applicationOf(applicant: TestAccount, id: string) {
  const answer = await server.graphql<{
    viewApplication: {
      status: string;
      payment_status: string;
      payment_info: {
        status: string;
        amount: number;
        coupon: string | null;
        receipt: string | null;
      };
      payment: { title: string; filled_slots: number };
    };
  }>(APPLICATION, { id }, applicant.headers);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!.viewApplication;
}

// The checkout journeys themselves (paying, declines, authentication, races, crashes, replayed
// events) run on both providers: checkout.contract.ts, checkout.local.test.ts, checkout.stripe.test.ts.
describe('checkout on the local processor', () => {
  it('refuses a coupon that leaves less than the processor takes, naming the field', async () => {
    const { opportunity, regular } = await paidOpportunity();
    await server.app.services.payments.coupons.create(
      opportunity.id,
      { name: 'Almost free', code: 'ALMOST99', value: 99, slots: 5 },
      { id: owner.id, access: accessOf(owner) },
    );
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const answer = await start(applicant, applicationId, {
      payment_option_id: regular.id,
      coupon_code: 'ALMOST99',
    });
    expect(answer.body.errors![0]!.extensions).toMatchObject({
      code: 'VALIDATION',
      validation: { 'input.coupon_code': [expect.any(String)] },
    });
  });
});

describe('what an opportunity shows of its prices', () => {
  it("offers the next tier once the early bird is full, and counts each tier's slots left", async () => {
    const { opportunity, early } = await paidOpportunity({ earlySlots: 1 });
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const PRICES =
      'query($slug: String!) { opportunity(slug: $slug) { payment_details { title } slots_status { code slots } } }';
    const before = await server.graphql<{ opportunity: unknown }>(PRICES, {
      slug: opportunity.slug,
    });
    expect(before.body.data!.opportunity).toEqual({
      payment_details: { title: 'Early bird' },
      slots_status: [
        { code: early.code, slots: 1 },
        { code: expect.any(String), slots: null },
      ],
    });
    expect(
      (await start(applicant, applicationId, { payment_option_id: early.id })).body.errors,
    ).toBeUndefined();
    const after = await server.graphql<{ opportunity: unknown }>(PRICES, {
      slug: opportunity.slug,
    });
    expect(after.body.data!.opportunity).toEqual({
      payment_details: { title: 'Regular' },
      slots_status: [
        { code: early.code, slots: 0 },
        { code: expect.any(String), slots: null },
      ],
    });
  });
});

describe('the payments audit', () => {
  it('notices a tier counting more than its payments, and a card payment missing from the books', async () => {
    const { opportunity, early } = await paidOpportunity();
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const session = (await start(applicant, applicationId, { payment_option_id: early.id })).body
      .data!.startCheckout;
    const { audit } = server.app.services.payments;
    expect(await audit.problems()).toEqual([]);
    const { opportunityPaymentOptions } = await import('../opportunities/opportunities.table');
    const bump = (by: number) =>
      server.database.db
        .update(opportunityPaymentOptions)
        .set({ filledSlots: sql`${opportunityPaymentOptions.filledSlots} + ${by}` })
        .where(eq(opportunityPaymentOptions.id, early.id));
    await bump(1);
    expect(await audit.problems()).toEqual([expect.stringContaining(`tier ${early.id}`)]);
    await bump(-1);
    const unbooked = (status: 'SUCCEEDED' | 'REQUIRES_METHOD') =>
      server.database.db
        .update(payments)
        .set({ status })
        .where(eq(payments.id, session.payment.id));
    await unbooked('SUCCEEDED');
    expect(await audit.problems()).toContainEqual(
      `payment ${session.payment.id}: 0 charge entries`,
    );
    await unbooked('REQUIRES_METHOD');
  });
});

describe('who may pay, preview and record payments', () => {
  it('answers only the applicant; strangers and the team are told there is no such checkout', async () => {
    const { opportunity, regular } = await paidOpportunity();
    const { applicationId } = await awaitingPayment(opportunity.id);
    const stranger = await registerAccount(server, { name: 'Stranger' });
    for (const caller of [stranger, owner]) {
      const answer = await start(caller, applicationId, { payment_option_id: regular.id });
      expect(answer.body.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    }
    const anonymous = await server.graphql(START, { application: applicationId });
    expect(anonymous.body.errors![0]!.extensions?.code).toBe('UNAUTHENTICATED');
    for (const hostile of ['not-an-id\u0000', 'x'.repeat(5000)]) {
      const answer = await server.graphql(PREVIEW, { application: hostile }, stranger.headers);
      expect(answer.body.errors![0]!.extensions?.code).toMatch(/^(NOT_FOUND|VALIDATION)$/);
    }
  });

  it("shows the receipt's address to the applicant and the payments team, never to a reviewer", async () => {
    const reviewer = await registerAccount(server, { name: 'Blind Reviewer' });
    const { opportunity, regular } = await paidOpportunity({
      seats: [{ person: reviewer, role: 'reviewer', permissions: ['rate', 'comment'] }],
    });
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const paid = await start(applicant, applicationId, {
      payment_option_id: regular.id,
      coupon_code: 'FREEPASS',
    });
    expect(paid.body.data!.startCheckout.payment.status).toBe('SUCCEEDED');
    await server.deliverEvents();
    const RECEIPT = 'query($id: ID!) { viewApplication(id: $id) { payment_info { receipt } } }';
    const receiptFor = async (account: TestAccount) =>
      (
        await server.graphql<{ viewApplication: { payment_info: { receipt: string | null } } }>(
          RECEIPT,
          { id: applicationId },
          account.headers,
        )
      ).body.data!.viewApplication.payment_info.receipt;
    expect(await receiptFor(applicant)).toMatch(/^\/receipt\//);
    expect(await receiptFor(owner)).toMatch(/^\/receipt\//);
    expect(await receiptFor(reviewer)).toBeNull();
  });

  it('lets the owner record a payment made elsewhere; a member may not', async () => {
    const { opportunity } = await paidOpportunity({ type: 'PAID_EXTERNAL' });
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const RECORD = `mutation($application: ID!) { recordExternalPayment(application: $application) { status method is_external } }`;
    for (const refused of [member, applicant]) {
      const answer = await server.graphql(RECORD, { application: applicationId }, refused.headers);
      expect(answer.body.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await applicationOf(applicant, applicationId)).payment_status).toBe(
      'REQUIRES_CREATION',
    );
    const recorded = await server.graphql<{ recordExternalPayment: unknown }>(
      RECORD,
      { application: applicationId },
      owner.headers,
    );
    expect(recorded.body.errors).toBeUndefined();
    expect(recorded.body.data!.recordExternalPayment).toEqual({
      status: 'SUCCEEDED',
      method: 'EXTERNAL_PAYMENT',
      is_external: true,
    });
    await server.deliverEvents();
    expect(await applicationOf(applicant, applicationId)).toMatchObject({
      status: 'SUBMITTED',
      payment_status: 'SUCCEEDED',
      payment_info: { status: 'SUCCEEDED' },
    });
  });

  it('publishes a paid opportunity only for an organisation whose account takes payments', async () => {
    const unconnected = await insertOrganisation(server.database.db, { name: 'No Account Yet' }, [
      { userId: owner.id, email: owner.email, role: 'owner' },
    ]);
    await expect(
      publishedOpportunity(server, {
        organisationId: unconnected.id,
        owner,
        title: 'Paid Too Early',
        fields: {
          payment_type: 'PAID_INTERNAL',
          payment_options: [{ title: 'Entry', cost: 1500, currency: 'EUR' }],
        },
      }),
    ).rejects.toMatchObject({
      validation: { 'input.payment_type': ['validation.payment_account_required'] },
    });
  });
});
