import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import {
  accessOf,
  CHECKOUT_PREVIEW,
  checkoutFixtures,
  START_CHECKOUT,
} from '../../../test/checkout';
import { startTestServer, type TestServer } from '../../../test/harness';
import { publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { connectPayoutAccount } from '../../../test/payments';
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

const { paidOpportunity, awaitingPayment, start, applicationOf } = checkoutFixtures(() => ({
  server,
  owner,
  organisation,
}));

// The checkout journeys themselves (paying, declines, authentication, races, crashes, replayed
// events) run on both providers: checkout.contract.ts, checkout.local.test.ts, checkout.stripe.test.ts.
describe('checkout on the local processor', () => {
  it('refuses a coupon that leaves less than the processor takes, naming the field', async () => {
    const { opportunity, regular } = await paidOpportunity();
    await server.app.services.payments.coupons.create(
      opportunity.id,
      { name: 'Almost free', code: 'ALMOST99', value: 99, slots: 5 },
      { id: owner.id, access: accessOf(server, owner) },
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

describe('an application the applicant withdrew', () => {
  it('is never charged', async () => {
    const { opportunity, regular } = await paidOpportunity();
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const withdrawn = await server.graphql(
      'mutation($input: ApplicationIdInput!) { withdrawApplication(input: $input) { status } }',
      { input: { id: applicationId } },
      applicant.headers,
    );
    expect(withdrawn.body.errors).toBeUndefined();
    const answer = await start(applicant, applicationId, { payment_option_id: regular.id });
    expect(answer.body.errors![0]!.extensions?.code).toBe('CONFLICT');
    expect(await server.app.services.payments.checkout.paymentOf(applicationId)).toBeUndefined();
  });
});

describe('withdrawing in the middle of paying', () => {
  it('ends the checkout at the processor and gives its slots back', async () => {
    const { opportunity, early } = await paidOpportunity({ earlySlots: 1 });
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const session = (await start(applicant, applicationId, { payment_option_id: early.id })).body
      .data!.startCheckout;
    expect(session.payment.status).toBe('REQUIRES_METHOD');
    await server.graphql(
      'mutation($input: ApplicationIdInput!) { withdrawApplication(input: $input) { status } }',
      { input: { id: applicationId } },
      applicant.headers,
    );
    await server.deliverEvents();
    const payment = (await server.app.services.payments.checkout.paymentOf(applicationId))!;
    expect(payment).toMatchObject({ status: 'CANCELED', holdsSlots: false });
    const intent = await server.app.services.payments.provider.retrieveIntent(
      payment.providerIntentId!,
    );
    expect(intent.status).toBe('canceled');
    const [tier] = (await server.app.services.opportunities.paymentOptionsOf([opportunity.id]))[0]!;
    expect(tier!.filledSlots).toBe(0);
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
    const anonymous = await server.graphql(START_CHECKOUT, { application: applicationId });
    expect(anonymous.body.errors![0]!.extensions?.code).toBe('UNAUTHENTICATED');
    for (const hostile of ['not-an-id\u0000', 'x'.repeat(5000)]) {
      const answer = await server.graphql(
        CHECKOUT_PREVIEW,
        { application: hostile },
        stranger.headers,
      );
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
    const RECORD = `mutation($application: ID!) { recordExternalPayment(application: $application) { status method is_external receipt_number } }`;
    for (const refused of [member, applicant]) {
      const answer = await server.graphql(RECORD, { application: applicationId }, refused.headers);
      expect(answer.body.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await applicationOf(applicant, applicationId)).payment_status).toBe(
      'REQUIRES_CREATION',
    );
    // Two of the team record it at the same moment: one payment, one receipt.
    const [recorded, again] = await Promise.all(
      [owner, owner].map((account) =>
        server.graphql<{ recordExternalPayment: { receipt_number: number } }>(
          RECORD,
          { application: applicationId },
          account.headers,
        ),
      ),
    );
    expect(recorded!.body.errors).toBeUndefined();
    expect(again!.body.errors).toBeUndefined();
    expect(recorded!.body.data!.recordExternalPayment).toEqual({
      status: 'SUCCEEDED',
      method: 'EXTERNAL_PAYMENT',
      is_external: true,
      receipt_number: expect.any(Number),
    });
    expect(again!.body.data!.recordExternalPayment.receipt_number).toBe(
      recorded!.body.data!.recordExternalPayment.receipt_number,
    );
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
