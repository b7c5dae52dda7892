import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/harness';
import { applications } from '../../modules/applications/applications.table';
import {
  opportunities,
  opportunityPaymentOptions,
} from '../../modules/opportunities/opportunities.table';
import { organisations } from '../../modules/organisations/organisations.table';
import { createLedger } from '../../modules/payments/ledger';
import { ledgerEntries } from '../../modules/payments/ledger.table';
import { coupons, paymentAccounts, payments } from '../../modules/payments/payments.table';
import { refundRequests, refunds } from '../../modules/payments/refunds.table';
import { createInvalidationBus } from '../../lib/invalidation';
import { createServices } from '../../services';
import { users } from '../../modules/users/users.table';
import { domainEvents } from '../../events/events.table';
import type { DatabaseHandle } from '../client';
import { seedDatabase } from '../seed';
import {
  DEMO_CONNECTED_ORGANISATION,
  DEMO_EXTERNAL_OPPORTUNITY,
  DEMO_PAID_OPPORTUNITY,
  DEMO_PAYMENTS,
} from './demo-payments';
import {
  DEMO_PAST_OPPORTUNITY,
  DEMO_PAST_PAYMENTS,
  DEMO_REFUNDED_PERFORMER,
} from './demo-refunds-payouts';

let database: DatabaseHandle;
const config = testConfig();

beforeAll(async () => {
  database = await openTestDatabase();
  // Twice, as a restart on the same data directory does: the second adds nothing.
  await seedDatabase(database.db, { demo: true, config });
  await seedDatabase(database.db, { demo: true, config });
  // The whole demo twice, payments replayed through the services: more than a hook's default.
}, 300_000);
afterAll(async () => {
  await database?.close();
});

const opportunityOf = async (slug: string) =>
  (await database.db.select().from(opportunities).where(eq(opportunities.slug, slug)))[0]!;

