import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { ProcessorError } from '../../lib/payments/local/processor';
import type { NewBankAccount, PaymentProvider, ProviderAccount } from '../../lib/payments/provider';
import type { Ledger } from './ledger';
import { paymentAccounts, type PaymentAccountRow } from './payments.table';

/** The organisation an account is for, as the payments feature needs it. */
export interface AccountHolder {
  id: string;
  slug: string;
  name: string;
  email: string | null;
}

/** Where the organiser stands in connecting an account (the seed's "connect step"). */
export interface ConnectStep {
  is_done: boolean;
  /** What is due next (`business_type`, `external_account` …), null when nothing is. */
  next: string | null;
  /** The processor's onboarding, when something is due. */
  url: string | null;
}

const columnsOf = (account: ProviderAccount) => ({
  countryCode: account.country?.toUpperCase() ?? null,
  businessType: account.businessType,
  defaultCurrency: account.defaultCurrency?.toUpperCase() ?? null,
  chargesEnabled: account.chargesEnabled,
  payoutsEnabled: account.payoutsEnabled,
  detailsSubmitted: account.detailsSubmitted,
  hasExternalAccount: account.externalAccounts.length > 0,
  disabledReason: account.disabledReason,
  requirementsDue: account.requirementsDue,
});

/** A processor that cannot be reached is the organiser's "try again", never a 500. */
function unavailable(error: unknown): never {
  if (error instanceof AppError) throw error;
  throw new AppError('PAYMENT_FAILED', 'The payment processor could not be reached.', {
    messageKey: 'errors.payments_unavailable',
    cause: error,
  });
}

/** Fields of the payout account form (`input.…`) the processor can refuse, by its `param`. */
const BANK_FIELDS: Record<string, string> = {
  country: 'country',
  currency: 'currency',
  holder_name: 'holder_name',
  holderName: 'holder_name',
  account_holder_name: 'holder_name',
  account_number: 'account_number',
  accountNumber: 'account_number',
  routing_number: 'routing_number',
  routingNumber: 'routing_number',
  account_type: 'account_type',
  accountType: 'account_type',
  account_holder_type: 'account_type',
};

/** A refusal of the processor as the person sees it: the field at fault, or what to do instead. */
function refusal(error: unknown): never {
  if (error instanceof ProcessorError) {
    if (error.code === 'external_account_managed_by_processor') {
      throw new AppError('CONFLICT', error.message, {
        messageKey: 'errors.external_accounts_managed_by_processor',
      });
    }
    // Stripe names its params in snake_case, the local processor in camelCase.
    const field = error.param ? BANK_FIELDS[error.param] : undefined;
    if (field)
      throw AppError.validation({ [`input.${field}`]: [`validation.bank_account.${field}`] });
    if (error.code === 'resource_missing') throw AppError.notFound('external_account');
    throw new AppError('CONFLICT', error.message, {
      messageKey: 'errors.external_account_refused',
    });
  }
  return unavailable(error);
}

/**
 * Organisations' connected accounts: made at the processor on the first connect, kept as last
 * heard (an `account.updated` event, or a recheck), and the way through the processor's
 * onboarding and back. Who may do this (`manage_payments`) is decided where it is asked.
 */
