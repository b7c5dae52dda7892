import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { PaymentRow } from './payments.table';
import { revenueDays, revenueShares } from './revenue.table';

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Keeps an opportunity's revenue as money moves, in the transaction that moves it: what was paid
 * and given back each day, and the organisation's share held and released. The payments audit
 * checks it against the payments themselves.
 */
export const revenueRollup = {
  /** A payment succeeded (by card, recorded by hand, or free with a coupon). */
  async paid(tx: Executor, payment: PaymentRow, at: Date) {
    await addDay(tx, payment, at, { paidCount: 1, collected: payment.amount, refunded: 0 });
    if (payment.method === 'INTERNAL_PAYMENT') {
      await addShare(tx, payment, { pending: payment.amount - payment.platformFee, available: 0 });
    }
  },

  /** Money went back; the organisation's part of it came out of its held or released share. */
  async refunded(
    tx: Executor,
    payment: PaymentRow,
    refund: { amount: number; shareBack: number },
    at: Date,
  ) {
    await addDay(tx, payment, at, { paidCount: 0, collected: 0, refunded: refund.amount });
    await addShare(
      tx,
      payment,
      payment.releasedAt
        ? { pending: 0, available: -refund.shareBack }
        : { pending: -refund.shareBack, available: 0 },
    );
  },

  /** A payment's share left the hold. */
  async released(tx: Executor, payment: PaymentRow, share: number) {
    await addShare(tx, payment, { pending: -share, available: share });
  },
};

async function addDay(
  tx: Executor,
  payment: PaymentRow,
  at: Date,
  change: { paidCount: number; collected: number; refunded: number },
) {
  await tx
    .insert(revenueDays)
    .values({
      opportunityId: payment.opportunityId,
      currency: payment.currency,
      day: utcDay(at),
      ...change,
    })
    .onConflictDoUpdate({
      target: [revenueDays.opportunityId, revenueDays.currency, revenueDays.day],
      set: {
        paidCount: sql`${revenueDays.paidCount} + excluded.paid_count`,
        collected: sql`${revenueDays.collected} + excluded.collected`,
        refunded: sql`${revenueDays.refunded} + excluded.refunded`,
      },
    });
}

async function addShare(
  tx: Executor,
  payment: PaymentRow,
  change: { pending: number; available: number },
) {
  if (change.pending === 0 && change.available === 0) return;
  await tx
    .insert(revenueShares)
    .values({ opportunityId: payment.opportunityId, currency: payment.currency, ...change })
    .onConflictDoUpdate({
      target: [revenueShares.opportunityId, revenueShares.currency],
      set: {
        pending: sql`${revenueShares.pending} + excluded.pending`,
        available: sql`${revenueShares.available} + excluded.available`,
      },
    });
}
