import { refundSplit, UUID_PATTERN } from '@encore/core';
import { and, count, eq, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { ProcessorError } from '../../lib/payments/local/processor';
import type { PaymentProvider, ProviderRefund } from '../../lib/payments/provider';
import type { ApplicationsService } from '../applications/applications.service';
import type { Ledger } from './ledger';
import type { PaymentSettlement } from './payments.settlement';
import { payments, type PaymentRow } from './payments.table';
import { refundAggregate } from './refunds.events';
import { refundRequests, refunds, type RefundRequestRow, type RefundRow } from './refunds.table';
import { revenueRollup } from './revenue-rollup';

/** How a refund came about: a request approved, the answer-by promise, or a person directly. */
export interface RefundOrigin {
  requestId?: string;
  automatic?: boolean;
  requestedBy: string | null;
}

/** Pending refunds asked of the processor again after this long (a crash, a lost answer). */
export const RECONCILE_REFUNDS_AFTER_MS = 60_000;

const conflict = (message: string, messageKey: string) =>
  new AppError('CONFLICT', message, { messageKey });
const validation = (field: string, key: string) => AppError.validation({ [field]: [key] });

/** A card payment with something left to give back. */
export const refundable = (payment: PaymentRow) =>
  payment.method === 'INTERNAL_PAYMENT' &&
  (payment.status === 'SUCCEEDED' || payment.status === 'REFUND_FAIL') &&
  payment.amount > payment.amountRefunded;

/**
 * How a refund goes through (issue 21), whoever asked for it: written first (pending, with its own
 * idempotency key), then asked of the processor, then booked when the processor says it succeeded
 * (the organisation's share and the platform's fee back, the request and the payment moved on,
 * the other side told). A crash in between leaves a pending refund that reconciliation asks again
 * with the same key, never a second refund.
 */
export function createRefundSettlement({
  db,
  outbox,
  clock,
  provider,
  ledger,
  settlement,
  applications,
}: {
  db: Database;
  outbox: Outbox;
  clock: Clock;
  provider: PaymentProvider;
  ledger: Ledger;
  settlement: PaymentSettlement;
  applications: Pick<ApplicationsService, 'byIds'>;
}) {
  const parties = (payment: PaymentRow) => ({
    applicationId: payment.applicationId,
    opportunityId: payment.opportunityId,
    organisationId: payment.organisationId,
    userId: payment.userId,
  });

  async function updateRequest(
    tx: Transaction,
    id: string,
    change: Partial<RefundRequestRow>,
  ): Promise<RefundRequestRow> {
    const [row] = await tx
      .update(refundRequests)
      .set({ ...change, updatedAt: clock() })
      .where(eq(refundRequests.id, id))
      .returning();
    return row!;
  }

  /** Writes a pending refund of a locked payment; the processor is asked after commit. */
  async function begin(
    tx: Transaction,
    payment: PaymentRow,
    amount: number | null,
    origin: RefundOrigin,
  ): Promise<RefundRow> {
    if (payment.method !== 'INTERNAL_PAYMENT') throw validation('id', 'validation.refund.not_card');
    if (!refundable(payment)) throw validation('id', 'validation.refund.nothing_left');
    const [pending] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'PENDING')));
    if (pending) {
      throw conflict('A refund of this payment is under way.', 'errors.refund_in_progress');
    }
    const left = payment.amount - payment.amountRefunded;
    const refundAmount = amount ?? left;
    if (refundAmount > left) throw validation('amount', 'validation.refund.over_amount');
    const [made] = await tx
      .select({ made: count() })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        applicationId: payment.applicationId,
        opportunityId: payment.opportunityId,
        organisationId: payment.organisationId,
        requestId: origin.requestId ?? null,
        status: 'PENDING',
        amount: refundAmount,
        currency: payment.currency,
        automatic: origin.automatic ?? false,
        requestedBy: origin.requestedBy,
        idempotencyKey: `refund:${payment.id}:${made!.made + 1}`,
        // The service's clock, as every later step of the refund: its times read in order.
        createdAt: clock(),
        updatedAt: clock(),
      })
      .returning();
    return refund!;
  }

  /** The refund is booked: the organisation's share and the platform's fee come back. */
  async function succeed(
    tx: Transaction,
    refund: RefundRow,
    payment: PaymentRow,
    withdrawn: boolean,
  ) {
    const now = clock();
    const { feeBack, shareBack } = refundSplit(payment, refund.amount);
    const { currency, organisationId } = payment;
    await ledger.record(tx, {
      idempotencyKey: `refund:${refund.id}`,
      kind: 'refund',
      occurredAt: now,
      organisationId,
      applicationId: payment.applicationId,
      postings: [
        { account: 'payments_in_flight' as const, currency, amount: -refund.amount },
        {
          // Once released to the balance (or paid out), the share comes back from there: the
          // balance may go below zero, and later money nets it.
          account: payment.releasedAt
            ? ('organisation_available' as const)
            : ('organisation_pending' as const),
          organisationId,
          currency,
          amount: shareBack,
        },
        { account: 'platform_fees' as const, currency, amount: feeBack },
      ].filter((posting) => posting.amount !== 0),
    });
    await revenueRollup.refunded(tx, payment, { amount: refund.amount, shareBack }, now);
    const refunded = payment.amountRefunded + refund.amount;
    const full = refunded === payment.amount;
    let moved = await settlement.move(tx, payment, {
      status: full ? 'REFUNDED' : 'SUCCEEDED',
      amountRefunded: refunded,
      shareRefunded: payment.shareRefunded + shareBack,
      refundedAt: now,
    });
    // A withdrawn application refunded in full gives its tier's and coupon's slot back.
    if (full && withdrawn && moved.holdsSlots) {
      await settlement.releaseHolds(tx, moved);
      moved = await settlement.move(tx, moved, { status: moved.status, holdsSlots: false });
    }
    await tx
      .update(refunds)
      .set({ status: 'SUCCEEDED', succeededAt: now, updatedAt: now })
      .where(eq(refunds.id, refund.id));
    if (refund.requestId) {
      await updateRequest(tx, refund.requestId, { status: 'SUCCEEDED', completedAt: now });
    }
    await outbox.append(
      tx,
      domainEvent('RefundSucceeded', refundAggregate(payment.applicationId), {
        ...parties(payment),
        refundId: refund.id,
        requestId: refund.requestId,
        amount: refund.amount,
        currency,
        automatic: refund.automatic,
        full,
      }),
    );
  }

  async function fail(tx: Transaction, refund: RefundRow, payment: PaymentRow, reason: string) {
    const now = clock();
    await tx
      .update(refunds)
      .set({ status: 'FAILED', failureReason: reason, updatedAt: now })
      .where(eq(refunds.id, refund.id));
    await settlement.move(tx, payment, { status: 'REFUND_FAIL' });
    if (refund.requestId) {
      await updateRequest(tx, refund.requestId, {
        status: 'FAILED',
        completedAt: now,
        failureReason: reason,
      });
    }
    await outbox.append(
      tx,
      domainEvent('RefundFailed', refundAggregate(payment.applicationId), {
        ...parties(payment),
        refundId: refund.id,
        requestId: refund.requestId,
        amount: refund.amount,
        currency: payment.currency,
        failureReason: reason,
      }),
    );
  }

  /** What the processor says of a refund, applied once: a settled refund stays settled. */
  async function apply(refundId: string, answer: ProviderRefund | { failure: string }) {
    // Read before the transaction (the embedded database runs one statement stream at a time).
    const [known] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!known || known.status !== 'PENDING') return;
    const [application] = await applications.byIds([known.applicationId]);
    const withdrawn = application?.status === 'WITHDRAWN';
    await outbox.transaction(async (tx) => {
      const [refund] = await tx
        .select()
        .from(refunds)
        .where(eq(refunds.id, refundId))
        .for('update');
      if (!refund || refund.status !== 'PENDING') return;
      const payment = (await settlement.lock(tx, refund.paymentId))!;
      if ('failure' in answer) return fail(tx, refund, payment, answer.failure);
      if (!refund.providerRefundId) {
        await tx
          .update(refunds)
          .set({ providerRefundId: answer.id })
          .where(eq(refunds.id, refund.id));
      }
      if (answer.status === 'succeeded') return succeed(tx, refund, payment, withdrawn);
      if (answer.status === 'failed' || answer.status === 'canceled') {
        return fail(tx, refund, payment, answer.failureReason ?? answer.status);
      }
    });
  }

  /**
   * Asks the processor for a pending refund, with its key (the same refund however often), and
   * applies the answer. A refusal fails the refund; an unreachable processor leaves it pending.
   */
  async function submit(refund: RefundRow): Promise<void> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
    if (!payment?.providerIntentId) return apply(refund.id, { failure: 'no_charge' });
    let answer: ProviderRefund;
    try {
      answer = refund.providerRefundId
        ? await provider.retrieveRefund(refund.providerRefundId)
        : await provider.createRefund(
            {
              intentId: payment.providerIntentId,
              amount: refund.amount,
              metadata: {
                refund_id: refund.id,
                payment_id: payment.id,
                application_id: payment.applicationId,
              },
            },
            refund.idempotencyKey,
          );
    } catch (error) {
      if (error instanceof ProcessorError) return apply(refund.id, { failure: error.code });
      return; // Reconciliation asks again.
    }
    await apply(refund.id, answer);
  }

  return {
    parties,
    updateRequest,
    begin,
    submit,

    /** An application withdrawn after its fee was refunded in full gives its slots back. */
    async releaseWithdrawn(applicationId: string): Promise<void> {
      await outbox.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.applicationId, applicationId))
          .for('update');
        if (payment?.status !== 'REFUNDED' || !payment.holdsSlots) return;
        await settlement.releaseHolds(tx, payment);
        await settlement.move(tx, payment, { status: payment.status, holdsSlots: false });
      });
    },

    /** A processor's word on a refund is a nudge: what it says now is applied. */
    async sync(providerRefund: ProviderRefund): Promise<void> {
      const byMetadata = providerRefund.metadata.refund_id;
      const [refund] = await db
        .select()
        .from(refunds)
        .where(
          byMetadata && UUID_PATTERN.test(byMetadata)
            ? eq(refunds.id, byMetadata)
            : eq(refunds.providerRefundId, providerRefund.id),
        );
      if (!refund || refund.status !== 'PENDING') return;
      const answer = await provider.retrieveRefund(providerRefund.id).catch(() => null);
      if (answer) await apply(refund.id, answer);
    },

    /** Pending refunds whose answer never came: asked again with the same key. */
    async reconcile(): Promise<number> {
      const stale = await db
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.status, 'PENDING'),
            lt(refunds.updatedAt, new Date(clock().getTime() - RECONCILE_REFUNDS_AFTER_MS)),
          ),
        )
        .limit(100);
      for (const refund of stale) await submit(refund);
      return stale.length;
    },
  };
}

export type RefundSettlement = ReturnType<typeof createRefundSettlement>;