export function createPaymentAccounts({
  db,
  provider,
  ledger,
  clock,
  publicUrl,
}: {
  db: Database;
  provider: PaymentProvider;
  ledger: Ledger;
  clock: Clock;
  publicUrl: string;
}) {
  async function of(organisationId: string, executor: Executor = db) {
    const [row] = await executor
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.organisationId, organisationId));
    return row;
  }

  async function store(organisationId: string, account: ProviderAccount) {
    const [row] = await db
      .update(paymentAccounts)
      .set({ ...columnsOf(account), syncedAt: clock(), updatedAt: clock() })
      .where(eq(paymentAccounts.organisationId, organisationId))
      .returning();
    return row!;
  }

  async function requireConnected(organisationId: string): Promise<PaymentAccountRow> {
    const row = await of(organisationId);
    if (!row) {
      throw new AppError('CONFLICT', 'Connect a payout account first.', {
        messageKey: 'errors.payouts_not_enabled',
      });
    }
    return row;
  }

  function stepOf(row: PaymentAccountRow): Omit<ConnectStep, 'url'> {
    const isDone = row.chargesEnabled && row.payoutsEnabled && row.requirementsDue.length === 0;
    return { is_done: isDone, next: isDone ? null : (row.requirementsDue[0] ?? 'verification') };
  }

  async function onboardingUrl(row: PaymentAccountRow, holder: AccountHolder) {
    const pages = `${publicUrl}/organisation/${encodeURIComponent(holder.slug)}/payment`;
    const link = await provider
      .createAccountLink(row.providerAccountId, {
        refreshUrl: `${pages}/connect`,
        returnUrl: `${pages}/account?connected=1`,
      })
      .catch(unavailable);
    return link.url;
  }

  return {
    of,

    /** The account as stored, or as the processor says now (`recheck`). */
    async account(organisationId: string, recheck = false) {
      const row = await of(organisationId);
      if (!row || !recheck) return row;
      return store(
        organisationId,
        await provider.retrieveAccount(row.providerAccountId).catch(unavailable),
      );
    },

    /**
     * The connect step: an account made at the processor on the first call (one for the
     * organisation, however often this is asked), and a fresh onboarding link while anything is due.
     */
    async updateAccountLink(holder: AccountHolder): Promise<ConnectStep> {
      let row = await of(holder.id);
      if (!row) {
        const account = await provider
          .createAccount(
            {
              email: holder.email ?? `payments+${holder.slug}@encore.invalid`,
              metadata: { organisation_id: holder.id },
            },
            `account:${holder.id}`,
          )
          .catch(unavailable);
        await db
          .insert(paymentAccounts)
          .values({
            organisationId: holder.id,
            provider: provider.name,
            providerAccountId: account.id,
            name: holder.name,
            email: account.email ?? holder.email ?? '',
            ...columnsOf(account),
            syncedAt: clock(),
          })
          .onConflictDoNothing();
        row = (await of(holder.id))!;
      }
      const step = stepOf(row);
      return { ...step, url: step.is_done ? null : await onboardingUrl(row, holder) };
    },

    /** Back from the processor's onboarding: what it says now. */
    async verifyAccountLink(holder: AccountHolder): Promise<ConnectStep> {
      const current = await of(holder.id);
      if (!current) return { is_done: false, next: 'account', url: null };
      const account = await provider.retrieveAccount(current.providerAccountId).catch(unavailable);
      const row = await store(holder.id, account);
      const step = stepOf(row);
      return { ...step, url: step.is_done ? null : await onboardingUrl(row, holder) };
    },

    /** The processor told of a change (`account.updated`), in the transaction applying it. */
    async applyUpdate(executor: Executor, account: ProviderAccount) {
      await executor
        .update(paymentAccounts)
        .set({ ...columnsOf(account), syncedAt: clock(), updatedAt: clock() })
        .where(eq(paymentAccounts.providerAccountId, account.id));
    },

    /** Currencies payouts can be made in: the account's own and its destinations'. */
    async payoutCurrencies(organisationId: string): Promise<string[]> {
      const row = await of(organisationId);
      if (!row) return [];
      const destinations = await this.externalAccounts(organisationId);
      const codes = [row.defaultCurrency, ...destinations.map((account) => account.currency)];
      return [...new Set(codes.flatMap((code) => (code ? [code.toUpperCase()] : [])))].sort();
    },

    /**
     * What the platform owes the organisation, per currency (its account's currency first, shown
     * even at zero): available for payout, still held, and both.
     */
    async balance(organisationId: string) {
      const row = await of(organisationId);
      if (!row?.defaultCurrency) return null;
      const balances = await ledger.organisationBalances(organisationId);
      const currencies = [
        ...new Set([row.defaultCurrency.toUpperCase(), ...balances.map((money) => money.currency)]),
      ];
      const perCurrency = currencies.map((currency) => {
        const of = (account: 'organisation_available' | 'organisation_pending') =>
          balances.find((money) => money.currency === currency && money.account === account)
            ?.amount ?? 0;
        const available = of('organisation_available');
        const pending = of('organisation_pending');
        return {
          available: { amount: available, currency },
          pending: { amount: pending, currency },
          total: { amount: available + pending, currency },
        };
      });
      return { ...perCurrency[0]!, perCurrency };
    },

    /**
     * Adds a bank account to pay out to, where Encore collects the details (the local processor);
     * the processor's refusals name the field.
     */
    async addExternalAccount(organisationId: string, input: NewBankAccount) {
      const row = await requireConnected(organisationId);
      const added = await provider
        .addExternalAccount(
          row.providerAccountId,
          input,
          `external:${organisationId}:${randomUUID()}`,
        )
        .catch(refusal);
      await store(
        organisationId,
        await provider.retrieveAccount(row.providerAccountId).catch(unavailable),
      );
      return added;
    },

    async removeExternalAccount(organisationId: string, externalAccountId: string) {
      const row = await requireConnected(organisationId);
      await provider.removeExternalAccount(row.providerAccountId, externalAccountId).catch(refusal);
      const account = await provider.retrieveAccount(row.providerAccountId).catch(unavailable);
      await store(organisationId, account);
      return account.externalAccounts;
    },

    async setDefaultExternalAccount(organisationId: string, externalAccountId: string) {
      const row = await requireConnected(organisationId);
      await provider
        .setDefaultExternalAccount(row.providerAccountId, externalAccountId)
        .catch(refusal);
      const account = await provider.retrieveAccount(row.providerAccountId).catch(unavailable);
      await store(organisationId, account);
      return account.externalAccounts;
    },

    /** Payouts go to these (the processor keeps them; only the last 4 digits are shown). */
    async externalAccounts(organisationId: string) {
      const row = await of(organisationId);
      if (!row) return [];
      return (await provider.retrieveAccount(row.providerAccountId).catch(unavailable))
        .externalAccounts;
    },
  };
}

export type PaymentAccounts = ReturnType<typeof createPaymentAccounts>;

export type AccountBalance = NonNullable<Awaited<ReturnType<PaymentAccounts['balance']>>> & {
  organisationId?: string;
};
