import { getCurrency, isPaymentCurrency } from '@encore/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import {
  ORGANISATION_ACCOUNTS,
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
      return true;
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
      return unbalanced.rows.map((row) =>
        row.postings < 2
          ? `${row.key}: ${row.postings} posting(s)`
          : `${row.key}: off by ${row.sum} ${row.currency}`,
      );
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
