import type Stripe from 'stripe';
import { payoutFailureOf } from '../local/test-cards';
import {
  bankAccount,
  debitCard,
  expressAccount,
  newStripeId,
  unixNow,
} from './stripe-stub-objects';
import {
  StripeApiFailure,
  invalidParameter,
  nested,
  onlyKnown,
  requiredText,
  stringMap,
  text,
  type EmitEvent,
  type StubRoute,
} from './stripe-stub-params';

/**
 * Test support for `stripe-stub.ts`: Stripe's Connect Express accounts — created with requested
 * capabilities and requirements due, onboarded behind one-time account links, then able to take
 * charges and payouts — and the `account.updated` events they make.
 */

export interface OnboardingAnswers {
  businessType?: 'individual' | 'company' | 'non_profit';
  holderName?: string;
  /**
   * Where payouts go: a bank account (IBAN or number) or a debit card. Payouts to Stripe's test
   * numbers ending 111113 or 111116 fail (test-cards.ts).
   */
  payout?: { type: 'bank_account'; accountNumber: string } | { type: 'card'; cardNumber: string };
}

interface AccountLinkRecord {
  accountId: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

export function createStubAccounts(options: {
  platformCountry?: string;
  baseUrl: () => string;
  emit: EmitEvent;
}) {
  const { emit } = options;
  const accounts = new Map<string, Stripe.Account>();
  const links = new Map<string, AccountLinkRecord>();
  /** `settings.payouts.schedule.interval` of each account (Stripe's default: daily). */
  const payoutIntervals = new Map<string, string>();
  /** The failure code of payouts to each failing test bank account, by its id. */
  const failingBankAccounts = new Map<string, string>();

  function accountOf(id: string): Stripe.Account {
    const account = accounts.get(id);
    if (!account) {
      throw new StripeApiFailure(403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: `The provided key does not have access to account '${id}' (or that account does not exist).`,
      });
    }
    return account;
  }

  const routes: StubRoute[] = [
    {
      method: 'POST',
      path: /^\/v1\/accounts$/,
      handle({ params }) {
        onlyKnown(params, [
          'type',
          'email',
          'country',
          'capabilities',
          'settings',
          'metadata',
          'expand',
        ]);
        const type = text(params, 'type');
        if (type !== 'express') {
          throw invalidParameter(
            'type',
            'parameter_invalid',
            'This stub creates Express accounts only.',
          );
        }
        const country = text(params, 'country') ?? options.platformCountry ?? 'IE';
        if (!/^[A-Z]{2}$/.test(country)) {
          throw invalidParameter(
            'country',
            'country_unsupported',
            `Country '${country}' is unknown.`,
          );
        }
        const capabilities = Object.entries(nested(params, 'capabilities'))
          .filter(
            ([, value]) =>
              typeof value === 'object' && !Array.isArray(value) && value.requested === 'true',
          )
          .map(([name]) => name);
        const account = expressAccount({
          email: text(params, 'email') ?? null,
          country,
          capabilities,
          metadata: stringMap(params, 'metadata'),
        });
        const schedule = nested(nested(nested(params, 'settings'), 'payouts'), 'schedule');
        const interval = text(schedule, 'interval') ?? 'daily';
        if (!['daily', 'weekly', 'monthly', 'manual'].includes(interval)) {
          throw invalidParameter(
            'settings[payouts][schedule][interval]',
            'parameter_invalid',
            `Invalid interval: ${interval}`,
          );
        }
        accounts.set(account.id, account);
        payoutIntervals.set(account.id, interval);
        return account;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/accounts\/([^/]+)$/,
      handle: ({ ids }) => accountOf(ids[0]!),
    },
    {
      method: 'POST',
      path: /^\/v1\/account_links$/,
      handle({ params }) {
        onlyKnown(params, ['account', 'refresh_url', 'return_url', 'type', 'collect', 'expand']);
        const account = accountOf(requiredText(params, 'account'));
        const type = requiredText(params, 'type');
        if (type !== 'account_onboarding' && type !== 'account_update') {
          throw invalidParameter('type', 'parameter_invalid', `Invalid type: ${type}`);
        }
        const id = newStripeId('acctlink');
        const created = unixNow();
        links.set(id, {
          accountId: account.id,
          refreshUrl: requiredText(params, 'refresh_url'),
          returnUrl: requiredText(params, 'return_url'),
          expiresAt: created + 300,
          used: false,
        });
        return {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `${options.baseUrl()}/stub/onboarding/${id}`,
        } satisfies Stripe.AccountLink;
      },
    },
  ];

  function completeOnboarding(accountId: string, answers: OnboardingAnswers = {}): Stripe.Account {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`No such account: ${accountId}`);
    const previous = structuredClone({
      business_type: account.business_type,
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
      details_submitted: account.details_submitted,
      requirements: account.requirements,
    });
    account.business_type = answers.businessType ?? 'company';
    const holder = answers.holderName ?? 'Harbour Lights Ltd';
    const payout = answers.payout ?? {
      type: 'bank_account',
      accountNumber: 'IE29AIBK93115212345678',
    };
    const external =
      payout.type === 'card'
        ? debitCard(account, holder, payout.cardNumber)
        : bankAccount(account, holder, payout.accountNumber);
    const failure = payout.type === 'bank_account' ? payoutFailureOf(payout.accountNumber) : null;
    if (failure) failingBankAccounts.set(external.id, failure);
    account.external_accounts = { ...account.external_accounts!, data: [external] };
    const capabilities = (account.capabilities ?? {}) as Record<string, string>;
    for (const name of Object.keys(capabilities)) capabilities[name] = 'active';
    account.details_submitted = true;
    account.charges_enabled = capabilities.card_payments === 'active';
    account.payouts_enabled = true;
    account.requirements = {
      alternatives: [],
      current_deadline: null,
      currently_due: [],
      disabled_reason: null,
      errors: [],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
    };
    emit('account.updated', account, { account: account.id, previousAttributes: previous });
    return structuredClone(account);
  }

  return {
    accounts,
    accountOf,
    links,
    payoutIntervals,
    failingBankAccounts,
    routes,
    completeOnboarding,
  };
}
