import { refundSplit } from '@encore/core';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestAccount } from '../../../test/accounts';
import { publishedOpportunity } from '../../../test/opportunities';
import { domainEvents } from '../../events/events.table';
import { ledgerEntries } from './ledger.table';
import { errorOf, REFUND_FAILS, startMoneyWorld, type MoneyWorld } from './money-back.fixtures';
import { payments } from './payments.table';
import { refunds } from './refunds.table';

let world: MoneyWorld;

// Each test pays by card a few times over real HTTP: minutes on a busy machine, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

beforeAll(async () => {
  world = await startMoneyWorld();
});
afterEach(async () => {
  world.setNow(new Date('2027-03-01T10:00:00Z'));
  await world.server.deliverEvents();
  expect(await world.server.app.services.payments.audit.problems()).toEqual([]);
});
afterAll(async () => {
  await world?.server.close();
});

const REQUEST_FIELDS = `id status reason message decision_note failure_reason amount { amount currency }
  timeline { status at } can_cancel can_decide application { id }`;
const PAYMENT_FIELDS = `status amount refunded { amount } refundable { amount }
  refunds { amount { amount } status automatic failure_reason }`;
const REQUEST = `mutation($application: ID!, $reason: RefundReason!, $message: String) {
  requestRefund(application: $application, reason: $reason, message: $message) { ${REQUEST_FIELDS} } }`;
const CANCEL = `mutation($id: ID!) { cancelRefundRequest(id: $id) { ${REQUEST_FIELDS} } }`;
const APPROVE = `mutation($id: ID!, $note: String) { approveRefundRequest(id: $id, note: $note) { ${REQUEST_FIELDS} } }`;
const DECLINE = `mutation($id: ID!, $note: String) { declineRefundRequest(id: $id, note: $note) { ${REQUEST_FIELDS} } }`;
const REFUND = `mutation($id: ID!, $amount: Int) { refundApplication(id: $id, amount: $amount) { ${PAYMENT_FIELDS} } }`;
const VIEW = `query($id: ID!) { viewApplication(id: $id) { status can_request_refund
  refund_request { ${REQUEST_FIELDS} } payment_info { ${PAYMENT_FIELDS} } } }`;
const LIST = `query($slug: String!, $status: RefundRequestStatus) {
  opportunityRefundRequests(opportunitySlug: $slug, status: $status) {
    paginatorInfo { total perPage } data { id status } } }`;

interface RequestAnswer {
  id: string;
  status: string;
  reason: string;
  message: string | null;
  decision_note: string | null;
  failure_reason: string | null;
  amount: { amount: number; currency: string };
  timeline: Array<{ status: string; at: string }>;
  can_cancel: boolean;
  can_decide: boolean;
}
interface PaymentAnswer {
  status: string;
  amount: number;
  refunded: { amount: number };
  refundable: { amount: number };
  refunds: Array<{
    amount: { amount: number };
    status: string;
    automatic: boolean;
    failure_reason: string | null;
  }>;
}

const gql = <Data>(
  query: string,
  variables: Record<string, unknown>,
  who?: TestAccount,
  headers: Record<string, string> = {},
) => world.server.graphql<Data>(query, variables, { ...(who?.headers ?? {}), ...headers });

async function ok<Data>(query: string, variables: Record<string, unknown>, who?: TestAccount) {
  const answer = await gql<Data>(query, variables, who);
  expect(answer.body.errors, query).toBeUndefined();
  return answer.body.data!;
}

const request = async (applicant: TestAccount, application: string, reason = 'CANT_ATTEND') =>
  (
    await ok<{ requestRefund: RequestAnswer }>(
      REQUEST,
      { application, reason, message: 'I broke my wrist.' },
      applicant,
    )
  ).requestRefund;

const view = async (who: TestAccount, id: string) =>
  (
    await ok<{
      viewApplication: {
        status: string;
        can_request_refund: boolean;
        refund_request: RequestAnswer | null;
        payment_info: PaymentAnswer;
      };
    }>(VIEW, { id }, who)
  ).viewApplication;