describe('the demo’s payments', () => {
  it('connects Harbour Lights, which runs the Riverside Stage call, on the local processor', async () => {
    const [organisation] = await database.db
      .select()
      .from(organisations)
      .where(eq(organisations.slug, DEMO_CONNECTED_ORGANISATION));
    const riverside = await opportunityOf(DEMO_PAID_OPPORTUNITY);
    expect(riverside.organisationId).toBe(organisation!.id);
    const accounts = await database.db.select().from(paymentAccounts);
    expect(accounts).toEqual([
      expect.objectContaining({
        organisationId: organisation!.id,
        provider: 'local',
        chargesEnabled: true,
        payoutsEnabled: true,
        detailsSubmitted: true,
        hasExternalAccount: true,
        defaultCurrency: 'EUR',
      }),
    ]);
  });

  it('prices the Riverside Stage call with an early bird open for days yet, a regular tier and two coupons', async () => {
    const riverside = await opportunityOf(DEMO_PAID_OPPORTUNITY);
    expect(riverside).toMatchObject({ paymentType: 'PAID_INTERNAL', status: 'PUBLISHED' });
    const tiers = await database.db
      .select()
      .from(opportunityPaymentOptions)
      .where(eq(opportunityPaymentOptions.opportunityId, riverside.id))
      .orderBy(opportunityPaymentOptions.position);
    expect(tiers.map((tier) => tier.title)).toEqual(['Early bird', 'Regular']);
    const [early, regular] = tiers;
    expect(early!.slots).toBeGreaterThan(early!.filledSlots);
    expect(early!.deadlineAt!.getTime()).toBeGreaterThan(Date.now() + 7 * 86_400_000);
    expect(early!.deadlineAt!.getTime()).toBeLessThan(riverside.deadlineAt!.getTime());
    expect(regular!.deadlineAt).toBeNull();
    // Each tier has as many taken slots as payments made with it.
    const paid = await database.db
      .select()
      .from(payments)
      .where(eq(payments.opportunityId, riverside.id));
    for (const tier of tiers) {
      expect(tier.filledSlots, tier.title).toBe(
        paid.filter((payment) => payment.paymentOptionId === tier.id).length,
      );
    }
    const offered = await database.db
      .select()
      .from(coupons)
      .where(eq(coupons.opportunityId, riverside.id))
      .orderBy(coupons.code);
    expect(
      offered.map(({ code, value, slots, usedSlots }) => ({ code, value, slots, usedSlots })),
    ).toEqual([
      { code: 'EARLY50', value: 50, slots: 10, usedSlots: 1 },
      { code: 'FREEPASS', value: 100, slots: 2, usedSlots: 1 },
    ]);
  });

  it('has four performers’ applications paid and sent, one with each coupon, each with a receipt', async () => {
    const riverside = await opportunityOf(DEMO_PAID_OPPORTUNITY);
    // Not the refunds demo's performer, paid and refunded since (below).
    const rows = (
      await database.db
        .select({ payment: payments, application: applications })
        .from(payments)
        .innerJoin(applications, eq(applications.id, payments.applicationId))
        .where(eq(payments.opportunityId, riverside.id))
    ).filter((row) => row.application.email !== DEMO_REFUNDED_PERFORMER.email);
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.payment.status === 'SUCCEEDED')).toHaveLength(4);
    for (const { payment, application } of rows) {
      expect(payment.receiptNumber, application.name).toBeGreaterThan(0);
      expect(payment.receiptToken, application.name).toBeTruthy();
      expect(application).toMatchObject({ status: 'SUBMITTED', paymentStatus: 'SUCCEEDED' });
      expect(application.submittedAt).not.toBeNull();
    }
    const byCoupon = (code: string) => rows.find((row) => row.payment.couponCode === code);
    expect(byCoupon('EARLY50')?.payment).toMatchObject({
      method: 'INTERNAL_PAYMENT',
      optionTitle: 'Early bird',
      price: 1500,
      discount: 750,
      amount: 750,
    });
    expect(byCoupon('FREEPASS')?.payment).toMatchObject({ method: 'FREE_COUPON', amount: 0 });
    expect(rows.filter((row) => row.payment.method === 'INTERNAL_PAYMENT')).toHaveLength(3);
    // Amira's draft still waits for her to pay: the demo's "pay now".
    const [amira] = await database.db
      .select({ status: applications.status, paymentStatus: applications.paymentStatus })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(
        sql`${users.email} = 'amira@performer.test' and ${applications.opportunityId} = ${riverside.id}`,
      );
    expect(amira).toEqual({ status: 'DRAFT', paymentStatus: 'REQUIRES_CREATION' });
  });

  it('has a fee paid on Blue Room’s own site, recorded by its organiser', async () => {
    const external = await opportunityOf(DEMO_EXTERNAL_OPPORTUNITY);
    expect(external.paymentType).toBe('PAID_EXTERNAL');
    const [daniel] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'daniel@blueroom.test'));
    const rows = await database.db
      .select({ payment: payments, application: applications })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .where(eq(payments.opportunityId, external.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payment).toMatchObject({
      method: 'EXTERNAL_PAYMENT',
      status: 'SUCCEEDED',
      recordedBy: daniel?.id,
      amount: 4000,
      currency: 'GBP',
      platformFee: 0,
    });
    expect(rows[0]!.payment.receiptNumber).toBeGreaterThan(0);
    expect(rows[0]!.application).toMatchObject({ status: 'SUBMITTED', paymentStatus: 'SUCCEEDED' });
  });

  it('adds nothing on a second start, keeps the books balanced and leaves no event undelivered', async () => {
    // With the refunds demo's: the past event's three and the refunded performer's.
    expect(await database.db.select().from(payments)).toHaveLength(
      DEMO_PAYMENTS.length + DEMO_PAST_PAYMENTS.length + 1,
    );
    expect(await database.db.select().from(coupons)).toHaveLength(2);
    expect(await createLedger({ db: database.db }).problems()).toEqual([]);
    // Three card payments booked (the free pass and the fee paid elsewhere book nothing).
    const entries = await database.db.select().from(ledgerEntries);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    const undelivered = await database.db
      .select({ name: domainEvents.name, status: domainEvents.status })
      .from(domainEvents)
      .where(sql`${domainEvents.status} <> 'delivered'`);
    // Only the demo's bounced email, set aside for an admin (demo-events.ts).
    expect(undelivered).toEqual([{ name: 'PasswordChanged', status: 'failed' }]);
  });
});

