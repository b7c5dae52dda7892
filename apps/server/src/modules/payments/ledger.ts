import { getCurrency, isPaymentCurrency } from '@encore/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import {
  ORGANISATION_ACCOUNTS,
  ledgerBalances,
  ledgerEntries,
  ledgerPostings,
  type LedgerAccount,
} from './ledger.table';

export interface Posting {
  account: LedgerAccount;
  /** For an organisation's accounts; none for the platform's. */
  organisationId?: string;
  currency: string;
  /** Signed minor units, debits positive. */
  amount: number;
}

export interface NewLedgerEntry {
  idempotencyKey: string;
  kind: string;
  occurredAt: Date;
  organisationId?: string;
  applicationId?: string;
  postings: Posting[];
}

/** One amount in one currency (minor units). */
export interface Money {
  amount: number;
  currency: string;
}

/** Raised for an entry the code got wrong; never for anything a person typed. */
export class LedgerError extends Error {
  override name = 'LedgerError';
}

function checkEntry(entry: NewLedgerEntry): void {
  if (entry.postings.length < 2) throw new LedgerError(`${entry.kind}: fewer than two postings`);
  const sums = new Map<string, number>();
  for (const posting of entry.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) {
      throw new LedgerError(`${entry.kind}: ${posting.account} posts ${posting.amount}`);
    }
    if (!isPaymentCurrency(posting.currency)) {
      throw new LedgerError(`${entry.kind}: ${posting.currency} is not a payment currency`);
    }
    if (ORGANISATION_ACCOUNTS.has(posting.account) !== (posting.organisationId !== undefined)) {
      throw new LedgerError(`${entry.kind}: ${posting.account} and its organisation disagree`);
    }
    const currency = getCurrency(posting.currency).code;
    sums.set(currency, (sums.get(currency) ?? 0) + posting.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new LedgerError(`${entry.kind}: off by ${sum} ${currency}`);
  }
}

/** Adds an entry's organisation postings to the running balances, in the entry's transaction. */
async function keepBalances(executor: Transaction, postings: Posting[]) {
  const sums = new Map<
    string,
    { organisationId: string; account: LedgerAccount; currency: string; amount: number }
  >();
  for (const posting of postings) {
    if (posting.organisationId === undefined) continue;
    const currency = getCurrency(posting.currency).code;
    const key = `${posting.organisationId}:${posting.account}:${currency}`;
    const sum = sums.get(key) ?? {
      organisationId: posting.organisationId,
      account: posting.account,
      currency,
      amount: 0,
    };
    sum.amount += posting.amount;
    sums.set(key, sum);
  }
  // In one order, so that two entries for the same organisation never wait on each other crosswise.
  for (const sum of [...sums.values()].sort((a, b) => (a.account < b.account ? -1 : 1))) {
    await executor
      .insert(ledgerBalances)
      .values(sum)
      .onConflictDoUpdate({
        target: [ledgerBalances.organisationId, ledgerBalances.account, ledgerBalances.currency],
        set: { amount: sql`${ledgerBalances.amount} + excluded.amount` },
      });
  }
}

/**
 * The platform's books: an append-only journal of balanced entries (ledger.table.ts). Entries
 * are written in the transaction of the change they account for; balances are sums of postings.
 */