/** A paid application (the regular tier, 20 EUR) of a fresh opportunity with a request open. */
async function requested(card?: string) {
  const { opportunity, regular } = await world.paidOpportunity();
  const paid = await world.paidApplication(opportunity.id, regular.id, card ? { card } : {});
  const open = await request(paid.applicant, paid.applicationId);
  return { ...paid, opportunity, request: open };
}

const refundEntriesOf = async (applicationId: string) =>
  world.server.database.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.applicationId, applicationId),
        like(ledgerEntries.idempotencyKey, 'refund:%'),
      ),
    );

describe('a refund request', () => {
  it('goes from requested to approved, processing and succeeded, each step on its timeline', async () => {
    const { opportunity, regular } = await world.paidOpportunity();
    const { applicant, applicationId } = await world.paidApplication(opportunity.id, regular.id);
    const { owner, manager } = world.people;
    expect((await view(applicant, applicationId)).can_request_refund).toBe(true);

    const asked = await request(applicant, applicationId);
    expect(asked).toMatchObject({
      status: 'REQUESTED',
      reason: 'CANT_ATTEND',
      message: 'I broke my wrist.',
      amount: { amount: 2000, currency: 'EUR' },
      can_cancel: true,
      can_decide: false,
    });
    expect(asked.timeline.map((step) => step.status)).toEqual(['REQUESTED']);
    expect((await view(applicant, applicationId)).can_request_refund).toBe(false);
    const listed = await ok<{
      opportunityRefundRequests: { paginatorInfo: { total: number }; data: RequestAnswer[] };
    }>(LIST, { slug: opportunity.slug, status: 'REQUESTED' }, owner);
    expect(listed.opportunityRefundRequests.data).toEqual([{ id: asked.id, status: 'REQUESTED' }]);
    expect((await view(owner, applicationId)).refund_request).toMatchObject({
      id: asked.id,
      can_decide: true,
      can_cancel: false,
    });

    world.advance(60 * 60 * 1000);
    const approved = (
      await ok<{ approveRefundRequest: RequestAnswer }>(
        APPROVE,
        { id: asked.id, note: 'Get well soon.' },
        manager,
      )
    ).approveRefundRequest;
    expect(approved).toMatchObject({
      status: 'SUCCEEDED',
      decision_note: 'Get well soon.',
      can_decide: false,
    });
    expect(approved.timeline.map((step) => step.status)).toEqual([
      'REQUESTED',
      'APPROVED',
      'PROCESSING',
      'SUCCEEDED',
    ]);
    const times = approved.timeline.map((step) => Date.parse(step.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[1]! - times[0]!).toBe(60 * 60 * 1000);

    const seen = await view(applicant, applicationId);
    expect(seen.payment_info).toMatchObject({
      status: 'REFUNDED',
      refunded: { amount: 2000 },
      refundable: { amount: 0 },
      refunds: [{ amount: { amount: 2000 }, status: 'SUCCEEDED', automatic: false }],
    });
    expect(seen.refund_request).toMatchObject({ id: asked.id, status: 'SUCCEEDED' });
    expect(seen.can_request_refund).toBe(false);

    // Approving again refunds nothing more; the other answers are refused.
    await ok(APPROVE, { id: asked.id }, owner);
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(1);
    expect(await refundEntriesOf(applicationId)).toHaveLength(1);
    expect(errorOf((await gql(DECLINE, { id: asked.id }, owner)).body).code).toBe('CONFLICT');
    expect(errorOf((await gql(CANCEL, { id: asked.id }, applicant)).body).code).toBe('CONFLICT');
    // Nothing is left to ask for.
    const again = await gql(REQUEST, { application: applicationId, reason: 'CANCELED' }, applicant);
    expect(errorOf(again.body).code).toBe('CONFLICT');
  });

  it('is declined with a note the applicant reads, and can be asked again afterwards', async () => {
    const { applicant, applicationId, request: asked } = await requested();
    const { owner } = world.people;
    const declined = (
      await ok<{ declineRefundRequest: RequestAnswer }>(
        DECLINE,
        { id: asked.id, note: 'The fee pays for the jury.' },
        owner,
      )
    ).declineRefundRequest;
    expect(declined.timeline.map((step) => step.status)).toEqual(['REQUESTED', 'DECLINED']);
    const seen = await view(applicant, applicationId);
    expect(seen.refund_request).toMatchObject({
      status: 'DECLINED',
      decision_note: 'The fee pays for the jury.',
    });
    expect(seen.payment_info).toMatchObject({ status: 'SUCCEEDED', refunded: { amount: 0 } });
    // Declining twice is once; approving or canceling a declined request is refused.
    expect(
      (await ok<{ declineRefundRequest: RequestAnswer }>(DECLINE, { id: asked.id }, owner))
        .declineRefundRequest.status,
    ).toBe('DECLINED');
    expect(errorOf((await gql(APPROVE, { id: asked.id }, owner)).body).code).toBe('CONFLICT');
    expect(errorOf((await gql(CANCEL, { id: asked.id }, applicant)).body).code).toBe('CONFLICT');
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(0);
    expect(seen.can_request_refund).toBe(true);
    expect((await request(applicant, applicationId, 'CANCELED')).status).toBe('REQUESTED');
  });

  it('is taken back by its applicant, and by nobody else', async () => {
    const { applicant, applicationId, request: asked } = await requested();
    const { owner, performer } = world.people;
    expect(errorOf((await gql(CANCEL, { id: asked.id }, owner)).body).code).toBe('NOT_FOUND');
    expect(errorOf((await gql(CANCEL, { id: asked.id }, performer)).body).code).toBe('NOT_FOUND');
    expect(errorOf((await gql(CANCEL, { id: asked.id })).body).code).toBe('UNAUTHENTICATED');
    const canceled = (
      await ok<{ cancelRefundRequest: RequestAnswer }>(CANCEL, { id: asked.id }, applicant)
    ).cancelRefundRequest;
    expect(canceled).toMatchObject({ status: 'CANCELED', can_cancel: false });
    expect(canceled.timeline.map((step) => step.status)).toEqual(['REQUESTED', 'CANCELED']);
    // Twice is once; the team cannot answer a request taken back.
    await ok(CANCEL, { id: asked.id }, applicant);
    expect(errorOf((await gql(APPROVE, { id: asked.id }, owner)).body).code).toBe('CONFLICT');
    expect(errorOf((await gql(DECLINE, { id: asked.id }, owner)).body).code).toBe('CONFLICT');
    expect((await view(applicant, applicationId)).payment_info.status).toBe('SUCCEEDED');
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(0);
  });

  it('is refused while one is open, without a fee paid here, and on anyone else’s application', async () => {
    const { applicant, applicationId } = await requested();
    const { owner, performer } = world.people;
    const ask = (application: string, who?: TestAccount, reason = 'CANT_ATTEND') =>
      gql(REQUEST, { application, reason }, who);
    expect(errorOf((await ask(applicationId, applicant)).body).code).toBe('CONFLICT');
    expect(errorOf((await ask(applicationId, performer)).body).code).toBe('NOT_FOUND');
    expect(errorOf((await ask(applicationId, owner)).body).code).toBe('NOT_FOUND');
    expect(errorOf((await ask(applicationId)).body).code).toBe('UNAUTHENTICATED');

    // Not paid yet.
    const { opportunity } = await world.paidOpportunity();
    const waiting = await world.awaitingPayment(opportunity.id);
    expect(errorOf((await ask(waiting.applicationId, waiting.applicant)).body).code).toBe(
      'CONFLICT',
    );
    expect((await view(waiting.applicant, waiting.applicationId)).can_request_refund).toBe(false);

    // Free.
    const free = await publishedOpportunity(world.server, {
      organisationId: world.organisation.id,
      owner,
      title: 'Free Open Call',
    });
    const freeApplication = await world.awaitingPayment(free.id);
    expect(
      errorOf((await ask(freeApplication.applicationId, freeApplication.applicant)).body).code,
    ).toBe('CONFLICT');

    // Paid on the organisation's own site: no money of ours to give back.
    const external = await world.paidOpportunity({ type: 'PAID_EXTERNAL' });
    const paidElsewhere = await world.awaitingPayment(external.opportunity.id);
    await ok(
      'mutation($application: ID!) { recordExternalPayment(application: $application) { status } }',
      { application: paidElsewhere.applicationId },
      owner,
    );
    expect(
      errorOf((await ask(paidElsewhere.applicationId, paidElsewhere.applicant)).body).code,
    ).toBe('CONFLICT');
    const direct = await gql(REFUND, { id: paidElsewhere.applicationId }, owner);
    expect(errorOf(direct.body)).toMatchObject({
      code: 'VALIDATION',
      validation: { id: [expect.any(String)] },
    });
  });
});

describe('what an applicant writes', () => {
  it('needs a message for OTHER, and refuses a NUL byte or an unknown reason, naming the field', async () => {
    const { opportunity, regular } = await world.paidOpportunity();
    const { applicant, applicationId } = await world.paidApplication(opportunity.id, regular.id);
    const ask = (variables: Record<string, unknown>) =>
      gql(REQUEST, { application: applicationId, ...variables }, applicant);
    expect(errorOf((await ask({ reason: 'OTHER' })).body)).toMatchObject({
      code: 'VALIDATION',
      validation: { message: [expect.any(String)] },
    });
    expect(errorOf((await ask({ reason: 'OTHER', message: 'a\u0000b' })).body)).toMatchObject({
      code: 'VALIDATION',
      validation: { message: [expect.any(String)] },
    });
    expect(errorOf((await ask({ reason: 'BORED' })).body).code).not.toBe('INTERNAL');
    const long = 'x'.repeat(2001);
    expect(errorOf((await ask({ reason: 'OTHER', message: long })).body).validation).toHaveProperty(
      'message',
    );
    expect((await view(applicant, applicationId)).refund_request).toBeNull();
  });
});

describe('who answers requests and refunds', () => {
  it('lets the owner, a platform admin and the opportunity’s manager; refuses the rest', async () => {
    const { owner, admin, manager, member, reviewer, otherOwner, performer } = world.people;
    const { opportunity, applicationId, request: asked } = await requested();
    const refused = [member, reviewer, otherOwner, performer];
    for (const [query, variables] of [
      [APPROVE, { id: asked.id }],
      [DECLINE, { id: asked.id }],
      [REFUND, { id: applicationId }],
      [LIST, { slug: opportunity.slug }],
    ] as const) {
      for (const who of refused) {
        expect(errorOf((await gql(query, variables, who)).body).code, query).toBe('NOT_FOUND');
      }
      expect(errorOf((await gql(query, variables)).body).code, query).toBe('UNAUTHENTICATED');
    }
    // The refusals changed nothing.
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(0);
    expect((await view(owner, applicationId)).refund_request?.status).toBe('REQUESTED');
    for (const who of refused) {
      expect((await view(who, applicationId).catch(() => null))?.refund_request ?? null).toBeNull();
    }

    for (const who of [owner, admin, manager]) {
      const approving = await requested();
      const approved = await ok<{ approveRefundRequest: RequestAnswer }>(
        APPROVE,
        { id: approving.request.id },
        who,
      );
      expect(approved.approveRefundRequest.status).toBe('SUCCEEDED');
      const declining = await requested();
      const declined = await ok<{ declineRefundRequest: RequestAnswer }>(
        DECLINE,
        { id: declining.request.id },
        who,
      );
      expect(declined.declineRefundRequest.status).toBe('DECLINED');
      const refunding = await requested();
      const refunded = await ok<{ refundApplication: PaymentAnswer }>(
        REFUND,
        { id: refunding.applicationId },
        who,
      );
      expect(refunded.refundApplication.status).toBe('REFUNDED');
      // A direct refund answers the open request.
      expect(
        (await view(refunding.applicant, refunding.applicationId)).refund_request?.status,
      ).toBe('SUCCEEDED');
      const listed = await ok<{ opportunityRefundRequests: { paginatorInfo: { total: number } } }>(
        LIST,
        { slug: refunding.opportunity.slug },
        who,
      );
      expect(listed.opportunityRefundRequests.paginatorInfo.total).toBe(1);
    }
  });
});

describe('refunding once', () => {
  it('makes one refund of twenty approvals at once', async () => {
    const { applicationId, request: asked } = await requested();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => gql(APPROVE, { id: asked.id }, world.people.owner)),
    );
    for (const answer of answers) expect(answer.body.errors).toBeUndefined();
    await world.server.deliverEvents();
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(1);
    expect(
      await world.server.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.applicationId, applicationId)),
    ).toHaveLength(1);
    expect(await refundEntriesOf(applicationId)).toHaveLength(1);
    expect((await world.paymentOf(applicationId)).amountRefunded).toBe(2000);
  });

  it('makes one refund of twenty direct refunds at once; the others are told why not', async () => {
    const { opportunity, regular } = await world.paidOpportunity();
    const { applicationId } = await world.paidApplication(opportunity.id, regular.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => gql(REFUND, { id: applicationId }, world.people.owner)),
    );
    const codes = answers.map((answer) => errorOf(answer.body).code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    for (const code of codes) expect(['OK', 'CONFLICT', 'VALIDATION']).toContain(code);
    await world.server.deliverEvents();
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(1);
    expect(await refundEntriesOf(applicationId)).toHaveLength(1);
    expect(await world.server.app.services.payments.ledger.problems()).toEqual([]);
  });
});

