import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Where money is, as the platform sees it. Amounts are signed minor units, debits positive:
 * - `payments_in_flight` (asset): applicants' payments the processor holds for the platform,
 *   until they are paid out or refunded;
 * - `organisation_pending`, `organisation_available` (liabilities, one an organisation): what
 *   is owed to an organisation, before and after the processor's availability delay;
 * - `platform_fees` (income): the platform's application fees;
 * - `processor_fees` (expense): what the processor kept.
 * A refund takes money back out of `payments_in_flight` (the organisation's share and the
 * platform's fee in proportion), a release moves a share from pending to available, a payout
 * takes it out of available and out of `payments_in_flight`.
 */
export const LEDGER_ACCOUNTS = [
  'payments_in_flight',
  'organisation_pending',
  'organisation_available',
  'platform_fees',
  'processor_fees',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** Accounts kept one an organisation. */
export const ORGANISATION_ACCOUNTS: ReadonlySet<LedgerAccount> = new Set([
  'organisation_pending',
  'organisation_available',
]);

/**
 * One money movement: its postings sum to zero in each currency (a deferred constraint trigger
 * checks it at commit) and it is never changed or deleted (a trigger refuses); a correction is a
 * new entry. References to organisations and applications are kept without foreign keys: the books
 * outlive a deleted account or organisation.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Names the movement once (`charge:<payment id>`): recording it again changes nothing. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    organisationId: uuid('organisation_id'),
    applicationId: uuid('application_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_organisation_idx').on(table.organisationId, table.occurredAt),
    index('ledger_entries_application_idx').on(table.applicationId),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    account: text('account').$type<LedgerAccount>().notNull(),
    organisationId: uuid('organisation_id'),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('ledger_postings_entry_idx').on(table.entryId),
    index('ledger_postings_organisation_idx').on(
      table.organisationId,
      table.account,
      table.currency,
    ),
    check(
      'ledger_postings_account_owner',
      sql`(${table.account} in ('organisation_pending', 'organisation_available')) = (${table.organisationId} is not null)`,
    ),
    check('ledger_postings_amount_nonzero', sql`${table.amount} <> 0`),
    check('ledger_postings_currency_upper', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * Each organisation's balance per account and currency, kept with every posting (in its
 * transaction), so that reading a balance does not grow with the history.
 */
export const ledgerBalances = pgTable(
  'ledger_organisation_balances',
  {
    organisationId: uuid('organisation_id').notNull(),
    account: text('account').$type<LedgerAccount>().notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.account, table.currency] })],
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type LedgerPostingRow = typeof ledgerPostings.$inferSelect;
