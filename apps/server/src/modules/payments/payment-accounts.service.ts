import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { PaymentProvider, ProviderAccount } from '../../lib/payments/provider';
import type { Ledger, Money } from './ledger';
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
     * What the books owe the organisation in its account's currency: available for payout, and in
     * all (with what is still pending).
     */
    async balance(organisationId: string) {
      const row = await of(organisationId);
      if (!row?.defaultCurrency) return null;
      const currency = row.defaultCurrency;
      const inCurrency = (balances: Money[]) =>
        balances.find((money) => money.currency === currency)?.amount ?? 0;
      const available = inCurrency(await ledger.balance('organisation_available', organisationId));
      const pending = inCurrency(await ledger.balance('organisation_pending', organisationId));
      return {
        available: { amount: available, currency },
        total: { amount: available + pending, currency },
      };
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