describe('partial refunds and the books', () => {
  it('gives part back, then the rest; the organisation and the platform give theirs in proportion', async () => {
    // An organisation of its own: its balances move only by what this test does.
    const own = await world.freshOrganisation();
    const { opportunity, regular } = await own.paidOpportunity();
    const { applicationId } = await own.paidApplication(opportunity.id, regular.id);
    const { owner } = world.people;
    const payment = await world.paymentOf(applicationId);
    const before = { ...(await own.balances()), fees: await world.platformFees() };

    const part = (
      await ok<{ refundApplication: PaymentAnswer }>(
        REFUND,
        { id: applicationId, amount: 701 },
        owner,
      )
    ).refundApplication;
    expect(part).toMatchObject({
      status: 'SUCCEEDED',
      refunded: { amount: 701 },
      refundable: { amount: 1299 },
    });
    const first = refundSplit(payment, 701);
    expect(await own.balances()).toEqual({
      pending: before.pending - first.shareBack,
      available: before.available,
    });
    expect(await world.platformFees()).toBe(before.fees - first.feeBack);

    const over = await gql(REFUND, { id: applicationId, amount: 1300 }, owner);
    expect(errorOf(over.body)).toMatchObject({
      code: 'VALIDATION',
      validation: { amount: [expect.any(String)] },
    });

    const rest = (
      await ok<{ refundApplication: PaymentAnswer }>(REFUND, { id: applicationId }, owner)
    ).refundApplication;
    expect(rest).toMatchObject({
      status: 'REFUNDED',
      refunded: { amount: 2000 },
      refundable: { amount: 0 },
      refunds: [
        { amount: { amount: 701 }, status: 'SUCCEEDED' },
        { amount: { amount: 1299 }, status: 'SUCCEEDED' },
      ],
    });
    // All of it came back: the organisation's whole share, the platform's whole fee.
    expect(await own.balances()).toEqual({
      pending: before.pending - (payment.amount - payment.platformFee),
      available: before.available,
    });
    expect(await world.platformFees()).toBe(before.fees - payment.platformFee);
    expect((await world.paymentOf(applicationId)).shareRefunded).toBe(
      payment.amount - payment.platformFee,
    );
    expect(await world.server.app.services.payments.ledger.problems()).toEqual([]);

    const again = await gql(REFUND, { id: applicationId, amount: 1 }, owner);
    expect(errorOf(again.body)).toMatchObject({
      code: 'VALIDATION',
      validation: { id: [expect.any(String)] },
    });
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(2);
  });
});

