import { and, asc, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RecurringJob } from '../../lib/jobs';
import type { Payouts } from './payouts.service';
import type { Refunds } from './refunds.service';
import type { Checkout } from './checkout.service';
import { isSettled } from './payments.settlement';
import { payments } from './payments.table';

/** An attempt untouched this long is asked about again (a lost event, a crash mid-checkout). */
export const RECONCILE_AFTER_MS = 60 * 1000;
/** An attempt nobody finished in this long gives its tier's and coupon's slots back. */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;
const BATCH = 100;

/**
 * Settles checkouts left between states: an intent made at the processor whose answer a crash
 * (kill -9) kept from our database is found again by the attempt's idempotency key; an outcome
 * whose event was lost is read from the processor; an attempt abandoned past the hold is ended at
 * the processor and its slots given back. Safe to run in several processes at once: every change
 * goes through the settlement under the payment's row lock, and repeats nothing.
 */
export function createReconciliation({
  db,
  clock,
  checkout,
  refunds,
  payouts,
}: {
  db: Database;
  clock: Clock;
  checkout: Pick<Checkout, 'resume' | 'abandon'>;
  refunds: Pick<Refunds, 'reconcile'>;
  payouts: Pick<Payouts, 'reconcile'>;
}) {
  return {
    /** Refunds and payouts whose answer never came, asked again with their keys. */
    async moneyOut(): Promise<{ refunds: number; payouts: number }> {
      return { refunds: await refunds.reconcile(), payouts: await payouts.reconcile() };
    },

    /** One pass; says how many payments it looked at and how many it settled. */
    async run(): Promise<{ checked: number; settled: number; failed: number }> {
      const now = clock().getTime();
      const stale = await db
        .select()
        .from(payments)
        .where(
          and(
            sql`${payments.status} in ('REQUIRES_CREATION', 'REQUIRES_METHOD', 'REQUIRES_CONFIRMATION', 'REQUIRES_ACTION', 'REQUIRES_CAPTURE', 'PROCESSING')`,
            lt(payments.updatedAt, new Date(now - RECONCILE_AFTER_MS)),
          ),
        )
        .orderBy(asc(payments.updatedAt))
        .limit(BATCH);
      let settled = 0;
      let failed = 0;
      for (const payment of stale) {
        try {
          // The method's own attempts only: one recorded by hand has nothing at the processor.
          if (payment.method !== 'INTERNAL_PAYMENT') continue;
          let current = (await checkout.resume(payment)).payment;
          const abandoned = current.updatedAt.getTime() < now - CHECKOUT_HOLD_MS;
          if (!isSettled(current.status) && abandoned && current.status !== 'PROCESSING') {
            current = await checkout.abandon(current);
          }
          if (isSettled(current.status)) settled += 1;
        } catch {
          // The processor is away: the next pass asks again.
          failed += 1;
        }
      }
      return { checked: stale.length, settled, failed };
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;

export function paymentsReconciliationJob(reconciliation: Reconciliation): RecurringJob {
  return {
    name: 'payments-reconciliation',
    everyMs: RECONCILE_AFTER_MS,
    run: async () => {
      await reconciliation.run();
      await reconciliation.moneyOut();
    },
  };
}

/**
 * Money on its way out, every few minutes: holds that ended are released, answer-by promises warned
 * of and kept, weekly payouts made. Each step is idempotent, so several processes may run it.
 */
export function paymentsMoneyOutJob(steps: {
  payouts: Pick<Payouts, 'releaseDue' | 'runSchedule'>;
  answerBy: { run: () => Promise<unknown> };
}): RecurringJob {
  return {
    name: 'payments-money-out',
    everyMs: 5 * 60 * 1000,
    run: async () => {
      await steps.payouts.releaseDue();
      await steps.answerBy.run();
      await steps.payouts.runSchedule();
    },
  };
}
