import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@encore/core';
import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import type { ProviderIntent, ProviderIntentStatus } from '../../lib/payments/provider';
import type { TierSlots } from '../opportunities/opportunities.service';
import type { CouponsService } from './coupons.service';
import type { Ledger, Posting } from './ledger';
import { payments, type PaymentRow } from './payments.table';
import { revenueRollup } from './revenue-rollup';

/** The seed's payment status for each of the processor's intent statuses. */
export const PAYMENT_STATUS_OF: Record<ProviderIntentStatus, PaymentStatus> = {
  requires_payment_method: 'REQUIRES_METHOD',
  requires_confirmation: 'REQUIRES_CONFIRMATION',
  requires_action: 'REQUIRES_ACTION',
  processing: 'PROCESSING',
  requires_capture: 'REQUIRES_CAPTURE',
  canceled: 'CANCELED',
  succeeded: 'SUCCEEDED',
};

/** Statuses a payment never leaves through checkout (refunds, issue 21, move on from SUCCEEDED). */
export const SETTLED_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'SUCCEEDED',
  'CANCELED',
  'FAILED',
  'REFUNDED',
  'REFUND_FAIL',
];

export const isSettled = (status: PaymentStatus) => SETTLED_PAYMENT_STATUSES.includes(status);

export const paymentAggregate = (applicationId: string) => `application:${applicationId}`;

/**
 * How a payment's state changes, in the caller's transaction, with what must change with it: the
 * books, the slots it held, the receipt, and the event that tells the rest of the product. Every
 * path that learns something (checkout, the processor's events, reconciliation) comes through
 * here, so the same fact recorded twice changes nothing the second time.
 */
export function createPaymentSettlement({
  outbox,
  ledger,
  clock,
  coupons,
  tierSlots,
}: {
  outbox: Outbox;
  ledger: Ledger;
  clock: Clock;
  coupons: Pick<CouponsService, 'releaseSlot'>;
  tierSlots: TierSlots;
}) {
  async function lock(tx: Executor, paymentId: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    return row;
  }

  /** Writes the change and, when the status moved, tells of it. */
  async function move(
    tx: Executor,
    payment: PaymentRow,
    change: Partial<PaymentRow> & { status: PaymentStatus },
  ): Promise<PaymentRow> {
    const [moved] = await tx
      .update(payments)
      .set({ ...change, updatedAt: clock() })
      .where(eq(payments.id, payment.id))
      .returning();
    if (moved!.status !== payment.status) {
      await outbox.append(
        tx,
        domainEvent('PaymentStatusChanged', paymentAggregate(moved!.applicationId), {
          paymentId: moved!.id,
          applicationId: moved!.applicationId,
          opportunityId: moved!.opportunityId,
          organisationId: moved!.organisationId,
          userId: moved!.userId,
          from: payment.status,
          to: moved!.status,
          method: moved!.method,
          amount: moved!.amount,
          currency: moved!.currency,
          receiptNumber: moved!.receiptNumber,
        }),
      );
    }
    return moved!;
  }

  /** Gives back the tier's and the coupon's slot a payment held (once). */
  async function releaseHolds(tx: Executor, payment: PaymentRow) {
    if (!payment.holdsSlots) return;
    if (payment.paymentOptionId) await tierSlots.release(tx, payment.paymentOptionId);
    if (payment.couponId) await coupons.releaseSlot(tx, payment.couponId);
  }

  /** A card payment in the books: what the processor holds, its fee, the organisation's share, ours. */
  function chargePostings(payment: PaymentRow, processorFee: number): Posting[] {
    const { currency, amount, platformFee, organisationId } = payment;
    const postings: Posting[] = [
      { account: 'payments_in_flight', currency, amount: amount - processorFee },
      { account: 'processor_fees', currency, amount: processorFee },
      {
        account: 'organisation_pending',
        organisationId,
        currency,
        amount: -(amount - platformFee),
      },
      { account: 'platform_fees', currency, amount: -platformFee },
    ];
    return postings.filter((posting) => posting.amount !== 0);
  }

  /** Paid (or owing nothing): numbered receipt, the books, and the slots stay taken for good. */
  async function succeed(
    tx: Transaction,
    payment: PaymentRow,
    { processorFee }: { processorFee: number | null },
  ): Promise<PaymentRow> {
    if (payment.status === 'SUCCEEDED') return payment;
    const now = clock();
    if (payment.method === 'INTERNAL_PAYMENT') {
      await ledger.record(tx, {
        idempotencyKey: `charge:${payment.id}`,
        kind: 'charge',
        occurredAt: now,
        organisationId: payment.organisationId,
        applicationId: payment.applicationId,
        postings: chargePostings(payment, processorFee ?? 0),
      });
    }
    await revenueRollup.paid(tx, payment, now);
    const receipt = (
      (await tx.execute(
        sql`select nextval('payment_receipt_numbers')::text as number`,
      )) as unknown as { rows: { number: string }[] }
    ).rows[0]!;
    return move(tx, payment, {
      status: 'SUCCEEDED',
      processorFee: payment.method === 'INTERNAL_PAYMENT' ? (processorFee ?? 0) : 0,
      receiptNumber: Number(receipt.number),
      receiptToken: randomBytes(18).toString('base64url'),
      succeededAt: now,
      lastErrorCode: null,
      lastErrorMessage: null,
    });
  }

  return {
    lock,
    move,
    releaseHolds,
    succeed,

    /**
     * What the processor says of the payment's intent, applied if it moves the payment on: a
     * settled payment stays settled (a late "failed" after "succeeded" is history, not news), and
     * an intent of an earlier attempt changes nothing.
     */
    async applyIntent(tx: Transaction, payment: PaymentRow, intent: ProviderIntent) {
      if (payment.providerIntentId !== intent.id || isSettled(payment.status)) return payment;
      const status = PAYMENT_STATUS_OF[intent.status];
      if (status === 'SUCCEEDED')
        return succeed(tx, payment, { processorFee: intent.processorFee });
      if (status === 'CANCELED') {
        await releaseHolds(tx, payment);
        return move(tx, payment, { status, holdsSlots: false });
      }
      const error = intent.lastPaymentError;
      if (status === payment.status && (error?.message ?? null) === payment.lastErrorMessage) {
        return payment;
      }
      return move(tx, payment, {
        status,
        lastErrorCode: error ? (error.declineCode ?? error.code) : null,
        lastErrorMessage: error?.message ?? null,
      });
    },
  };
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
