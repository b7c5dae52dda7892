import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { processorFeeFor } from '../local/processor';

/**
 * Test support for `stripe-stub.ts`: Stripe's objects in the shapes of its API reference, typed by
 * the SDK's own declarations (which Stripe generates from its OpenAPI description).
 */

export const newStripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);

const COUNTRY_CURRENCIES: Readonly<Record<string, string>> = {
  AT: 'eur',
  BE: 'eur',
  CH: 'chf',
  DE: 'eur',
  ES: 'eur',
  FR: 'eur',
  GB: 'gbp',
  IE: 'eur',
  IT: 'eur',
  NL: 'eur',
  US: 'usd',
};
export const currencyOf = (country: string) => COUNTRY_CURRENCIES[country] ?? 'usd';

/** What a new Express account owes before it may take charges and receive payouts. */
export const EXPRESS_REQUIREMENTS = [
  'business_profile.url',
  'business_type',
  'external_account',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

export function expressAccount(input: {
  email: string | null;
  country: string;
  capabilities: string[];
  metadata: Record<string, string>;
}): Stripe.Account {
  const id = newStripeId('acct');
  return {
    id,
    object: 'account',
    type: 'express',
    business_type: null,
    capabilities: Object.fromEntries(input.capabilities.map((name) => [name, 'inactive'])),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    country: input.country,
    default_currency: currencyOf(input.country),
    created: unixNow(),
    email: input.email,
    metadata: input.metadata,
    external_accounts: {
      object: 'list',
      data: [],
      has_more: false,
      url: `/v1/accounts/${id}/external_accounts`,
    },
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [...EXPRESS_REQUIREMENTS],
      disabled_reason: 'requirements.past_due',
      errors: [],
      eventually_due: [...EXPRESS_REQUIREMENTS],
      past_due: [...EXPRESS_REQUIREMENTS],
      pending_verification: [],
    },
  };
}

export function bankAccount(account: Stripe.Account, holderName: string, number: string) {
  return {
    id: newStripeId('ba'),
    object: 'bank_account',
    account: account.id,
    account_holder_name: holderName,
    account_holder_type: account.business_type === 'individual' ? 'individual' : 'company',
    account_type: null,
    available_payout_methods: ['standard'],
    bank_name: 'STRIPE TEST BANK',
    country: account.country ?? 'US',
    currency: account.default_currency ?? 'usd',
    default_for_currency: true,
    fingerprint: randomBytes(8).toString('hex'),
    last4: number.replace(/\s/g, '').slice(-4),
    metadata: {},
    routing_number: null,
    status: 'new',
  } satisfies Stripe.BankAccount;
}

export function debitCard(account: Stripe.Account, holderName: string, number: string) {
  return {
    id: newStripeId('card'),
    object: 'card',
    account: account.id,
    address_city: null,
    address_country: null,
    address_line1: null,
    address_line1_check: null,
    address_line2: null,
    address_state: null,
    address_zip: null,
    address_zip_check: null,
    available_payout_methods: ['standard', 'instant'],
    brand: 'Visa',
    country: account.country ?? 'US',
    currency: account.default_currency ?? 'usd',
    cvc_check: null,
    default_for_currency: true,
    dynamic_last4: null,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    fingerprint: randomBytes(8).toString('hex'),
    funding: 'debit',
    last4: number.replace(/[\s-]/g, '').slice(-4),
    metadata: {},
    name: holderName,
    regulated_status: 'unregulated',
    status: 'new',
    tokenization_method: null,
  } satisfies Stripe.Card;
}

export function paymentIntent(input: {
  amount: number;
  currency: string;
  applicationFeeAmount: number | null;
  destination: string;
  description: string | null;
  metadata: Record<string, string>;
}): Stripe.PaymentIntent {
  const id = newStripeId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: input.applicationFeeAmount,
    automatic_payment_methods: { allow_redirects: 'always', enabled: true },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
    confirmation_method: 'automatic',
    created: unixNow(),
    currency: input.currency,
    customer: null,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: { destination: input.destination },
    transfer_group: null,
  };
}

/** A charge of the intent's card, and for one that went through, its balance transaction. */
export function chargeOf(
  intent: Stripe.PaymentIntent,
  paymentMethod: string,
  outcome: { declineCode: string; code: string; message: string } | null,
): { charge: Stripe.Charge; balanceTransaction: Stripe.BalanceTransaction | null } {
  const created = unixNow();
  const chargeId = newStripeId('ch');
  const destination = intent.transfer_data?.destination;
  const fee = processorFeeFor(intent.amount, intent.currency);
  const balanceTransaction: Stripe.BalanceTransaction | null = outcome
    ? null
    : {
        id: newStripeId('txn'),
        object: 'balance_transaction',
        amount: intent.amount,
        available_on: created + 7 * 24 * 60 * 60,
        balance_type: 'payments',
        created,
        currency: intent.currency,
        description: intent.description,
        exchange_rate: null,
        fee,
        fee_details: [
          {
            amount: fee,
            application: null,
            currency: intent.currency,
            description: 'Stripe processing fees',
            type: 'stripe_fee',
          },
        ],
        net: intent.amount - fee,
        reporting_category: 'charge',
        source: chargeId,
        status: 'pending',
        type: 'charge',
      };
  const charge: Stripe.Charge = {
    id: chargeId,
    object: 'charge',
    amount: intent.amount,
    amount_captured: outcome ? 0 : intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: outcome ? null : newStripeId('fee'),
    application_fee_amount: intent.application_fee_amount,
    balance_transaction: balanceTransaction?.id ?? null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'ENCORE',
    captured: !outcome,
    created,
    currency: intent.currency,
    customer: null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: outcome?.code ?? null,
    failure_message: outcome?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: outcome ? 'declined_by_network' : 'approved_by_network',
      reason: outcome?.declineCode ?? null,
      risk_level: 'normal',
      seller_message: outcome
        ? 'The bank did not return any further details with this decline.'
        : 'Payment complete.',
      type: outcome ? 'issuer_declined' : 'authorized',
    },
    paid: !outcome,
    payment_intent: intent.id,
    payment_method: paymentMethod,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: outcome ? 'failed' : 'succeeded',
    ...(outcome ? {} : { transfer: newStripeId('tr') }),
    transfer_data: destination ? { amount: null, destination } : null,
    transfer_group: `group_${intent.id}`,
  };
  return { charge, balanceTransaction };
}

export function eventOf(
  type: Stripe.Event.Type,
  object: object,
  extra: { account?: string; previousAttributes?: object; idempotencyKey?: string | null } = {},
): Stripe.Event {
  return {
    id: newStripeId('evt'),
    object: 'event',
    ...(extra.account ? { account: extra.account } : {}),
    api_version: Stripe.API_VERSION,
    created: unixNow(),
    data: {
      object: structuredClone(object),
      ...(extra.previousAttributes ? { previous_attributes: extra.previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: newStripeId('req'), idempotency_key: extra.idempotencyKey ?? null },
    type,
  } as Stripe.Event;
}
