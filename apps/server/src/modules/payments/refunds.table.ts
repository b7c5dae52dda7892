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
import type { RefundReason, RefundRequestStatus } from '@encore/core';
import { createdAt, moment, updatedAt } from '../../db/columns';
import { applications } from '../applications/applications.table';
import { users } from '../users/users.table';
import { payments } from './payments.table';

/**
 * An applicant's request for their fee back, and where it got to. Each step keeps its time, so the
 * timeline is read from the row. At most one request of an application is open at a time.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    opportunityId: uuid('opportunity_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<RefundRequestStatus>().notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    message: text('message'),
    /** What was left of the payment when asked (minor units of the payment's currency). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: moment('decided_at'),
    processingAt: moment('processing_at'),
    completedAt: moment('completed_at'),
    canceledAt: moment('canceled_at'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('refund_requests_opportunity_idx').on(table.opportunityId, table.createdAt),
    index('refund_requests_application_idx').on(table.applicationId, table.createdAt),
    uniqueIndex('refund_requests_one_open_key')
      .on(table.applicationId)
      .where(sql`${table.status} in ('REQUESTED', 'APPROVED', 'PROCESSING')`),
  ],
);

export type RefundStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/**
 * Money given back for a payment: asked of the processor with the refund's own idempotency key,
 * booked when the processor says it succeeded. One refund of a payment is pending at a time.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').notNull(),
    opportunityId: uuid('opportunity_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    requestId: uuid('request_id').references(() => refundRequests.id, { onDelete: 'set null' }),
    status: text('status').$type<RefundStatus>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Made by the answer-by promise, not by a person. */
    automatic: boolean('automatic').notNull().default(false),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    providerRefundId: text('provider_refund_id').unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    failureReason: text('failure_reason'),
    succeededAt: moment('succeeded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('refunds_payment_idx').on(table.paymentId),
    index('refunds_opportunity_idx').on(table.opportunityId, table.succeededAt),
    uniqueIndex('refunds_one_pending_key')
      .on(table.paymentId)
      .where(sql`${table.status} = 'PENDING'`),
    check('refunds_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type RefundRequestRow = typeof refundRequests.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
