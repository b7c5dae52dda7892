import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AccountHolderType, PayoutAccountType } from '@encore/core';
import { createdAt, moment, updatedAt } from '../../../db/columns';
import type {
  ProviderIntentStatus,
  ProviderPaymentError,
  ProviderPayoutStatus,
  ProviderRefundStatus,
} from '../provider';

/**
 * The local processor's own records (`local_processor_*`): a stand-in for Stripe's side of the
 * wire, kept in Encore's database so that `npm start` takes payments with no network. Encore's
 * features never read these tables; they ask the processor, as they would ask Stripe.
 */

export const localAccounts = pgTable('local_processor_accounts', {
  id: text('id').primaryKey(),
  email: text('email'),
  country: text('country'),
  businessType: text('business_type').$type<AccountHolderType>(),
  defaultCurrency: text('default_currency'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  /** Set by the platform's operator: `rejected.fraud`, `rejected.other`. */
  rejectedReason: text('rejected_reason'),
  metadata: jsonb('metadata')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const localExternalAccounts = pgTable(
  'local_processor_external_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => localAccounts.id, { onDelete: 'cascade' }),
    type: text('type').$type<PayoutAccountType>().notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    holderName: text('holder_name'),
    last4: text('last4').notNull(),
    routingNumber: text('routing_number'),
    accountType: text('account_type'),
    defaultForCurrency: boolean('default_for_currency').notNull().default(true),
    /** Stripe's bank account statuses: `new`, then `errored` once a payout to it failed. */
    status: text('status').notNull().default('new'),
    /**
     * What a payout to it fails with (`account_closed`, `no_account`), for Stripe's test bank
     * numbers; decided when it is added, as the full number is not kept.
     */
    payoutFailureCode: text('payout_failure_code'),
    /** Null for those added by onboarding, which its one-time link already guards. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
  },
  (table) => [index('local_processor_external_accounts_account_idx').on(table.accountId)],
);

/** One-time onboarding links, as Stripe's account links: used once, valid for minutes. */
export const localAccountLinks = pgTable('local_processor_account_links', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => localAccounts.id, { onDelete: 'cascade' }),
  returnUrl: text('return_url').notNull(),
  refreshUrl: text('refresh_url').notNull(),
  expiresAt: moment('expires_at').notNull(),
  usedAt: moment('used_at'),
  createdAt: createdAt(),
});

export const localIntents = pgTable(
  'local_processor_payment_intents',
  {
    id: text('id').primaryKey(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    applicationFeeAmount: bigint('application_fee_amount', { mode: 'number' }).notNull(),
    destination: text('destination')
      .notNull()
      .references(() => localAccounts.id),
    status: text('status').$type<ProviderIntentStatus>().notNull(),
    clientSecret: text('client_secret').notNull(),
    description: text('description').notNull(),
    lastPaymentError: jsonb('last_payment_error').$type<ProviderPaymentError>(),
    /** The card the payer is authenticating, while `requires_action`. */
    pendingCardLast4: text('pending_card_last4'),
    processorFee: bigint('processor_fee', { mode: 'number' }),
    cardLast4: text('card_last4'),
    metadata: jsonb('metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('local_processor_payment_intents_idempotency_key').on(table.idempotencyKey),
    index('local_processor_payment_intents_destination_idx').on(table.destination),
  ],
);

/**
 * Money moving on a connected account, as Stripe's balance transactions: a charge's net is
 * pending until `available_on`.
 */
export const localBalanceTransactions = pgTable(
  'local_processor_balance_transactions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => localAccounts.id),
    type: text('type').notNull(),
    /** The intent (or, later, refund or payout) it comes from. */
    source: text('source').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    availableOn: moment('available_on').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('local_processor_balance_transactions_account_idx').on(table.accountId),
    uniqueIndex('local_processor_balance_transactions_source_key').on(table.type, table.source),
  ],
);

/** Money given back to an intent's payer, the connected account's share reversed in proportion. */
export const localRefunds = pgTable(
  'local_processor_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => localIntents.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<ProviderRefundStatus>().notNull(),
    failureReason: text('failure_reason'),
    transferReversalAmount: bigint('transfer_reversal_amount', { mode: 'number' }).notNull(),
    metadata: jsonb('metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('local_processor_refunds_intent_idx').on(table.intentId)],
);

/** Money leaving a connected account's balance for its default external account. */
export const localPayouts = pgTable(
  'local_processor_payouts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => localAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** `in_transit` or `failed`; `paid` is read from `arrival_date` and the clock. */
    status: text('status').$type<ProviderPayoutStatus>().notNull(),
    /** The external account's id; kept after it is removed, as Stripe's payouts keep theirs. */
    destination: text('destination').notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    arrivalDate: moment('arrival_date').notNull(),
    description: text('description'),
    metadata: jsonb('metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('local_processor_payouts_account_idx').on(table.accountId)],
);
