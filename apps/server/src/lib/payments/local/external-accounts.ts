import { isPaymentCurrency } from '@encore/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import type { NewBankAccount, ProviderExternalAccount } from '../provider';
import { localExternalAccounts } from './local.table';
import { ProcessorError, idempotencyKeyInUse, newId, type ProcessorCore } from './processor-core';
import { payoutFailureOf } from './test-cards';

type ExternalAccountRow = typeof localExternalAccounts.$inferSelect;

export function externalAccountView(row: ExternalAccountRow): ProviderExternalAccount {
  return {
    id: row.id,
    type: row.type,
    country: row.country,
    currency: row.currency,
    holderName: row.holderName,
    last4: row.last4,
    routingNumber: row.routingNumber,
    accountType: row.accountType,
    defaultForCurrency: row.defaultForCurrency,
    status: row.status,
  };
}

const normalisedNumber = (accountNumber: string) => accountNumber.replace(/\s/g, '').toUpperCase();

/** Two letters and two digits first: an IBAN, whose check digits can be verified. */
const looksLikeIban = (number: string) => /^[A-Z]{2}[0-9]{2}/.test(number);

/** ISO 13616: the country and check digits moved to the end, read as a number, modulo 97 is 1. */
export function ibanChecksumHolds(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of moved) {
    const value = Number.parseInt(character, 36);
    if (Number.isNaN(value)) return false;
    for (const digit of String(value)) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The first problem with a bank account as typed, as Stripe's error: a code and the param. */
export function bankAccountProblem(bank: NewBankAccount): ProcessorError | null {
  if (!/^[A-Z]{2}$/.test(bank.country)) {
    return new ProcessorError(
      'country_unsupported',
      'The country must be an ISO 3166-1 alpha-2 code.',
      'country',
    );
  }
  if (!isPaymentCurrency(bank.currency)) {
    return new ProcessorError(
      'currency_unsupported',
      `Payouts in ${bank.currency} are not supported.`,
      'currency',
    );
  }
  const holder = bank.holderName.trim();
  if (holder.length === 0 || holder.length > 120) {
    return new ProcessorError(
      'parameter_missing',
      "The account holder's name is required.",
      'holderName',
    );
  }
  const number = normalisedNumber(bank.accountNumber);
  if (!/^[A-Z0-9]{4,34}$/.test(number)) {
    return new ProcessorError(
      'account_number_invalid',
      'The account number must be 4 to 34 letters and digits.',
      'accountNumber',
    );
  }
  if (looksLikeIban(number) && !ibanChecksumHolds(number)) {
    return new ProcessorError(
      'account_number_invalid',
      'The IBAN provided appears to be invalid: its check digits do not match.',
      'accountNumber',
    );
  }
  if (bank.routingNumber !== undefined && !/^[0-9]{3,12}$/.test(bank.routingNumber)) {
    return new ProcessorError(
      'routing_number_invalid',
      'The routing number must be 3 to 12 digits.',
      'routingNumber',
    );
  }
  return null;
}

/**
 * Where a connected account's payouts go, kept by the processor as Stripe keeps an account's
 * external accounts: one default per currency, which cannot be removed while others of its
 * currency remain. Every change is told as `account.updated` (an account with none left has no
 * payouts).
 */
export function createLocalExternalAccounts(core: ProcessorCore) {
  const { db, onEvent, lockAccount, accountView } = core;

  async function lockedExternalAccount(tx: Transaction, accountId: string, id: string) {
    const account = await lockAccount(tx, accountId);
    const [row] = await tx
      .select()
      .from(localExternalAccounts)
      .where(and(eq(localExternalAccounts.id, id), eq(localExternalAccounts.accountId, accountId)));
    if (!row) {
      throw new ProcessorError('resource_missing', `No such external account: '${id}'`, 'id');
    }
    return { account, row };
  }

  async function tellAccountUpdated(tx: Transaction, accountId: string) {
    const account = await lockAccount(tx, accountId);
    await onEvent(tx, {
      id: newId('evt'),
      type: 'account.updated',
      account: await accountView(account, tx),
    });
  }

  return {
    async addExternalAccount(
      accountId: string,
      bank: NewBankAccount,
      idempotencyKey: string,
    ): Promise<ProviderExternalAccount> {
      const problem = bankAccountProblem(bank);
      if (problem) throw problem;
      const number = normalisedNumber(bank.accountNumber);
      const currency = bank.currency.toLowerCase();
      const fields = {
        accountId,
        type: 'BANK_ACCOUNT' as const,
        country: bank.country,
        currency,
        holderName: bank.holderName.trim(),
        last4: number.slice(-4),
        routingNumber: bank.routingNumber ?? null,
        accountType: bank.accountType ?? null,
      };
      return db.transaction(async (tx) => {
        // The account's lock: two accounts added at once cannot both become the default.
        await lockAccount(tx, accountId);
        const [earlier] = await tx
          .select()
          .from(localExternalAccounts)
          .where(eq(localExternalAccounts.idempotencyKey, idempotencyKey));
        if (earlier) {
          const same = (Object.keys(fields) as (keyof typeof fields)[]).every(
            (name) => earlier[name] === fields[name],
          );
          if (!same) throw idempotencyKeyInUse();
          return externalAccountView(earlier);
        }
        const [defaultInCurrency] = await tx
          .select({ id: localExternalAccounts.id })
          .from(localExternalAccounts)
          .where(
            and(
              eq(localExternalAccounts.accountId, accountId),
              eq(localExternalAccounts.currency, currency),
              eq(localExternalAccounts.defaultForCurrency, true),
            ),
          );
        const [added] = await tx
          .insert(localExternalAccounts)
          .values({
            ...fields,
            id: newId('ba'),
            defaultForCurrency: !defaultInCurrency,
            payoutFailureCode: payoutFailureOf(number),
            idempotencyKey,
          })
          .onConflictDoNothing({ target: localExternalAccounts.idempotencyKey })
          .returning();
        if (!added) throw idempotencyKeyInUse();
        await tellAccountUpdated(tx, accountId);
        return externalAccountView(added);
      });
    },

    async removeExternalAccount(accountId: string, externalAccountId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { row } = await lockedExternalAccount(tx, accountId, externalAccountId);
        if (row.defaultForCurrency) {
          const [other] = await tx
            .select({ id: localExternalAccounts.id })
            .from(localExternalAccounts)
            .where(
              and(
                eq(localExternalAccounts.accountId, accountId),
                eq(localExternalAccounts.currency, row.currency),
                ne(localExternalAccounts.id, row.id),
              ),
            );
          if (other) {
            throw new ProcessorError(
              'default_external_account_cannot_be_deleted',
              `You cannot delete the default external account for ${row.currency}: make another one the default first.`,
              'id',
            );
          }
        }
        await tx.delete(localExternalAccounts).where(eq(localExternalAccounts.id, row.id));
        await tellAccountUpdated(tx, accountId);
      });
    },

    async setDefaultExternalAccount(
      accountId: string,
      externalAccountId: string,
    ): Promise<ProviderExternalAccount> {
      return db.transaction(async (tx) => {
        const { row } = await lockedExternalAccount(tx, accountId, externalAccountId);
        if (row.defaultForCurrency) return externalAccountView(row);
        await tx
          .update(localExternalAccounts)
          .set({ defaultForCurrency: false })
          .where(
            and(
              eq(localExternalAccounts.accountId, accountId),
              eq(localExternalAccounts.currency, row.currency),
            ),
          );
        const [made] = await tx
          .update(localExternalAccounts)
          .set({ defaultForCurrency: true })
          .where(eq(localExternalAccounts.id, row.id))
          .returning();
        await tellAccountUpdated(tx, accountId);
        return externalAccountView(made!);
      });
    },
  };
}
