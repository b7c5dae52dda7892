import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, moment, updatedAt } from '../../db/columns';
import { opportunities } from '../opportunities/opportunities.table';
import { organisations } from '../organisations/organisations.table';
import { users } from '../users/users.table';

export type PayoutStatus = 'PENDING' | 'IN_TRANSIT' | 'PAID' | 'FAILED' | 'CANCELED';

/**
 * Money paid out of an organisation's available balance to its bank account: booked when asked
 * for (the balance cannot be paid out twice), given back when the bank refuses it.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PayoutStatus>().notNull(),
    description: text('description'),
    automatic: boolean('automatic').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    providerPayoutId: text('provider_payout_id').unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    failureCode: text('failure_code'),
    arrivalDate: moment('arrival_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payouts_organisation_idx').on(table.organisationId, table.createdAt),
    index('payouts_open_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('PENDING', 'IN_TRANSIT')`),
    check('payouts_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** An organiser's request to have an opportunity's money released before the usual hold ends. */
export const earlyReleases = pgTable('payout_early_releases', {
  opportunityId: uuid('opportunity_id')
    .primaryKey()
    .references(() => opportunities.id, { onDelete: 'cascade' }),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedAt: moment('requested_at').notNull(),
});

/** The answer-by warnings already sent (48 and 24 hours before), so each goes once. */
export const answerByWarnings = pgTable(
  'answer_by_warnings',
  {
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    hoursLeft: bigint('hours_left', { mode: 'number' }).notNull(),
    answerBy: moment('answer_by').notNull(),
    sentAt: createdAt(),
  },
  (table) => [
    uniqueIndex('answer_by_warnings_key').on(table.opportunityId, table.hoursLeft, table.answerBy),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;
