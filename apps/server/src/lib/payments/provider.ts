import type { AccountHolderType, PayoutAccountType } from '@encore/core';

/**
 * What Encore asks of a payment processor, in Stripe Connect's terms (destination charges with an
 * application fee). Two implementations: `local` (our own processor, in the database) and
 * `stripe` (the official SDK). Outcomes that happen later than a call (a payment confirmed in
 * the browser, an account verified) come back as `ProviderEvent`s.
 */

/** Stripe's PaymentIntent statuses. */
export type ProviderIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderExternalAccount {
  id: string;
  type: PayoutAccountType;
  country: string;
  currency: string;
  holderName: string | null;
  last4: string;
  routingNumber: string | null;
  accountType: string | null;
  defaultForCurrency: boolean;
  status: string;
}

export interface ProviderAccount {
  id: string;
  email: string | null;
  country: string | null;
  businessType: AccountHolderType | null;
  defaultCurrency: string | null;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Why charges or payouts are off (`requirements.past_due`), null when nothing holds them. */
  disabledReason: string | null;
  /** What the account holder still has to provide (`external_account`, `business_type`). */
  requirementsDue: string[];
  externalAccounts: ProviderExternalAccount[];
  createdAt: Date;
}

export interface ProviderPaymentError {
  /** Stripe's error code: `card_declined`, `payment_intent_authentication_failure` … */
  code: string;
  /** For a decline, the issuer's reason: `insufficient_funds`, `generic_decline` … */
  declineCode: string | null;
  message: string;
}

export interface ProviderIntent {
  id: string;
  amount: number;
  currency: string;
  applicationFeeAmount: number;
  /** The connected account the charge is for. */
  destination: string;
  status: ProviderIntentStatus;
  /** Handed to the browser, which confirms the payment with the processor directly. */
  clientSecret: string;
  lastPaymentError: ProviderPaymentError | null;
  /** Where the payer must go to authenticate (`requires_action`). */
  nextActionUrl: string | null;
  /**
   * What the processor kept (minor units), once the charge succeeded. `retrieveIntent` tells it;
   * an event's intent may not (Stripe's never do: ask `retrieveIntent`).
   */
  processorFee: number | null;
  metadata: Record<string, string>;
  createdAt: Date;
}

export interface CreateAccountInput {
  email: string;
  country?: string;
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  applicationFeeAmount: number;
  destination: string;
  description: string;
  metadata: Record<string, string>;
}

export type ProviderEvent =
  | { id: string; type: 'account.updated'; account: ProviderAccount }
  | {
      id: string;
      type:
        | 'payment_intent.succeeded'
        | 'payment_intent.payment_failed'
        | 'payment_intent.requires_action'
        | 'payment_intent.processing'
        | 'payment_intent.canceled';
      intent: ProviderIntent;
    };

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createAccount(input: CreateAccountInput, idempotencyKey: string): Promise<ProviderAccount>;
  retrieveAccount(accountId: string): Promise<ProviderAccount>;
  /** A one-time link to the processor's onboarding for the account holder. */
  createAccountLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string; expiresAt: Date }>;
  createIntent(input: CreateIntentInput, idempotencyKey: string): Promise<ProviderIntent>;
  retrieveIntent(intentId: string): Promise<ProviderIntent>;
  cancelIntent(intentId: string, idempotencyKey: string): Promise<ProviderIntent>;
}
