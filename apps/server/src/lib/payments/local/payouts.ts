import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/client';
import type { CreatePayoutInput, ProviderBalance, ProviderPayout } from '../provider';
import { localBalanceTransactions, localExternalAccounts, localPayouts } from './local.table';
import {
  DAY_MS,
  ProcessorError,
  idempotencyKeyInUse,
  newId,
  requirePositiveAmount,
  type ProcessorCore,
} from './processor-core';
import { PAYOUT_FAILURES } from './test-cards';

type PayoutRow = typeof localPayouts.$inferSelect;

/** Days a bank takes to credit a payout (Stripe's standard payouts: about two business days). */
const ARRIVAL_DAYS = 2;

export interface AccountBalance {
  currency: string;
  available: number;
  pending: number;
}

/**
 * Payouts from a connected account's available balance to its default external account in the
 * currency, as Stripe's manual payouts: debited at once, `in_transit` until the arrival date, then
 * `paid`. A payout to one of Stripe's failing test bank numbers fails as the bank answers: the
 * money comes back to the balance.
 */
export function createLocalPayouts(core: ProcessorCore) {
  const { db, clock, onEvent, lockAccount, requireAccount, accountView } = core;

  /** As Stripe tells it: stored `in_transit` is `paid` once its arrival date has passed. */
  function payoutView(row: PayoutRow): ProviderPayout {
    const arrived = row.status === 'in_transit' && row.arrivalDate <= clock();
    return {
      id: row.id,
      accountId: row.accountId,
      amount: row.amount,
      currency: row.currency,
      status: arrived ? 'paid' : row.status,
      destination: row.destination,
      failureCode: row.failureCode,
      failureMessage: row.failureMessage,
      arrivalDate: row.arrivalDate,
      description: row.description,
      metadata: row.metadata,
      createdAt: row.createdAt,
    };
  }

  async function balance(accountId: string, executor: Executor = db): Promise<AccountBalance[]> {
    const now = clock();
    const rows = await executor
      .select({
        currency: localBalanceTransactions.currency,
        available: sql<string>`coalesce(sum(${localBalanceTransactions.amount}) filter (where ${localBalanceTransactions.availableOn} <= ${now}), 0)`,
        pending: sql<string>`coalesce(sum(${localBalanceTransactions.amount}) filter (where ${localBalanceTransactions.availableOn} > ${now}), 0)`,
      })
      .from(localBalanceTransactions)
      .where(eq(localBalanceTransactions.accountId, accountId))
      .groupBy(localBalanceTransactions.currency)
      .orderBy(localBalanceTransactions.currency);
    return rows.map((row) => ({
      currency: row.currency,
      available: Number(row.available),
      pending: Number(row.pending),
    }));
  }

  async function requirePayable(tx: Transaction, input: CreatePayoutInput) {
    const account = await lockAccount(tx, input.accountId).catch((error: unknown) => {
      if (error instanceof ProcessorError && error.code === 'resource_missing') {
        throw new ProcessorError(
          'account_invalid',
          `The provided key does not have access to account '${input.accountId}' (or that account does not exist).`,
        );
      }
      throw error;
    });
    if (!(await accountView(account, tx)).payoutsEnabled) {
      throw new ProcessorError(
        'payouts_not_allowed',
        'Payouts have been disabled on this account.',
      );
    }
    const currency = input.currency.toLowerCase();
    const [destination] = await tx
      .select()
      .from(localExternalAccounts)
      .where(
        and(
          eq(localExternalAccounts.accountId, account.id),
          eq(localExternalAccounts.currency, currency),
          eq(localExternalAccounts.defaultForCurrency, true),
        ),
      );
    if (!destination) {
      throw new ProcessorError(
        'no_external_account',
        `This account has no external account in ${currency} to pay out to.`,
        'currency',
      );
    }
    const available =
      (await balance(account.id, tx)).find((entry) => entry.currency === currency)?.available ?? 0;
    if (input.amount > available) {
      throw new ProcessorError(
        'balance_insufficient',
        `You have insufficient funds in your account: ${available} ${currency} available.`,
        'amount',
      );
    }
    return { currency, destination };
  }

  async function moveBalance(tx: Transaction, payout: PayoutRow, type: string, amount: number) {
    await tx.insert(localBalanceTransactions).values({
      id: newId('txn'),
      accountId: payout.accountId,
      type,
      source: payout.id,
      amount,
      currency: payout.currency,
      availableOn: clock(),
    });
  }

  async function earlierPayout(tx: Transaction, input: CreatePayoutInput, idempotencyKey: string) {
    const [row] = await tx
      .select()
      .from(localPayouts)
      .where(eq(localPayouts.idempotencyKey, idempotencyKey));
    if (!row) return null;
    if (
      row.accountId !== input.accountId ||
      row.amount !== input.amount ||
      row.currency !== input.currency.toLowerCase()
    ) {
      throw idempotencyKeyInUse();
    }
    return payoutView(row);
  }

  /** In a transaction: an in-transit payout whose arrival date passed is paid, and told once. */
  async function markPaid(tx: Transaction, id: string, accountId: string): Promise<boolean> {
    const [paid] = await tx
      .update(localPayouts)
      .set({ status: 'paid', updatedAt: clock() })
      .where(
        and(
          eq(localPayouts.id, id),
          eq(localPayouts.accountId, accountId),
          eq(localPayouts.status, 'in_transit'),
          lte(localPayouts.arrivalDate, clock()),
        ),
      )
      .returning();
    if (!paid) return false;
    await onEvent(tx, { id: newId('evt'), type: 'payout.paid', payout: payoutView(paid) });
    return true;
  }

  return {
    balance,

    async retrieveBalance(accountId: string): Promise<ProviderBalance> {
      const account = await requireAccount(accountId);
      const entries = await balance(accountId);
      // As Stripe: an account with no money yet shows zero in its default currency.
      const shown =
        entries.length > 0 || !account.defaultCurrency
          ? entries
          : [{ currency: account.defaultCurrency, available: 0, pending: 0 }];
      return {
        available: shown.map(({ currency, available }) => ({ amount: available, currency })),
        pending: shown.map(({ currency, pending }) => ({ amount: pending, currency })),
      };
    },

    async createPayout(input: CreatePayoutInput, idempotencyKey: string): Promise<ProviderPayout> {
      requirePositiveAmount(input.amount);
      return db.transaction(async (tx) => {
        const earlier = await earlierPayout(tx, input, idempotencyKey);
        if (earlier) return earlier;
        // The account's lock makes its payouts one at a time: two cannot spend one balance.
        const { currency, destination } = await requirePayable(tx, input);
        const again = await earlierPayout(tx, input, idempotencyKey);
        if (again) return again;
        const now = clock();
        const [inserted] = await tx
          .insert(localPayouts)
          .values({
            id: newId('po'),
            accountId: input.accountId,
            amount: input.amount,
            currency,
            status: 'in_transit',
            destination: destination.id,
            arrivalDate: new Date(now.getTime() + ARRIVAL_DAYS * DAY_MS),
            description: input.description,
            metadata: input.metadata,
            idempotencyKey,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: localPayouts.idempotencyKey })
          .returning();
        if (!inserted) throw idempotencyKeyInUse();
        await moveBalance(tx, inserted, 'payout', -inserted.amount);
        const failure = destination.payoutFailureCode
          ? PAYOUT_FAILURES[destination.payoutFailureCode]
          : undefined;
        if (!failure) {
          const payout = payoutView(inserted);
          await onEvent(tx, { id: newId('evt'), type: 'payout.created', payout });
          return payout;
        }
        // The bank refuses it: the answer is the payout before the bank answered (pending), and
        // the failure follows as Stripe's `payout.failed` would, the money back on the balance.
        const pending: ProviderPayout = { ...payoutView(inserted), status: 'pending' };
        await onEvent(tx, { id: newId('evt'), type: 'payout.created', payout: pending });
        await moveBalance(tx, inserted, 'payout_failure', inserted.amount);
        const [failed] = await tx
          .update(localPayouts)
          .set({
            status: 'failed',
            failureCode: destination.payoutFailureCode,
            failureMessage: failure,
            updatedAt: clock(),
          })
          .where(eq(localPayouts.id, inserted.id))
          .returning();
        await tx
          .update(localExternalAccounts)
          .set({ status: 'errored' })
          .where(eq(localExternalAccounts.id, destination.id));
        await onEvent(tx, { id: newId('evt'), type: 'payout.failed', payout: payoutView(failed!) });
        return pending;
      });
    },

    /** The payout as it is now; one that arrived since is told as `payout.paid` (once). */
    async retrievePayout(accountId: string, payoutId: string): Promise<ProviderPayout> {
      return db.transaction(async (tx) => {
        await markPaid(tx, payoutId, accountId);
        const [row] = await tx
          .select()
          .from(localPayouts)
          .where(and(eq(localPayouts.id, payoutId), eq(localPayouts.accountId, accountId)));
        if (!row)
          throw new ProcessorError('resource_missing', `No such payout: '${payoutId}'`, 'id');
        return payoutView(row);
      });
    },

    /**
     * Marks every payout whose arrival date has passed as paid and tells each as `payout.paid`:
     * what Stripe does on the day, for a timer to call. Answers how many were paid.
     */
    async payArrivedPayouts(): Promise<number> {
      const due = await db
        .select({ id: localPayouts.id, accountId: localPayouts.accountId })
        .from(localPayouts)
        .where(and(eq(localPayouts.status, 'in_transit'), lte(localPayouts.arrivalDate, clock())));
      let paid = 0;
      for (const { id, accountId } of due) {
        if (await db.transaction((tx) => markPaid(tx, id, accountId))) paid += 1;
      }
      return paid;
    },
  };
}
