import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * An opportunity's money by day, kept in the transactions that move it (a payment paid, a refund
 * made), so that its revenue is read from a few rows however many payments it has.
 */
export const revenueDays = pgTable(
  'payment_revenue_days',
  {
    opportunityId: uuid('opportunity_id').notNull(),
    currency: text('currency').notNull(),
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
    paidCount: integer('paid_count').notNull().default(0),
    collected: bigint('collected', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.opportunityId, table.currency, table.day] })],
);

/** The organisation's share of an opportunity's card payments: held, and released. */
export const revenueShares = pgTable(
  'payment_revenue_shares',
  {
    opportunityId: uuid('opportunity_id').notNull(),
    currency: text('currency').notNull(),
    pending: bigint('pending', { mode: 'number' }).notNull().default(0),
    available: bigint('available', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.opportunityId, table.currency] })],
);
