import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Answers,
  ApplicationStatus,
  FormField,
  FormType,
  MessageStatus,
  PaymentStatus,
} from '@encore/core';
import { createdAt, moment, updatedAt } from '../../db/columns';
import { applicationForms } from '../forms/forms.table';
import { opportunities, opportunityPaymentOptions } from '../opportunities/opportunities.table';
import { users } from '../users/users.table';

/**
 * One account's application to one opportunity, from its first draft on (ARCHITECTURE §5). The
 * identity fields every form asks (name, email, address, artist name) are columns, for lists,
 * search and blind review; every answer, those included, is in `answers`, keyed by field slug,
 * next to the form definition it answered.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short, unique and easy to read out on the phone: `HLF-7K3M9Q`. */
    code: text('code').notNull().unique(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formId: uuid('form_id').references(() => applicationForms.id, { onDelete: 'set null' }),
    formType: text('form_type').$type<FormType>().notNull(),
    formSnapshot: jsonb('form_snapshot').$type<FormField[]>().notNull(),
    answers: jsonb('answers').$type<Answers>().notNull().default({}),
    status: text('status').$type<ApplicationStatus>().notNull().default('DRAFT'),
    /** Null on free opportunities; the payments feature moves it. */
    paymentStatus: text('payment_status').$type<PaymentStatus>(),
    paymentOptionId: uuid('payment_option_id').references(() => opportunityPaymentOptions.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    artistName: text('artist_name'),
    address: text('address').notNull().default(''),
    /** Kept with every review, so lists sort and filter by the average without reading reviews. */
    ratingTotal: integer('rating_total').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    submittedAt: moment('submitted_at'),
    decidedAt: moment('decided_at'),
    withdrawnAt: moment('withdrawn_at'),
    refundedAt: moment('refunded_at'),
    /**
     * When a draft's applicant was told its opportunity closes soon. A reminder from before the
     * current deadline's window (the deadline moved later) does not count for it.
     */
    deadlineRemindedAt: moment('deadline_reminded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Applying twice to the same opportunity is refused by this key.
    uniqueIndex('applications_opportunity_user_key').on(table.opportunityId, table.userId),
    index('applications_opportunity_created_idx').on(table.opportunityId, table.createdAt),
    // What the team's lists read (applicationPolicy.isShownToTeam): their pages and totals.
    index('applications_team_list_idx')
      .on(table.opportunityId, table.createdAt, table.id)
      .where(sql`${table.status} <> 'DRAFT' or ${table.paymentStatus} is not null`),
    index('applications_opportunity_status_idx').on(table.opportunityId, table.status),
    // The team's list narrowed by status: its total, and its page sorted by rating or by date,
    // from the index alone (the sort's columns and the id are in it).
    index('applications_team_status_idx')
      .on(
        table.opportunityId,
        table.status,
        table.ratingTotal,
        table.ratingCount,
        table.createdAt,
        table.id,
      )
      .where(sql`${table.status} <> 'DRAFT' or ${table.paymentStatus} is not null`),
    index('applications_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/** Every status an application passed through, with who moved it (null: the system). */
export const applicationStatusChanges = pgTable(
  'application_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Orders changes made within the same instant (a submission accepted at once). */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ApplicationStatus>(),
    toStatus: text('to_status').$type<ApplicationStatus>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('application_status_changes_app_idx').on(table.applicationId, table.sequence)],
);

/** One reviewer's rating of one application, 1 to 5; rating again replaces it. */
export const applicationReviews = pgTable(
  'application_reviews',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rate: smallint('rate').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.userId] }),
    check('application_reviews_rate_check', sql`${table.rate} between 1 and 5`),
  ],
);

/**
 * The team's internal notes on an application, never shown to the applicant: comments
 * (`is_comment`) and the notes a manager leaves with a status change.
 */
export const applicationComments = pgTable(
  'application_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    isComment: boolean('is_comment').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('application_comments_app_idx').on(table.applicationId, table.createdAt)],
);

/**
 * Messages between the organisation and the applicant. PENDING until the other side has seen it,
 * then SENT; FAILED when its email notice could not be delivered and it has not been seen yet.
 */
export const applicationMessages = pgTable(
  'application_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by the organisation's side (shown with its name and logo), not by the applicant. */
    fromOrganisation: boolean('from_organisation').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<MessageStatus>().notNull().default('PENDING'),
    seenAt: moment('seen_at'),
    createdAt: createdAt(),
  },
  (table) => [index('application_messages_app_idx').on(table.applicationId, table.createdAt)],
);

export type ApplicationRow = typeof applications.$inferSelect;

/**
 * An application as lists read it: everything but the form it answered and its answers, which
 * are most of a row (6.5 KB of JSON for a typical form) and which no list shows.
 */
export type ApplicationSummary = Omit<ApplicationRow, 'formSnapshot' | 'answers'>;
const {
  formSnapshot: _formSnapshot,
  answers: _answers,
  ...summaryColumns
} = getTableColumns(applications);
/** The columns of an ApplicationSummary, for `select(applicationSummaryColumns)`. */
export const applicationSummaryColumns = summaryColumns;
export type ApplicationStatusChangeRow = typeof applicationStatusChanges.$inferSelect;
export type ApplicationReviewRow = typeof applicationReviews.$inferSelect;
export type ApplicationCommentRow = typeof applicationComments.$inferSelect;
export type ApplicationMessageRow = typeof applicationMessages.$inferSelect;
