import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import type { CreateRefundInput, ProviderRefund } from '../provider';
import { localBalanceTransactions, localRefunds } from './local.table';
import {
  ProcessorError,
  idempotencyKeyInUse,
  newId,
  requirePositiveAmount,
  type IntentRow,
  type ProcessorCore,
} from './processor-core';
import { refundFailureOf } from './test-cards';

type RefundRow = typeof localRefunds.$inferSelect;

function refundView(row: RefundRow): ProviderRefund {
  return {
    id: row.id,
    intentId: row.intentId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    failureReason: row.failureReason,
    transferReversalAmount: row.transferReversalAmount,
    metadata: row.metadata,
    createdAt: row.createdAt,
  };
}

/**
 * Refunds of succeeded intents, as Stripe's refunds of destination charges made with
 * `reverse_transfer` and `refund_application_fee`: the connected account gives back its share in
 * proportion to what is refunded, at once. A charge made with the card 4000 0000 0000 5126 is
 * answered `pending` and then fails (its reversal is given back), as Stripe's test card does.
 */
export function createLocalRefunds(core: ProcessorCore) {
  const { db, clock, onEvent, lockIntent } = core;

  /** What was refunded and reversed so far: failed refunds gave everything back. */
  async function refundedSoFar(tx: Transaction, intentId: string) {
    const [sums] = await tx
      .select({
        amount: sql<string>`coalesce(sum(${localRefunds.amount}), 0)`,
        reversed: sql<string>`coalesce(sum(${localRefunds.transferReversalAmount}), 0)`,
      })
      .from(localRefunds)
      .where(
        and(
          eq(localRefunds.intentId, intentId),
          inArray(localRefunds.status, ['pending', 'succeeded']),
        ),
      );
    return { amount: Number(sums!.amount), reversed: Number(sums!.reversed) };
  }

  function requireRefundable(intent: IntentRow, amount: number, refunded: number) {
    if (intent.status !== 'succeeded') {
      throw new ProcessorError(
        'charge_not_refundable',
        `This PaymentIntent's status is ${intent.status}: it has no successful charge to refund.`,
        'payment_intent',
      );
    }
    const left = intent.amount - refunded;
    if (left <= 0) {
      throw new ProcessorError(
        'charge_already_refunded',
        `Charge for ${intent.id} has already been refunded.`,
      );
    }
    if (amount > left) {
      throw new ProcessorError(
        'amount_too_large',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
        'amount',
      );
    }
  }

  async function moveBalance(
    tx: Transaction,
    intent: IntentRow,
    type: 'payment_refund' | 'payment_refund_failure',
    refundId: string,
    amount: number,
  ) {
    if (amount === 0) return;
    await tx.insert(localBalanceTransactions).values({
      id: newId('txn'),
      accountId: intent.destination,
      type,
      source: refundId,
      amount,
      currency: intent.currency,
      availableOn: clock(),
    });
  }

  /** The refund with this key, if it was made, or a refusal if it was made with other params. */
  async function earlierRefund(tx: Transaction, input: CreateRefundInput, idempotencyKey: string) {
    const [row] = await tx
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.idempotencyKey, idempotencyKey));
    if (!row) return null;
    if (row.intentId !== input.intentId || row.amount !== input.amount) throw idempotencyKeyInUse();
    return refundView(row);
  }

  return {
    async createRefund(input: CreateRefundInput, idempotencyKey: string): Promise<ProviderRefund> {
      requirePositiveAmount(input.amount);
      return db.transaction(async (tx) => {
        // The intent's lock makes refunds of one charge (and retries of one key) one at a time.
        const intent = await lockIntent(tx, input.intentId);
        const earlier = await earlierRefund(tx, input, idempotencyKey);
        if (earlier) return earlier;
        const before = await refundedSoFar(tx, intent.id);
        requireRefundable(intent, input.amount, before.amount);
        // The cumulative share less what was reversed before: partial refunds never reverse more
        // than the transfer, whatever their rounding.
        const share = intent.amount - intent.applicationFeeAmount;
        const reversal =
          Math.round(((before.amount + input.amount) * share) / intent.amount) - before.reversed;
        const failureReason = refundFailureOf(intent.cardLast4);
        const now = clock();
        const [inserted] = await tx
          .insert(localRefunds)
          .values({
            id: newId('re'),
            intentId: intent.id,
            amount: input.amount,
            currency: intent.currency,
            status: failureReason ? 'pending' : 'succeeded',
            transferReversalAmount: reversal,
            metadata: input.metadata,
            idempotencyKey,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: localRefunds.idempotencyKey })
          .returning();
        // The same key on another intent at once: that intent's lock did not hold this one off.
        if (!inserted) throw idempotencyKeyInUse();
        await moveBalance(tx, intent, 'payment_refund', inserted.id, -reversal);
        if (!failureReason) {
          const refund = refundView(inserted);
          await onEvent(tx, { id: newId('evt'), type: 'refund.updated', refund });
          return refund;
        }
        // The card's bank refuses the refund: the answer is the refund as it was made (pending),
        // and the processor learns of the failure right after, as Stripe tells it by webhook.
        await moveBalance(tx, intent, 'payment_refund_failure', inserted.id, reversal);
        const [failed] = await tx
          .update(localRefunds)
          .set({ status: 'failed', failureReason, updatedAt: clock() })
          .where(eq(localRefunds.id, inserted.id))
          .returning();
        await onEvent(tx, { id: newId('evt'), type: 'refund.failed', refund: refundView(failed!) });
        return refundView(inserted);
      });
    },

    async retrieveRefund(refundId: string): Promise<ProviderRefund> {
      const [row] = await db.select().from(localRefunds).where(eq(localRefunds.id, refundId));
      if (!row) throw new ProcessorError('resource_missing', `No such refund: '${refundId}'`, 'id');
      return refundView(row);
    },
  };
}