describe('a withdrawn application', () => {
  const slotsOf = async (opportunityId: string) => {
    const [tiers = []] = await world.server.app.services.opportunities.paymentOptionsOf([
      opportunityId,
    ]);
    return tiers[0]!.filledSlots;
  };
  const couponUses = async (couponId: string) =>
    (await world.server.app.services.payments.coupons.requireById(couponId)).usedSlots;

  it('refunded in full gives its tier’s and its coupon’s slot back', async () => {
    const { opportunity, early, coupons } = await world.paidOpportunity();
    const { applicant, applicationId } = await world.paidApplication(opportunity.id, early.id, {
      coupon: 'EARLY50',
    });
    expect(await slotsOf(opportunity.id)).toBe(1);
    expect(await couponUses(coupons.early.id)).toBe(1);
    await ok(
      'mutation($input: ApplicationIdInput!) { withdrawApplication(input: $input) { status } }',
      { input: { id: applicationId } },
      applicant,
    );
    await world.server.deliverEvents();
    // Paid and not refunded: the slot is still theirs.
    expect(await slotsOf(opportunity.id)).toBe(1);
    await ok(REFUND, { id: applicationId }, world.people.owner);
    expect(await slotsOf(opportunity.id)).toBe(0);
    expect(await couponUses(coupons.early.id)).toBe(0);
    expect((await world.paymentOf(applicationId)).holdsSlots).toBe(false);
  });

  it('withdrawn after a full refund gives its slots back too', async () => {
    const { opportunity, early, coupons } = await world.paidOpportunity();
    const { applicant, applicationId } = await world.paidApplication(opportunity.id, early.id, {
      coupon: 'EARLY50',
    });
    await ok(REFUND, { id: applicationId }, world.people.owner);
    expect(await slotsOf(opportunity.id)).toBe(1);
    expect(await couponUses(coupons.early.id)).toBe(1);
    await ok(
      'mutation($input: ApplicationIdInput!) { withdrawApplication(input: $input) { status } }',
      { input: { id: applicationId } },
      applicant,
    );
    await world.server.deliverEvents();
    expect(await slotsOf(opportunity.id)).toBe(0);
    expect(await couponUses(coupons.early.id)).toBe(0);
  });
});

