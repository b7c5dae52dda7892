import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { connectPayoutAccount } from '../../../test/payments';
import { createViewerAccess } from '../access/access';
import { Viewer } from '../access/viewer';
import { coupons, payments } from './payments.table';

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

const CARD = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0027 6000 3184',
};

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
const REFRESH = `mutation($application: ID!) { refreshPayment(application: $application) { ${SESSION} } }`;
const PREVIEW = `query($application: ID!, $input: CheckoutInput) { checkoutPreview(application: $application, input: $input) {
  method total { amount currency formatted } discount { amount } discount_percent platform_fee { amount } organisation_receives { amount }
  slots_left applied_count coupon payment_option { id title }
} }`;
const APPLICATION = `query($id: ID!) { viewApplication(id: $id) { status payment_status payment_info { status amount coupon receipt } payment { title filled_slots } } }`;

let serial = 0;

/** A published paid opportunity of Harbour Lights with an early-bird tier and a regular one. */
async function paidOpportunity(
  options: { earlySlots?: number; type?: 'PAID_INTERNAL' | 'PAID_EXTERNAL'; auto?: boolean } = {},
) {
  serial += 1;
  const opportunity = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner,
    title: `Riverside Open Call ${serial}`,
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

const intentOf = async (paymentId: string) =>
  (await server.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;

async function confirm(paymentId: string, clientSecret: string, card: string) {
  const { providerIntentId } = await intentOf(paymentId);
  const intent = await server.app.services.payments.local!.processor.confirmIntent(
    providerIntentId!,
    clientSecret,
    card,
  );
  await server.deliverEvents();
  return intent;
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

describe('checkout on the local processor', () => {
  it('shows the breakdown, takes the card, sends the application and books the charge', async () => {
    const { opportunity, early } = await paidOpportunity();
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);

    const preview = await server.graphql<{ checkoutPreview: Record<string, unknown> }>(
      PREVIEW,
      {
        application: applicationId,
        input: { payment_option_id: early.id, coupon_code: 'early50' },
      },
      applicant.headers,
    );
    expect(preview.body.errors).toBeUndefined();
    expect(preview.body.data!.checkoutPreview).toMatchObject({
      method: 'INTERNAL_PAYMENT',
      total: { amount: 500, currency: 'EUR' },
      discount: { amount: 500 },
      discount_percent: 50,
      slots_left: 10,
      applied_count: 0,
      coupon: 'EARLY50',
      payment_option: { id: early.id, title: 'Early bird' },
    });
    const { platform_fee, organisation_receives } = preview.body.data!.checkoutPreview as {
      platform_fee: { amount: number };
      organisation_receives: { amount: number };
    };
    expect(platform_fee.amount + organisation_receives.amount).toBe(500);

    const started = await start(applicant, applicationId, {
      payment_option_id: early.id,
      coupon_code: 'EARLY50',
    });
    expect(started.body.errors).toBeUndefined();
    const session = started.body.data!.startCheckout;
    expect(session.payment).toMatchObject({
      status: 'REQUIRES_METHOD',
      amount: 500,
      coupon: 'EARLY50',
    });
    expect(session.client_secret).toBeTruthy();

    await confirm(session.payment.id, session.client_secret!, CARD.succeeds);
    const paid = await applicationOf(applicant, applicationId);
    expect(paid).toMatchObject({
      status: 'SUBMITTED',
      payment_status: 'SUCCEEDED',
      payment_info: { status: 'SUCCEEDED', amount: 500, coupon: 'EARLY50' },
      payment: { title: 'Early bird', filled_slots: 1 },
    });
    expect(paid.payment_info.receipt).toMatch(/^\/receipt\/[\w-]{20,}$/);

    const { ledger } = server.app.services.payments;
    const pending = await ledger.balance('organisation_pending', organisation.id);
    expect(pending).toContainEqual({ amount: organisation_receives.amount, currency: 'EUR' });
    const [coupon] = await server.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'EARLY50'))
      .limit(1);
    expect(coupon!.usedSlots).toBeGreaterThanOrEqual(1);
  });

  it('explains a declined card, keeps the draft, and takes the retry on the same checkout', async () => {
    const { opportunity, regular } = await paidOpportunity({ auto: true });
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const session = (await start(applicant, applicationId, { payment_option_id: regular.id })).body
      .data!.startCheckout;
    await confirm(session.payment.id, session.client_secret!, CARD.declined);
    const declined = await server.graphql<{ refreshPayment: Session }>(
      REFRESH,
      { application: applicationId },
      applicant.headers,
    );
    expect(declined.body.data!.refreshPayment.payment).toMatchObject({
      status: 'REQUIRES_METHOD',
      last_error: expect.stringMatching(/declined/i),
    });
    expect((await applicationOf(applicant, applicationId)).status).toBe('DRAFT');

    const again = (await start(applicant, applicationId, { payment_option_id: regular.id })).body
      .data!.startCheckout;
    expect(again.payment.id).toBe(session.payment.id);
    expect(again.client_secret).toBe(session.client_secret);
    await confirm(again.payment.id, again.client_secret!, CARD.succeeds);
    // AUTO approval: accepted as soon as it is paid.
    expect(await applicationOf(applicant, applicationId)).toMatchObject({
      status: 'ACCEPTED',
      payment_status: 'SUCCEEDED',
    });
  });

  it('sends the applicant to authenticate, and settles when they do', async () => {
    const { opportunity, regular } = await paidOpportunity();
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const session = (await start(applicant, applicationId, { payment_option_id: regular.id })).body
      .data!.startCheckout;
    await confirm(session.payment.id, session.client_secret!, CARD.authentication);
    const waiting = (
      await server.graphql<{ refreshPayment: Session }>(
        REFRESH,
        { application: applicationId },
        applicant.headers,
      )
    ).body.data!.refreshPayment;
    expect(waiting.payment.status).toBe('REQUIRES_ACTION');
    expect(waiting.next_action_url).toContain('/processor/authenticate');
    const { providerIntentId } = await intentOf(session.payment.id);
    await server.app.services.payments.local!.processor.authenticate(providerIntentId!, true);
    await server.deliverEvents();
    expect((await applicationOf(applicant, applicationId)).payment_status).toBe('SUCCEEDED');
  });

  it('takes no payment at all with a 100 % coupon', async () => {
    const { opportunity, regular } = await paidOpportunity();
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const session = (
      await start(applicant, applicationId, {
        payment_option_id: regular.id,
        coupon_code: 'FREEPASS',
      })
    ).body.data!.startCheckout;
    expect(session).toMatchObject({
      payment: { status: 'SUCCEEDED', method: 'FREE_COUPON', amount: 0 },
      client_secret: null,
    });
    expect(session.payment.receipt_number).toBeGreaterThan(1000);
    await server.deliverEvents();
    expect((await applicationOf(applicant, applicationId)).status).toBe('SUBMITTED');
  });

  it('makes one payment and one intent of a double click, and a new attempt of a new coupon', async () => {
    const { opportunity, early } = await paidOpportunity();
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const choice = { payment_option_id: early.id };
    const [first, second] = await Promise.all([
      start(applicant, applicationId, choice),
      start(applicant, applicationId, choice),
    ]);
    expect(first.body.errors).toBeUndefined();
    expect(second.body.errors).toBeUndefined();
    const sessions = [first, second];
    expect(second.body.data!.startCheckout.payment.id).toBe(
      first.body.data!.startCheckout.payment.id,
    );
    expect(second.body.data!.startCheckout.client_secret).toBe(
      first.body.data!.startCheckout.client_secret,
    );
    const [tier] = (await server.app.services.opportunities.paymentOptionsOf([opportunity.id]))[0]!;
    expect(tier!.filledSlots).toBe(1);
    const before = await intentOf(sessions[0]!.body.data!.startCheckout.payment.id);

    const changed = (await start(applicant, applicationId, { ...choice, coupon_code: 'EARLY50' }))
      .body.data!.startCheckout;
    const after = await intentOf(changed.payment.id);
    expect(after.attempt).toBe(before.attempt + 1);
    expect(after.providerIntentId).not.toBe(before.providerIntentId);
    const old = await server.app.services.payments.provider.retrieveIntent(
      before.providerIntentId!,
    );
    expect(old.status).toBe('canceled');
    const [stillOne] = (
      await server.app.services.opportunities.paymentOptionsOf([opportunity.id])
    )[0]!;
    expect(stillOne!.filledSlots).toBe(1);
  });

  it('gives the last slot of a tier to exactly one of many paying at once', async () => {
    const { opportunity, early } = await paidOpportunity({ earlySlots: 1 });
    const applicants = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => awaitingPayment(opportunity.id, `Racer ${n}`)),
    );
    const answers = await Promise.all(
      applicants.map(({ applicant, applicationId }) =>
        start(applicant, applicationId, { payment_option_id: early.id }),
      ),
    );
    const winners = answers.filter((answer) => !answer.body.errors);
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.body.errors)) {
      expect(answer.body.errors![0]!.extensions).toMatchObject({
        code: 'VALIDATION',
        validation: { 'input.payment_option_id': [expect.any(String)] },
      });
    }
  });

  it('finds the intent a crash kept from the database, by the attempt key, and settles it', async () => {
    const { opportunity, regular } = await paidOpportunity();
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const session = (await start(applicant, applicationId, { payment_option_id: regular.id })).body
      .data!.startCheckout;
    const made = await intentOf(session.payment.id);
    // As if the process died after the processor answered and before our commit.
    await server.database.db
      .update(payments)
      .set({ providerIntentId: null, status: 'REQUIRES_CREATION', updatedAt: now })
      .where(eq(payments.id, made.id));
    now = new Date(now.getTime() + 2 * 60 * 1000);
    const pass = await server.app.services.payments.reconciliation.run();
    expect(pass.checked).toBeGreaterThanOrEqual(1);
    const recovered = await intentOf(made.id);
    expect(recovered.providerIntentId).toBe(made.providerIntentId);
    expect(recovered.status).toBe('REQUIRES_METHOD');
    await confirm(made.id, session.client_secret!, CARD.succeeds);
    expect((await intentOf(made.id)).status).toBe('SUCCEEDED');
  });

  it('gives back the slots of a checkout nobody finished, and lets the applicant start again', async () => {
    const { opportunity, early } = await paidOpportunity({ earlySlots: 1 });
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const session = (await start(applicant, applicationId, { payment_option_id: early.id })).body
      .data!.startCheckout;
    now = new Date(now.getTime() + 31 * 60 * 1000);
    await server.app.services.payments.reconciliation.run();
    await server.deliverEvents();
    expect((await intentOf(session.payment.id)).status).toBe('CANCELED');
    expect((await applicationOf(applicant, applicationId)).payment_status).toBe('CANCELED');
    const [tier] = (await server.app.services.opportunities.paymentOptionsOf([opportunity.id]))[0]!;
    expect(tier!.filledSlots).toBe(0);

    const again = (await start(applicant, applicationId, { payment_option_id: early.id })).body
      .data!.startCheckout;
    expect(again.payment.status).toBe('REQUIRES_METHOD');
  });

  it('keeps a paid payment paid whatever late or replayed events say', async () => {
    const { opportunity, regular } = await paidOpportunity();
    const { applicant, applicationId } = await awaitingPayment(opportunity.id);
    const session = (await start(applicant, applicationId, { payment_option_id: regular.id })).body
      .data!.startCheckout;
    const intent = await confirm(session.payment.id, session.client_secret!, CARD.succeeds);
    const { outbox } = server.app.services.events;
    const { providerEventReceived } = await import('./payments.events');
    await server.database.db.transaction(async (tx) => {
      for (const replay of [1, 2, 3]) {
        await outbox.append(
          tx,
          providerEventReceived('local', {
            id: `evt_replay_${replay}`,
            type: 'payment_intent.succeeded',
            intent,
          }),
        );
      }
      await outbox.append(
        tx,
        providerEventReceived('local', {
          id: 'evt_late_failure',
          type: 'payment_intent.payment_failed',
          intent: { ...intent, status: 'requires_payment_method' },
        }),
      );
    });
    await server.deliverEvents();
    expect((await intentOf(session.payment.id)).status).toBe('SUCCEEDED');
    const entries = (await server.database.db.execute(
      sql`select count(*)::int as count from ledger_entries where idempotency_key = ${`charge:${session.payment.id}`}`,
    )) as unknown as { rows: { count: number }[] };
    expect(entries.rows[0]!.count).toBe(1);
  });

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
