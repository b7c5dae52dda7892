import { eq, sql } from 'drizzle-orm';
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

let database: DatabaseHandle;
const config = testConfig();

beforeAll(async () => {
  database = await openTestDatabase();
  // Twice, as a restart on the same data directory does: the second adds nothing.
  await seedDatabase(database.db, { demo: true, config });
  await seedDatabase(database.db, { demo: true, config });
});
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
    const rows = await database.db
      .select({ payment: payments, application: applications })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .where(eq(payments.opportunityId, riverside.id));
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
    expect(await database.db.select().from(payments)).toHaveLength(DEMO_PAYMENTS.length);
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
