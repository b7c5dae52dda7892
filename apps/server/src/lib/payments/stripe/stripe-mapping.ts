import type { AccountHolderType } from '@encore/core';
import type Stripe from 'stripe';
import { ProcessorError } from '../local/processor';
import type {
  ProviderAccount,
  ProviderBalance,
  ProviderEvent,
  ProviderIntent,
  ProviderIntentStatus,
  ProviderPayout,
  ProviderPayoutStatus,
  ProviderRefund,
  ProviderRefundStatus,
} from '../provider';

/** Stripe's objects and events in the provider interface's shapes. */

const INTENT_STATUSES: readonly ProviderIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
];

const BUSINESS_TYPES: Readonly<Record<string, AccountHolderType>> = {
  individual: 'INDIVIDUAL',
  company: 'COMPANY',
  non_profit: 'NON_PROFIT',
};

export const INTENT_EVENT_TYPES = new Set<string>([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.processing',
  'payment_intent.canceled',
] satisfies Extract<ProviderEvent, { intent: ProviderIntent }>['type'][]);

export const fromUnixSeconds = (seconds: number | undefined) => new Date((seconds ?? 0) * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function toProviderAccount(account: Stripe.Account): ProviderAccount {
  const requirements = account.requirements;
  return {
    id: account.id,
    email: account.email,
    country: account.country ?? null,
    businessType: (account.business_type && BUSINESS_TYPES[account.business_type]) ?? null,
    defaultCurrency: account.default_currency ?? null,
    detailsSubmitted: account.details_submitted,
    chargesEnabled: account.charges_enabled,
    payoutsEnabled: account.payouts_enabled,
    disabledReason: requirements?.disabled_reason ?? null,
    requirementsDue: requirements?.currently_due ?? [],
    externalAccounts: (account.external_accounts?.data ?? []).map((external) =>
      external.object === 'bank_account'
        ? {
            id: external.id,
            type: 'BANK_ACCOUNT' as const,
            country: external.country,
            currency: external.currency,
            holderName: external.account_holder_name,
            last4: external.last4,
            routingNumber: external.routing_number,
            accountType: external.account_type,
            defaultForCurrency: external.default_for_currency ?? false,
            status: external.status,
          }
        : {
            id: external.id,
            type: 'CARD' as const,
            country: external.country ?? account.country ?? '',
            currency: external.currency ?? account.default_currency ?? '',
            holderName: external.name,
            last4: external.last4,
            routingNumber: null,
            accountType: null,
            defaultForCurrency: external.default_for_currency ?? false,
            status: external.status ?? 'new',
          },
    ),
    createdAt: fromUnixSeconds(account.created),
  };
}

/** What the processor kept, when the charge's balance transaction came expanded. */
function processorFeeOf(intent: Stripe.PaymentIntent): number | null {
  const charge = intent.latest_charge;
  if (intent.status !== 'succeeded' || !charge || typeof charge === 'string') return null;
  const transaction = charge.balance_transaction;
  return transaction && typeof transaction !== 'string' ? transaction.fee : null;
}

export function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const status = intent.status as ProviderIntentStatus;
  if (!INTENT_STATUSES.includes(status)) {
    throw new ProcessorError('unknown_status', `Unknown PaymentIntent status: ${intent.status}`);
  }
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    amount: intent.amount,
    currency: intent.currency,
    applicationFeeAmount: intent.application_fee_amount ?? 0,
    // An intent without transfer_data was not made by Encore; its events find no checkout.
    destination: idOf(intent.transfer_data?.destination) ?? '',
    status,
    clientSecret: intent.client_secret ?? '',
    lastPaymentError: error
      ? {
          code: error.code ?? error.type,
          declineCode: error.decline_code ?? null,
          message: error.message ?? '',
        }
      : null,
    nextActionUrl:
      status === 'requires_action' ? (intent.next_action?.redirect_to_url?.url ?? null) : null,
    processorFee: processorFeeOf(intent),
    metadata: { ...intent.metadata },
    createdAt: fromUnixSeconds(intent.created),
  };
}

