import type { PaymentStatus } from '@encore/core';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, type PaymentRow } from './payments.table';
import { revenueDays, revenueShares } from './revenue.table';

export type PaymentsSortField = 'CREATED_AT' | 'AMOUNT' | 'NAME' | 'STATUS';

export interface PaymentsFilter {
  q?: string | null;
  status?: PaymentStatus | null;
  refunded?: boolean | null;
  sort?: PaymentsSortField | null;
  asc?: boolean | null;
}

export interface Revenue {
  currency: string;
  totalApplications: number;
  collected: number;
  available: number;
  pending: number;
  refunded: number;
  timeline: Array<{ date: string; collected: number; refunded: number }>;
}

/** Payments that brought money in (or owe nothing): not attempts still open or given up. */
const PAID: PaymentStatus[] = ['SUCCEEDED', 'REFUNDED', 'REFUND_FAIL'];

/** The whole list: its size is the rollup's count of paid applications, not a count of rows. */
const unfiltered = (filter: PaymentsFilter) =>
  !filter.q?.trim() && !filter.status && !filter.refunded;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

const SORT_COLUMNS = {
  CREATED_AT: payments.createdAt,
  AMOUNT: payments.amount,
  NAME: payments.payerName,
  STATUS: payments.status,
} as const;

/**
 * What the team sees of an opportunity's money: the payments list (filters, sort, pages, CSV) and
 * the revenue, from the payments' own columns (who paid, what, what was given back), so a page
 * costs the same few statements however many payments there are.
 */
export function createPaymentsReports({ db }: { db: Database }) {
  function whereOf(opportunityId: string, filter: PaymentsFilter): SQL | undefined {
    const q = filter.q?.trim();
    const pattern = q ? `%${escapeLike(q)}%` : null;
    return and(
      eq(payments.opportunityId, opportunityId),
      filter.status ? eq(payments.status, filter.status) : inArray(payments.status, PAID),
      filter.refunded ? sql`${payments.amountRefunded} > 0` : undefined,
      pattern
        ? or(ilike(payments.payerName, pattern), ilike(payments.payerEmail, pattern))
        : undefined,
    );
  }

  function orderOf(filter: PaymentsFilter) {
    const column = SORT_COLUMNS[filter.sort ?? 'CREATED_AT'];
    const direction = filter.asc ? asc : desc;
    return [direction(column), direction(payments.id)];
  }

  return {
    async page(
      opportunityId: string,
      filter: PaymentsFilter,
      { first, page }: { first: number; page: number },
    ): Promise<{ rows: PaymentRow[]; total: number }> {
      const where = whereOf(opportunityId, filter);
      // The page's ids first, from an index in the page's order (no row is read to be skipped),
      // then the ten rows.
      const [ids, [total]] = await Promise.all([
        db
          .select({ id: payments.id })
          .from(payments)
          .where(where)
          .orderBy(...orderOf(filter))
          .limit(first)
          .offset((page - 1) * first),
        unfiltered(filter)
          ? db
              .select({ total: sql<number>`coalesce(sum(${revenueDays.paidCount}), 0)::int` })
              .from(revenueDays)
              .where(eq(revenueDays.opportunityId, opportunityId))
          : db.select({ total: count() }).from(payments).where(where),
      ]);
      const rows =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(payments)
              .where(
                inArray(
                  payments.id,
                  ids.map((row) => row.id),
                ),
              );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return { rows: ids.flatMap((row) => byId.get(row.id) ?? []), total: total!.total };
    },

    /** Every payment the filter keeps, in its order, a batch at a time (for a streamed CSV). */
    async *each(opportunityId: string, filter: PaymentsFilter, batch = 500) {
      for (let offset = 0; ; offset += batch) {
        const rows = await db
          .select()
          .from(payments)
          .where(whereOf(opportunityId, filter))
          .orderBy(...orderOf(filter))
          .limit(batch)
          .offset(offset);
        yield* rows;
        if (rows.length < batch) return;
      }
    },

    /**
     * Money in and back of an opportunity, in its payments' currency: from the rollup kept as
     * money moves (revenue-rollup.ts), a few rows whatever the number of payments.
     */
    async revenue(opportunityId: string, fallbackCurrency: string): Promise<Revenue> {
      const [days, shares] = await Promise.all([
        db
          .select()
          .from(revenueDays)
          .where(eq(revenueDays.opportunityId, opportunityId))
          .orderBy(asc(revenueDays.day)),
        db.select().from(revenueShares).where(eq(revenueShares.opportunityId, opportunityId)),
      ]);
      const currency = days[0]?.currency ?? shares[0]?.currency ?? fallbackCurrency;
      const inCurrency = days.filter((row) => row.currency === currency);
      const share = shares.find((row) => row.currency === currency);
      const sum = (pick: (row: (typeof inCurrency)[number]) => number) =>
        inCurrency.reduce((total, row) => total + pick(row), 0);
      return {
        currency,
        totalApplications: sum((row) => row.paidCount),
        collected: sum((row) => row.collected),
        refunded: sum((row) => row.refunded),
        available: share?.available ?? 0,
        pending: share?.pending ?? 0,
        timeline: inCurrency
          .filter((row) => row.collected !== 0 || row.refunded !== 0)
          .map((row) => ({ date: row.day, collected: row.collected, refunded: row.refunded })),
      };
    },
  };
}

export type PaymentsReports = ReturnType<typeof createPaymentsReports>;
