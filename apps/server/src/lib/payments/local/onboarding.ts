import {
  ACCOUNT_HOLDER_TYPES,
  PAYOUT_ACCOUNT_TYPES,
  isPaymentCurrency,
  type AccountHolderType,
  type PayoutAccountType,
} from '@encore/core';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import type { LocalProcessor, LocalProcessorOptions } from './processor';
import { ProcessorError } from './processor';
import { localAccountLinks, localAccounts, localExternalAccounts } from './local.table';
import { cardDigits, passesLuhn, payoutFailureOf } from './test-cards';

export interface OnboardingDetails {
  businessType: AccountHolderType;
  /** ISO 3166-1 alpha-2. */
  country: string;
  defaultCurrency: string;
  payout:
    | { type: 'BANK_ACCOUNT'; holderName: string; accountNumber: string; routingNumber?: string }
    | { type: 'CARD'; holderName: string; cardNumber: string };
}

/** What the onboarding page shows before the holder fills it in. */
export interface OnboardingLink {
  accountId: string;
  email: string | null;
  country: string | null;
  businessType: AccountHolderType | null;
  defaultCurrency: string | null;
  returnUrl: string;
}

/** The problems of a submission, by field, as codes the page translates. */
export type OnboardingProblems = Partial<Record<string, string>>;

export function onboardingProblems(details: OnboardingDetails): OnboardingProblems {
  const problems: OnboardingProblems = {};
  if (!ACCOUNT_HOLDER_TYPES.includes(details.businessType)) problems.businessType = 'required';
  if (!/^[A-Z]{2}$/.test(details.country)) problems.country = 'invalid';
  if (!isPaymentCurrency(details.defaultCurrency)) problems.defaultCurrency = 'invalid';
  const payout = details.payout;
  if (!PAYOUT_ACCOUNT_TYPES.includes(payout.type as PayoutAccountType)) {
    problems['payout.type'] = 'required';
    return problems;
  }
  const holder = payout.holderName.trim();
  if (holder.length === 0 || holder.length > 120) problems['payout.holderName'] = 'required';
  if (payout.type === 'BANK_ACCOUNT') {
    const number = payout.accountNumber.replace(/\s/g, '');
    // An IBAN or a domestic account number: letters and digits, 4 to 34 of them.
    if (!/^[A-Za-z0-9]{4,34}$/.test(number)) problems['payout.accountNumber'] = 'invalid';
    if (payout.routingNumber !== undefined && !/^[0-9]{3,12}$/.test(payout.routingNumber)) {
      problems['payout.routingNumber'] = 'invalid';
    }
  } else {
    const digits = cardDigits(payout.cardNumber);
    if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
      problems['payout.cardNumber'] = 'invalid';
  }
  return problems;
}

/**
 * The local processor's onboarding, behind its one-time account links: the page reads the link,
 * the holder submits business type, country, currency and where payouts go, and the link is
 * spent. The account is then told of as `account.updated`.
 */
export function createLocalOnboarding(
  processor: LocalProcessor,
  { db, clock, onEvent }: Pick<LocalProcessorOptions, 'db' | 'clock' | 'onEvent'>,
) {
  const { requireAccount, accountView, newId } = processor.internals;

  async function usableLink(tx: Transaction | LocalProcessorOptions['db'], id: string, now: Date) {
    const [link] = await tx.select().from(localAccountLinks).where(eq(localAccountLinks.id, id));
    if (!link || link.usedAt !== null || link.expiresAt <= now) {
      throw new ProcessorError(
        'link_expired',
        'This onboarding link has expired or was used.',
        'link',
      );
    }
    return link;
  }

  return {
    async open(linkId: string): Promise<OnboardingLink> {
      const link = await usableLink(db, linkId, clock());
      const account = await requireAccount(link.accountId);
      return {
        accountId: account.id,
        email: account.email,
        country: account.country,
        businessType: account.businessType,
        defaultCurrency: account.defaultCurrency,
        returnUrl: link.returnUrl,
      };
    },

    /**
     * Where a holder whose link expired or was used gets a new one (the link's refresh URL), or
     * null for a link that never existed.
     */
    async refreshUrlOf(linkId: string): Promise<string | null> {
      const [link] = await db
        .select({ refreshUrl: localAccountLinks.refreshUrl })
        .from(localAccountLinks)
        .where(eq(localAccountLinks.id, linkId));
      return link?.refreshUrl ?? null;
    },

    /** Where the holder goes back to once the details are in: the link's return URL. */
    async submit(linkId: string, details: OnboardingDetails): Promise<{ returnUrl: string }> {
      const problems = onboardingProblems(details);
      const [field] = Object.keys(problems);
      if (field) throw new ProcessorError(problems[field]!, `Check ${field}.`, field);
      return db.transaction(async (tx) => {
        const now = clock();
        const link = await usableLink(tx, linkId, now);
        const [spent] = await tx
          .update(localAccountLinks)
          .set({ usedAt: now })
          .where(eq(localAccountLinks.id, link.id))
          .returning({ id: localAccountLinks.id });
        if (!spent)
          throw new ProcessorError('link_expired', 'This onboarding link was used.', 'link');
        const currency = details.defaultCurrency.toLowerCase();
        const [account] = await tx
          .update(localAccounts)
          .set({
            businessType: details.businessType,
            country: details.country,
            defaultCurrency: currency,
            detailsSubmitted: true,
            updatedAt: now,
          })
          .where(eq(localAccounts.id, link.accountId))
          .returning();
        const { payout } = details;
        const number =
          payout.type === 'CARD' ? cardDigits(payout.cardNumber) : payout.accountNumber;
        // One default payout destination a currency: a new one replaces the old as the default.
        await tx
          .update(localExternalAccounts)
          .set({ defaultForCurrency: false })
          .where(
            and(
              eq(localExternalAccounts.accountId, link.accountId),
              eq(localExternalAccounts.currency, currency),
            ),
          );
        await tx.insert(localExternalAccounts).values({
          id: newId(payout.type === 'CARD' ? 'card' : 'ba'),
          accountId: link.accountId,
          type: payout.type,
          country: details.country,
          currency,
          holderName: payout.holderName.trim(),
          last4: number.replace(/\s/g, '').slice(-4),
          routingNumber: payout.type === 'BANK_ACCOUNT' ? (payout.routingNumber ?? null) : null,
          accountType: payout.type === 'BANK_ACCOUNT' ? 'checking' : null,
          defaultForCurrency: true,
          payoutFailureCode: payout.type === 'BANK_ACCOUNT' ? payoutFailureOf(number) : null,
        });
        await onEvent(tx, {
          id: newId('evt'),
          type: 'account.updated',
          account: await accountView(account!, tx),
        });
        return { returnUrl: link.returnUrl };
      });
    },

    /** The platform's operator stops an account (`rejected.fraud`, `rejected.other`). */
    async reject(accountId: string, reason: 'rejected.fraud' | 'rejected.other') {
      await requireAccount(accountId);
      await db.transaction(async (tx) => {
        const [account] = await tx
          .update(localAccounts)
          .set({ rejectedReason: reason, updatedAt: clock() })
          .where(eq(localAccounts.id, accountId))
          .returning();
        await onEvent(tx, {
          id: newId('evt'),
          type: 'account.updated',
          account: await accountView(account!, tx),
        });
      });
    },
  };
}

export type LocalOnboarding = ReturnType<typeof createLocalOnboarding>;