const REFUND_STATUSES: readonly ProviderRefundStatus[] = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
];

const PAYOUT_STATUSES: readonly ProviderPayoutStatus[] = [
  'pending',
  'in_transit',
  'paid',
  'failed',
  'canceled',
];

function knownStatus<T extends string>(
  known: readonly T[],
  status: string | null,
  kind: string,
): T {
  if (!known.includes(status as T)) {
    throw new ProcessorError('unknown_status', `Unknown ${kind} status: ${status}`);
  }
  return status as T;
}

/**
 * An event's refund has its transfer reversal as an id only, so `transferReversalAmount` is 0
 * there: `retrieveRefund` (which expands it) tells it.
 */
export function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  const reversal = refund.transfer_reversal;
  return {
    id: refund.id,
    intentId: idOf(refund.payment_intent) ?? '',
    amount: refund.amount,
    currency: refund.currency,
    status: knownStatus(REFUND_STATUSES, refund.status, 'refund'),
    failureReason: refund.failure_reason ?? null,
    transferReversalAmount: reversal && typeof reversal !== 'string' ? reversal.amount : 0,
    metadata: { ...refund.metadata },
    createdAt: fromUnixSeconds(refund.created),
  };
}

export function toProviderPayout(payout: Stripe.Payout, accountId: string): ProviderPayout {
  return {
    id: payout.id,
    accountId,
    amount: payout.amount,
    currency: payout.currency,
    status: knownStatus(PAYOUT_STATUSES, payout.status, 'payout'),
    destination: idOf(payout.destination) ?? '',
    failureCode: payout.failure_code,
    failureMessage: payout.failure_message,
    arrivalDate: fromUnixSeconds(payout.arrival_date),
    description: payout.description,
    metadata: { ...payout.metadata },
    createdAt: fromUnixSeconds(payout.created),
  };
}

export function toProviderBalance(balance: Stripe.Balance): ProviderBalance {
  const amounts = (entries: Array<{ amount: number; currency: string }>) =>
    entries.map(({ amount, currency }) => ({ amount, currency }));
  return { available: amounts(balance.available), pending: amounts(balance.pending) };
}

type RefundEventType = Extract<ProviderEvent, { refund: ProviderRefund }>['type'];
type PayoutEventType = Extract<ProviderEvent, { payout: ProviderPayout }>['type'];

/** Older API versions tell a refund's changes as `charge.refund.updated`. */
const REFUND_EVENT_TYPES: Readonly<Record<string, RefundEventType>> = {
  'refund.created': 'refund.created',
  'refund.updated': 'refund.updated',
  'refund.failed': 'refund.failed',
  'charge.refund.updated': 'refund.updated',
};

const PAYOUT_EVENT_TYPES = new Set<string>([
  'payout.created',
  'payout.paid',
  'payout.failed',
  'payout.canceled',
] satisfies PayoutEventType[]);

/** A verified Stripe event as Encore's, or null for the types Encore does not use. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent | null {
  if (event.type === 'account.updated') {
    return { id: event.id, type: event.type, account: toProviderAccount(event.data.object) };
  }
  const refundType = REFUND_EVENT_TYPES[event.type];
  if (refundType) {
    return {
      id: event.id,
      type: refundType,
      refund: toProviderRefund(event.data.object as Stripe.Refund),
    };
  }
  if (PAYOUT_EVENT_TYPES.has(event.type)) {
    // A connected account's payout: the event names the account it happened on.
    return {
      id: event.id,
      type: event.type as PayoutEventType,
      payout: toProviderPayout(event.data.object as Stripe.Payout, event.account ?? ''),
    };
  }
  if (INTENT_EVENT_TYPES.has(event.type)) {
    return {
      id: event.id,
      type: event.type as Extract<ProviderEvent, { intent: ProviderIntent }>['type'],
      // An event's intent never has its charge expanded, so it cannot tell the processor's
      // fee: `retrieveIntent` does (it expands `latest_charge.balance_transaction`).
      intent: {
        ...toProviderIntent(event.data.object as Stripe.PaymentIntent),
        processorFee: null,
      },
    };
  }
  return null;
}
