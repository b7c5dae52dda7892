import { randomBytes } from 'node:crypto';
import type { Database, Executor, Transaction } from '../../../db/client';
import type { Clock } from '../../clock';
import type { ProviderAccount, ProviderEvent } from '../provider';
import type { localAccounts, localIntents } from './local.table';

/** An error the processor answers with, as Stripe's API errors: a code and a sentence. */
export class ProcessorError extends Error {
  override name = 'ProcessorError';
  constructor(
    readonly code: string,
    message: string,
    /** The request parameter at fault, as Stripe's `param`. */
    readonly param?: string,
  ) {
    super(message);
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export type AccountRow = typeof localAccounts.$inferSelect;
export type IntentRow = typeof localIntents.$inferSelect;

/** What the processor's parts (refunds, payouts, external accounts) share with its core. */
export interface ProcessorCore {
  db: Database;
  clock: Clock;
  /** Told of what happened, in the transaction that made it happen. */
  onEvent: (tx: Transaction, event: ProviderEvent) => Promise<void>;
  requireAccount(id: string, executor?: Executor): Promise<AccountRow>;
  /** The account's row, locked until the transaction ends: one change of its money at a time. */
  lockAccount(tx: Transaction, id: string): Promise<AccountRow>;
  lockIntent(tx: Transaction, id: string): Promise<IntentRow>;
  accountView(row: AccountRow, executor?: Executor): Promise<ProviderAccount>;
}

/** Stripe's answer to a key reused with other parameters. */
export const idempotencyKeyInUse = () =>
  new ProcessorError(
    'idempotency_key_in_use',
    'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  );

export function requirePositiveAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new ProcessorError('parameter_invalid_integer', 'Invalid amount.', 'amount');
  }
}