describe('a refund the bank refuses', () => {
  it('fails the request with the reason in the reader’s language; the payment can be refunded again', async () => {
    const { applicant, applicationId, request: asked } = await requested(REFUND_FAILS);
    const { owner } = world.people;
    const approved = await ok<{ approveRefundRequest: RequestAnswer }>(
      APPROVE,
      { id: asked.id },
      owner,
    );
    expect(approved.approveRefundRequest.status).toBe('PROCESSING');
    await world.server.deliverEvents();
    await world.server.deliverEvents();

    const seen = await view(applicant, applicationId);
    expect(seen.refund_request).toMatchObject({ status: 'FAILED' });
    expect(seen.refund_request!.timeline.map((step) => step.status)).toEqual([
      'REQUESTED',
      'APPROVED',
      'PROCESSING',
      'FAILED',
    ]);
    expect(seen.payment_info).toMatchObject({
      status: 'REFUND_FAIL',
      refunded: { amount: 0 },
      refundable: { amount: 2000 },
      refunds: [{ status: 'FAILED' }],
    });
    const english = seen.refund_request!.failure_reason!;
    expect(english).toMatch(/card/i);
    expect(english).not.toContain('refund_failure');
    const german = await gql<{ viewApplication: { refund_request: RequestAnswer } }>(
      VIEW,
      { id: applicationId },
      applicant,
      { 'accept-language': 'de' },
    );
    const inGerman = german.body.data!.viewApplication.refund_request!.failure_reason!;
    expect(inGerman).not.toBe(english);
    expect(inGerman).not.toContain('refund_failure');
    // Nothing left the books.
    expect(await refundEntriesOf(applicationId)).toHaveLength(0);
    expect(seen.can_request_refund).toBe(true);

    // Tried again later (the same card: the bank refuses again, and it is told again).
    const retried = await ok<{ refundApplication: PaymentAnswer }>(
      REFUND,
      { id: applicationId },
      owner,
    );
    expect(retried.refundApplication.refunds).toHaveLength(2);
    await world.server.deliverEvents();
    await world.server.deliverEvents();
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(2);
    expect((await world.paymentOf(applicationId)).status).toBe('REFUND_FAIL');
    expect(await refundEntriesOf(applicationId)).toHaveLength(0);
  });
});

