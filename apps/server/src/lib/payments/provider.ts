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

/** Stripe's refund statuses. */
export type ProviderRefundStatus =
  'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

/**
 * Money given back to the payer of an intent. For a destination charge it is made with
 * `reverse_transfer` and `refund_application_fee`: the connected account gives back its share and
 * the platform its fee, in proportion to the amount refunded.
 */
export interface ProviderRefund {
  id: string;
  intentId: string;
  amount: number;
  currency: string;
  status: ProviderRefundStatus;
  /** Why it failed (`expired_or_canceled_card`, `lost_or_stolen_card`, `unknown`), when it did. */
  failureReason: string | null;
  /** The share taken back from the connected account (the transfer reversal), minor units. */
  transferReversalAmount: number;
  metadata: Record<string, string>;
  createdAt: Date;
}

export interface CreateRefundInput {
  intentId: string;
  /** Minor units; no more than what is left of the charge. */
  amount: number;
  metadata: Record<string, string>;
}

/** Stripe's payout statuses. */
export type ProviderPayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

/** Money leaving a connected account's balance for its bank account or card. */
export interface ProviderPayout {
  id: string;
  accountId: string;
  amount: number;
  currency: string;
  status: ProviderPayoutStatus;
  /** The external account it goes to. */
  destination: string;
  /** Stripe's failure codes: `account_closed`, `no_account`, `insufficient_funds` … */
  failureCode: string | null;
  failureMessage: string | null;
  arrivalDate: Date;
  description: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
}

export interface CreatePayoutInput {
  accountId: string;
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
}

export interface ProviderBalance {
  /** What can be paid out now. */
  available: Array<{ amount: number; currency: string }>;
  /** What the processor still holds (its own availability delay). */
  pending: Array<{ amount: number; currency: string }>;
}

/** A bank account to pay out to, as its holder typed it (the local processor's form). */
export interface NewBankAccount {
  country: string;
  currency: string;
  holderName: string;
  /** An IBAN, or an account number with `routingNumber`. */
  accountNumber: string;
  routingNumber?: string;
  accountType?: 'individual' | 'company';
}

export type ProviderEvent =
  | { id: string; type: 'account.updated'; account: ProviderAccount }
  | {
      id: string;
      type: 'refund.created' | 'refund.updated' | 'refund.failed';
      refund: ProviderRefund;
    }
  | {
      id: string;
      type: 'payout.created' | 'payout.paid' | 'payout.failed' | 'payout.canceled';
      payout: ProviderPayout;
    }
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

  /** Refunds part or all of a succeeded intent, the transfer and the fee in proportion. */
  createRefund(input: CreateRefundInput, idempotencyKey: string): Promise<ProviderRefund>;
  retrieveRefund(refundId: string): Promise<ProviderRefund>;

  /** Pays out part of a connected account's balance to its default external account. */
  createPayout(input: CreatePayoutInput, idempotencyKey: string): Promise<ProviderPayout>;
  retrievePayout(accountId: string, payoutId: string): Promise<ProviderPayout>;
  /** A connected account's balance at the processor, per currency (Stripe's `balance`). */
  retrieveBalance(accountId: string): Promise<ProviderBalance>;

  /**
   * Adds a bank account to pay out to. Only where Encore collects the details itself (the local
   * processor); with Stripe they are given on Stripe's own pages (`createAccountLink`), and this
   * answers a ProcessorError with code `external_account_managed_by_processor`.
   */
  addExternalAccount(
    accountId: string,
    bankAccount: NewBankAccount,
    idempotencyKey: string,
  ): Promise<ProviderExternalAccount>;
  /** Removes one; the default for its currency cannot be removed while others remain. */
  removeExternalAccount(accountId: string, externalAccountId: string): Promise<void>;
  /** Makes one the default for its currency (payouts in that currency go there). */
  setDefaultExternalAccount(
    accountId: string,
    externalAccountId: string,
  ): Promise<ProviderExternalAccount>;
}
