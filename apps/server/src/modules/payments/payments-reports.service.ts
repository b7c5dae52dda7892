import type { PaymentStatus } from '@encore/core';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, type PaymentRow } from './payments.table';
import { refunds } from './refunds.table';

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
        db.select({ total: count() }).from(payments).where(where),
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

    /** Money in and back of an opportunity, in its payments' currency. */
    async revenue(opportunityId: string, fallbackCurrency: string): Promise<Revenue> {
      const [totals] = await db
        .select({
          currency: sql<string | null>`max(${payments.currency})`,
          applications: count(),
          collected: sql<string>`coalesce(sum(${payments.amount}), 0)`,
          refunded: sql<string>`coalesce(sum(${payments.amountRefunded}), 0)`,
          available: sql<string>`coalesce(sum(${payments.amount} - ${payments.platformFee} - ${payments.shareRefunded}) filter (where ${payments.releasedAt} is not null), 0)`,
          pending: sql<string>`coalesce(sum(${payments.amount} - ${payments.platformFee} - ${payments.shareRefunded}) filter (where ${payments.releasedAt} is null and ${payments.method} = 'INTERNAL_PAYMENT'), 0)`,
        })
        .from(payments)
        .where(and(eq(payments.opportunityId, opportunityId), inArray(payments.status, PAID)));
      const day = (column: SQLWrapper) =>
        sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
      const [collectedByDay, refundedByDay] = await Promise.all([
        db
          .select({ date: day(payments.succeededAt), amount: sql<string>`sum(${payments.amount})` })
          .from(payments)
          .where(and(eq(payments.opportunityId, opportunityId), inArray(payments.status, PAID)))
          .groupBy(sql`1`),
        db
          .select({ date: day(refunds.succeededAt), amount: sql<string>`sum(${refunds.amount})` })
          .from(refunds)
          .where(and(eq(refunds.opportunityId, opportunityId), eq(refunds.status, 'SUCCEEDED')))
          .groupBy(sql`1`),
      ]);
      const days = new Map<string, { date: string; collected: number; refunded: number }>();
      const dayOf = (date: string) => {
        let point = days.get(date);
        if (!point) days.set(date, (point = { date, collected: 0, refunded: 0 }));
        return point;
      };
      for (const row of collectedByDay)
        if (row.date) dayOf(row.date).collected = Number(row.amount);
      for (const row of refundedByDay) if (row.date) dayOf(row.date).refunded = Number(row.amount);
      return {
        currency: totals?.currency ?? fallbackCurrency,
        totalApplications: totals?.applications ?? 0,
        collected: Number(totals?.collected ?? 0),
        refunded: Number(totals?.refunded ?? 0),
        available: Number(totals?.available ?? 0),
        pending: Number(totals?.pending ?? 0),
        timeline: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
      };
    },
  };
}

export type PaymentsReports = ReturnType<typeof createPaymentsReports>;