describe('the demo’s refunds and payouts', () => {
  const servicesOf = () =>
    createServices({
      db: database.db,
      config,
      invalidation: createInvalidationBus({ prefix: '' }),
    });
  const harbourLights = async () =>
    (
      await database.db
        .select()
        .from(organisations)
        .where(eq(organisations.slug, DEMO_CONNECTED_ORGANISATION))
    )[0]!;

  it('has Riverside Stage refund requests: one open, one refunded with a note, one declined with a note', async () => {
    const riverside = await opportunityOf(DEMO_PAID_OPPORTUNITY);
    const rows = await database.db
      .select({ request: refundRequests, email: users.email })
      .from(refundRequests)
      .innerJoin(users, eq(users.id, refundRequests.userId))
      .where(eq(refundRequests.opportunityId, riverside.id));
    expect(rows).toHaveLength(3);
    const of = (email: string) => rows.find((row) => row.email === email)!.request;
    expect(of('chloe@performer.test')).toMatchObject({
      status: 'REQUESTED',
      reason: 'CANT_ATTEND',
      message: expect.stringContaining('Porto'),
      decidedAt: null,
    });
    const refunded = of(DEMO_REFUNDED_PERFORMER.email);
    expect(refunded).toMatchObject({
      status: 'SUCCEEDED',
      decisionNote: expect.stringContaining('Get well soon'),
    });
    expect(refunded.completedAt).not.toBeNull();
    const [refund] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.requestId, refunded.id));
    expect(refund).toMatchObject({ status: 'SUCCEEDED', amount: refunded.amount });
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.id, refunded.paymentId));
    expect(payment).toMatchObject({ status: 'REFUNDED', amountRefunded: payment!.amount });
    expect(of('band@koracollective.test')).toMatchObject({
      status: 'DECLINED',
      decisionNote: expect.stringContaining('cannot refund'),
    });
  });

  it('paid Harbour Lights out twice for its past event: once to a closed account (failed, the money back), then paid', async () => {
    const services = servicesOf();
    const organisation = await harbourLights();
    const [paid, failed, ...more] = await services.payments.payouts.payoutsOf(organisation.id);
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ status: 'FAILED', failureCode: 'account_closed' });
    expect(paid).toMatchObject({ status: 'PAID', failureCode: null, amount: failed!.amount });
    expect(paid!.amount).toBeGreaterThan(0);
    // The past event's money, released, all of it in the paid payout.
    const past = await opportunityOf(DEMO_PAST_OPPORTUNITY);
    expect(past.endsAt!.getTime()).toBeLessThan(Date.now());
    const pastPayments = await database.db
      .select()
      .from(payments)
      .where(eq(payments.opportunityId, past.id));
    expect(pastPayments).toHaveLength(DEMO_PAST_PAYMENTS.length);
    for (const payment of pastPayments) {
      expect(payment).toMatchObject({ status: 'SUCCEEDED', releasedAt: expect.any(Date) });
    }
    expect(paid!.amount).toBe(
      pastPayments.reduce((sum, payment) => sum + payment.amount - payment.platformFee, 0),
    );
    // The good account is the default again; the closed one stays, errored.
    const destinations = await services.payments.accounts.externalAccounts(organisation.id);
    expect(
      destinations.map(({ last4, defaultForCurrency, status }) => ({
        last4,
        defaultForCurrency,
        status,
      })),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ last4: '0154', defaultForCurrency: true }),
        { last4: '1113', defaultForCurrency: false, status: 'errored' },
      ]),
    );
    await services.events.dispatcher.stop();
  });

  it('holds the Riverside Stage money until its event: pending, nothing available, and listed to be released', async () => {
    const services = servicesOf();
    const organisation = await harbourLights();
    const riverside = await opportunityOf(DEMO_PAID_OPPORTUNITY);
    const balance = (await services.payments.accounts.balance(organisation.id))!;
    expect(balance.pending).toMatchObject({ currency: 'EUR' });
    expect(balance.pending.amount).toBeGreaterThan(0);
    // Paid out to the last cent (the books' sum of an emptied balance may read -0).
    expect(Math.abs(balance.available.amount)).toBe(0);
    const held = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.opportunityId, riverside.id), eq(payments.status, 'SUCCEEDED')));
    expect(balance.pending.amount).toBe(
      held.reduce((sum, payment) => sum + payment.amount - payment.platformFee, 0),
    );
    const releases = await services.payments.payouts.upcomingReleases(organisation.id);
    expect(releases.map((release) => release.opportunity.slug)).toEqual([DEMO_PAID_OPPORTUNITY]);
    expect(releases[0]!.releaseAt!.getTime()).toBeGreaterThan(Date.now());
    await services.events.dispatcher.stop();
  });

  it('leaves the payments audit clean', async () => {
    const services = servicesOf();
    expect(await services.payments.audit.problems()).toEqual([]);
    await services.events.dispatcher.stop();
  });
});