describe('the processor telling of a refund again', () => {
  it('changes nothing', async () => {
    const { opportunity, regular } = await world.paidOpportunity();
    const { applicationId } = await world.paidApplication(opportunity.id, regular.id);
    await ok(REFUND, { id: applicationId, amount: 500 }, world.people.owner);
    await world.server.deliverEvents();
    const db = world.server.database.db;
    const told = (
      await db
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.name, 'PaymentProviderEventReceived'))
    )
      .filter((row) => JSON.stringify(row.payload).includes('refund.updated'))
      .filter((row) => JSON.stringify(row.payload).includes(applicationId));
    expect(told.length).toBeGreaterThan(0);
    const before = {
      payment: await world.paymentOf(applicationId),
      entries: await refundEntriesOf(applicationId),
      balances: await world.balances(),
    };
    for (const event of told) {
      await db.insert(domainEvents).values({
        name: event.name,
        aggregate: event.aggregate,
        payload: event.payload,
        occurredAt: world.now(),
        nextAttemptAt: world.now(),
      });
    }
    await world.server.deliverEvents();
    expect(await world.paymentOf(applicationId)).toEqual(before.payment);
    expect(await refundEntriesOf(applicationId)).toEqual(before.entries);
    expect(await world.balances()).toEqual(before.balances);
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(1);
  });
});