export function createLedger({ db }: { db: Database }) {
  return {
    /**
     * Records an entry once, in the transaction of the change it accounts for (its balance is
     * checked at commit, so it cannot be written outside one): a second call with the same
     * idempotency key (a redelivered event, a retried webhook) records nothing and answers false.
     */
    async record(executor: Transaction, entry: NewLedgerEntry): Promise<boolean> {
      checkEntry(entry);
      const [written] = await executor
        .insert(ledgerEntries)
        .values({
          idempotencyKey: entry.idempotencyKey,
          kind: entry.kind,
          occurredAt: entry.occurredAt,
          organisationId: entry.organisationId ?? null,
          applicationId: entry.applicationId ?? null,
        })
        .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
        .returning({ id: ledgerEntries.id });
      if (!written) return false;
      await executor.insert(ledgerPostings).values(
        entry.postings.map((posting) => ({
          entryId: written.id,
          account: posting.account,
          organisationId: posting.organisationId ?? null,
          currency: getCurrency(posting.currency).code,
          amount: posting.amount,
        })),
      );
      await keepBalances(executor, entry.postings);
      return true;
    },

    /**
     * An organisation's balances per account and currency, as the holder sees them (what the
     * platform owes is positive), from the running balances: one row each, whatever the history.
     */
    async organisationBalances(
      organisationId: string,
      executor: Executor = db,
    ): Promise<Array<Money & { account: LedgerAccount }>> {
      const rows = await executor
        .select()
        .from(ledgerBalances)
        .where(eq(ledgerBalances.organisationId, organisationId))
        .orderBy(ledgerBalances.currency, ledgerBalances.account);
      return rows.map((row) => ({
        account: row.account,
        currency: row.currency,
        amount: 0 - row.amount, // not -row.amount: an empty balance is 0, never -0
      }));
    },

    /**
     * What an account holds in each currency, as the holder sees it: a liability or an income
     * (credit balances) is shown positive.
     */
    async balance(
      account: LedgerAccount,
      organisationId?: string,
      executor: Executor = db,
    ): Promise<Money[]> {
      const rows = await executor
        .select({
          currency: ledgerPostings.currency,
          amount: sql<string>`sum(${ledgerPostings.amount})`,
        })
        .from(ledgerPostings)
        .where(
          and(
            eq(ledgerPostings.account, account),
            organisationId === undefined
              ? sql`${ledgerPostings.organisationId} is null`
              : eq(ledgerPostings.organisationId, organisationId),
          ),
        )
        .groupBy(ledgerPostings.currency)
        .orderBy(ledgerPostings.currency);
      const sign = account === 'payments_in_flight' || account === 'processor_fees' ? 1 : -1;
      return rows
        .map((row) => ({ currency: row.currency, amount: sign * Number(row.amount) }))
        .filter((money) => money.amount !== 0);
    },

    /**
     * What is wrong with the books, if anything: entries that do not balance in a currency or
     * have fewer than two postings. The database refuses both at commit; this asks again (after
     * every payments test, and for an operator).
     */
    async problems(executor: Executor = db): Promise<string[]> {
      const unbalanced = (await executor.execute(sql`
        select e.idempotency_key as key, p.currency, sum(p.amount)::text as sum, count(*)::int as postings
        from ledger_entries e left join ledger_postings p on p.entry_id = e.id
        group by e.idempotency_key, p.currency
        having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2`)) as unknown as {
        rows: Array<{ key: string; currency: string | null; sum: string | null; postings: number }>;
      };
      const drifted = (await executor.execute(sql`
        select coalesce(b.organisation_id, s.organisation_id)::text as organisation, coalesce(b.account, s.account) as account,
          coalesce(b.currency, s.currency) as currency, coalesce(b.amount, 0)::text as kept, coalesce(s.amount, 0)::text as summed
        from ledger_organisation_balances b
        full join (select organisation_id, account, currency, sum(amount) as amount from ledger_postings
          where organisation_id is not null group by 1, 2, 3) s
          on s.organisation_id = b.organisation_id and s.account = b.account and s.currency = b.currency
        where coalesce(b.amount, 0) <> coalesce(s.amount, 0)`)) as unknown as {
        rows: Array<{
          organisation: string;
          account: string;
          currency: string;
          kept: string;
          summed: string;
        }>;
      };
      return [
        ...unbalanced.rows.map((row) =>
          row.postings < 2
            ? `${row.key}: ${row.postings} posting(s)`
            : `${row.key}: off by ${row.sum} ${row.currency}`,
        ),
        ...drifted.rows.map(
          (row) =>
            `balance of ${row.organisation} ${row.account} ${row.currency}: kept ${row.kept}, postings sum to ${row.summed}`,
        ),
      ];
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
