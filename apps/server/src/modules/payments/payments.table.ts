import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccountHolderType, PaymentMethod, PaymentStatus } from '@encore/core';
import { citext, createdAt, moment, updatedAt } from '../../db/columns';
import { applications } from '../applications/applications.table';
import { opportunities, opportunityPaymentOptions } from '../opportunities/opportunities.table';
import { organisations } from '../organisations/organisations.table';
import { users } from '../users/users.table';

/**
 * An organisation's connected account at the payment processor, as last heard from it (an
 * `account.updated` event, or a recheck). The processor is the source of truth.
 */
export const paymentAccounts = pgTable('payment_accounts', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'local' | 'stripe'>().notNull(),
  providerAccountId: text('provider_account_id').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  countryCode: text('country_code'),
  businessType: text('business_type').$type<AccountHolderType>(),
  defaultCurrency: text('default_currency'),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  hasExternalAccount: boolean('has_external_account').notNull().default(false),
  disabledReason: text('disabled_reason'),
  requirementsDue: text('requirements_due')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** WEEKLY pays out the available balance every week; MANUAL only when asked. */
  payoutInterval: text('payout_interval').$type<'WEEKLY' | 'MANUAL'>().notNull().default('WEEKLY'),
  syncedAt: moment('synced_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A percentage off an opportunity's price, for as many applicants as it has slots. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Typed by applicants in any case: unique per opportunity without regard to it. */
    code: citext('code').notNull(),
    /** Percent off, 1 to 100; 100 is a free application (FREE_COUPON), with no payment at all. */
    value: integer('value').notNull(),
    /** How many applicants may use it; null for no limit. */
    slots: integer('slots'),
    usedSlots: integer('used_slots').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('coupons_opportunity_code_key').on(table.opportunityId, table.code),
    check('coupons_value_range', sql`${table.value} between 1 and 100`),
    check('coupons_slots_positive', sql`${table.slots} is null or ${table.slots} > 0`),
    check(
      'coupons_used_within_slots',
      sql`${table.usedSlots} >= 0 and (${table.slots} is null or ${table.usedSlots} <= ${table.slots})`,
    ),
  ],
);

/**
 * What an application pays, or paid: one row an application, made at checkout. Amounts are
 * minor units of `currency`, computed by Encore (price − discount = amount; the platform's fee is
 * part of the amount). `attempt` counts checkout attempts; `idempotency_key` is the current
 * attempt's, sent with every processor call of that attempt.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .unique()
      .references(() => applications.id, { onDelete: 'cascade' }),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentOptionId: uuid('payment_option_id').references(() => opportunityPaymentOptions.id, {
      onDelete: 'set null',
    }),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** The tier's title and code as they were when paid: receipts outlive edits. */
    optionTitle: text('option_title'),
    couponCode: text('coupon_code'),
    currency: text('currency').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    platformFee: bigint('platform_fee', { mode: 'number' }).notNull().default(0),
    processorFee: bigint('processor_fee', { mode: 'number' }),
    provider: text('provider').$type<'local' | 'stripe'>(),
    providerIntentId: text('provider_intent_id').unique(),
    attempt: integer('attempt').notNull().default(1),
    idempotencyKey: text('idempotency_key').notNull(),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    /** Whether the slots of the tier and coupon are held by this payment. */
    holdsSlots: boolean('holds_slots').notNull().default(false),
    receiptNumber: bigint('receipt_number', { mode: 'number' }).unique(),
    receiptToken: text('receipt_token').unique(),
    /** An organiser who recorded a payment made elsewhere (EXTERNAL_PAYMENT). */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    succeededAt: moment('succeeded_at'),
    /** Who paid, as the application named them when checkout began (the payments list). */
    payerName: text('payer_name').notNull().default(''),
    payerEmail: text('payer_email'),
    /** Given back so far, and the organisation's part of it (the rest was the platform's fee). */
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    shareRefunded: bigint('share_refunded', { mode: 'number' }).notNull().default(0),
    refundedAt: moment('refunded_at'),
    /** When the organisation's share left the hold for its available balance. */
    releasedAt: moment('released_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_opportunity_idx').on(table.opportunityId, table.createdAt),
    index('payments_organisation_idx').on(table.organisationId, table.createdAt),
    index('payments_unsettled_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('REQUIRES_CONFIRMATION', 'REQUIRES_ACTION', 'PROCESSING')`),
    check('payments_amounts', sql`${table.amount} = ${table.price} - ${table.discount}`),
    check('payments_discount_range', sql`${table.discountPercent} between 0 and 100`),
    check(
      'payments_refund_within_amount',
      sql`${table.amountRefunded} between 0 and ${table.amount} and ${table.shareRefunded} between 0 and ${table.amountRefunded}`,
    ),
    // The payments list's pages (issue 21): the page's ids come from these alone, in each order.
    ...(
      [
        ['created_at', 'createdAt'],
        ['payer_name', 'payerName'],
        ['amount', 'amount'],
        ['status', 'status'],
      ] as const
    ).map(([name, column]) =>
      index(`payments_listed_${name}_idx`)
        .on(table.opportunityId, table[column], table.id)
        .where(sql`${table.status} in ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL')`),
    ),
    index('payments_payer_search_idx').using(
      'gin',
      table.payerName.op('gin_trgm_ops'),
      table.payerEmail.op('gin_trgm_ops'),
    ),
    index('payments_unreleased_idx')
      .on(table.opportunityId)
      .where(
        sql`${table.releasedAt} is null and ${table.status} in ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL') and ${table.method} = 'INTERNAL_PAYMENT'`,
      ),
  ],
);

/** Processor events already applied, by the processor's event id: a replayed webhook does nothing. */
export const providerEvents = pgTable('payment_provider_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