describe('the payments audit', () => {
  it('notices a payment whose refunded amount its refunds do not add up to', async () => {
    const { opportunity, regular } = await world.paidOpportunity();
    const { applicationId, payment } = await world.paidApplication(opportunity.id, regular.id);
    await ok(REFUND, { id: applicationId, amount: 400 }, world.people.owner);
    const { audit } = world.server.app.services.payments;
    expect(await audit.books()).toEqual([]);
    const db = world.server.database.db;
    await db.update(payments).set({ amountRefunded: 500 }).where(eq(payments.id, payment.id));
    const problems = await audit.books();
    await db.update(payments).set({ amountRefunded: 400 }).where(eq(payments.id, payment.id));
    // The revenue rollup disagrees with the corrupted payment too.
    expect(problems).toEqual([
      `payment ${payment.id}: 500 recorded refunded, its refunds gave 400`,
      expect.stringMatching(/^revenue of .*: kept 1\/\d+\/400 .* payments say 1\/\d+\/500$/),
    ]);
  });
});

describe('hostile ids and amounts', () => {
  it('answers VALIDATION or NOT_FOUND, never INTERNAL', async () => {
    const { opportunity, regular } = await world.paidOpportunity();
    const { applicant, applicationId } = await world.paidApplication(opportunity.id, regular.id);
    const { owner } = world.people;
    const ids = [
      'a\u0000b',
      '99999999999999999999999',
      '-1',
      'not-a-uuid',
      '00000000-0000-0000-0000-000000000000',
      `${applicationId}\u0000`,
      'x'.repeat(10_000),
    ];
    const refused = ['VALIDATION', 'NOT_FOUND'];
    for (const id of ids) {
      for (const [query, variables, who] of [
        [REQUEST, { application: id, reason: 'CANT_ATTEND' }, applicant],
        [CANCEL, { id }, applicant],
        [APPROVE, { id }, owner],
        [DECLINE, { id }, owner],
        [REFUND, { id }, owner],
      ] as const) {
        const answer = await gql(query, variables, who);
        expect(refused, `${query} ${JSON.stringify(id).slice(0, 40)}`).toContain(
          errorOf(answer.body).code,
        );
      }
    }
    for (const amount of [-1, 0, 2 ** 31, 1.5, Number.MAX_SAFE_INTEGER]) {
      const answer = await gql(REFUND, { id: applicationId, amount }, owner);
      const { code } = errorOf(answer.body);
      expect(code, String(amount)).toBeDefined();
      expect(code, String(amount)).not.toBe('INTERNAL');
      expect(answer.status, String(amount)).toBeLessThan(500);
    }
    expect(
      errorOf((await gql(REFUND, { id: applicationId, amount: -1 }, owner)).body),
    ).toMatchObject({
      code: 'VALIDATION',
      validation: { amount: [expect.any(String)] },
    });
    expect(await world.processorRefundsOf(applicationId)).toHaveLength(0);
  });
});
