import type Stripe from 'stripe';
import { cardDigits, cardOutcome } from '../local/test-cards';
import { chargeOf, newStripeId, paymentIntent, unixNow } from './stripe-stub-objects';
import {
  StripeApiFailure,
  integer,
  invalidParameter,
  missing,
  nested,
  onlyKnown,
  requiredText,
  stringMap,
  text,
  type EmitEvent,
  type StubRequest,
  type StubRoute,
} from './stripe-stub-params';

/**
 * Test support for `stripe-stub.ts`: Stripe's PaymentIntents for destination charges — created for
 * an account that can receive transfers, confirmed by the payer with Stripe's test cards
 * (succeeding, declined, or asking for authentication on a page of their own), cancelled — with
 * their charges, balance transactions and events.
 */

/** Stripe's test PaymentMethods, by the card each stands for. */
const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_refundFail: '4000000000005126',
};

const CONFIRMABLE: readonly string[] = ['requires_payment_method', 'requires_confirmation'];
const CANCELABLE: readonly string[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

export function createStubIntents(options: {
  baseUrl: () => string;
  emit: EmitEvent;
  accounts: ReadonlyMap<string, Stripe.Account>;
  /** The charge went through: its transfer reaches the destination's balance. */
  onSettled: (intent: Stripe.PaymentIntent, charge: Stripe.Charge) => void;
}) {
  const { emit, accounts } = options;
  const intents = new Map<string, Stripe.PaymentIntent>();
  const related = new Map<string, object>(); // charges and balance transactions, for `expand`
  /** The card each intent is paid with, by intent id: a refund's outcome depends on it. */
  const cardNumbers = new Map<string, string>();

  function intentOf(id: string, request?: StubRequest): Stripe.PaymentIntent {
    const intent = intents.get(id);
    const secretHeld =
      !request?.publishable || text(request.params, 'client_secret') === intent?.client_secret;
    if (!intent || !secretHeld) throw missing('payment_intent', id, 'intent');
    return intent;
  }

  function settle(intent: Stripe.PaymentIntent, paymentMethod: string) {
    const { charge, balanceTransaction } = chargeOf(intent, paymentMethod, null);
    related.set(charge.id, charge);
    if (balanceTransaction) related.set(balanceTransaction.id, balanceTransaction);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      payment_method: paymentMethod,
      last_payment_error: null,
      next_action: null,
    } satisfies Partial<Stripe.PaymentIntent>);
    options.onSettled(intent, charge);
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', intent);
  }

  function decline(
    intent: Stripe.PaymentIntent,
    paymentMethod: string,
    error: { code: string; declineCode: string | null; message: string },
  ): StripeApiFailure {
    let chargeId: string | undefined;
    if (error.declineCode) {
      const { charge } = chargeOf(intent, paymentMethod, {
        ...error,
        declineCode: error.declineCode,
      });
      related.set(charge.id, charge);
      emit('charge.failed', charge);
      chargeId = charge.id;
    }
    const lastError = {
      type: 'card_error' as const,
      code: error.code,
      ...(error.declineCode ? { decline_code: error.declineCode } : {}),
      message: error.message,
      ...(chargeId ? { charge: chargeId } : {}),
    };
    Object.assign(intent, {
      status: 'requires_payment_method',
      latest_charge: chargeId ?? intent.latest_charge,
      payment_method: null,
      last_payment_error: lastError,
      next_action: null,
    } satisfies Partial<Stripe.PaymentIntent>);
    emit('payment_intent.payment_failed', intent);
    return new StripeApiFailure(402, { ...lastError, payment_intent: structuredClone(intent) });
  }

  function confirm(request: StubRequest): object {
    const { params } = request;
    const intent = intentOf(request.ids[0]!, request);
    if (!CONFIRMABLE.includes(intent.status)) {
      throw new StripeApiFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: structuredClone(intent),
      });
    }
    const method = text(params, 'payment_method');
    const card = nested(nested(params, 'payment_method_data'), 'card');
    const number = method ? TEST_PAYMENT_METHODS[method] : text(card, 'number');
    if (!number) {
      throw invalidParameter(
        'payment_method',
        'payment_intent_unexpected_state',
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
      );
    }
    const paymentMethod = method ?? newStripeId('pm');
    const outcome = cardOutcome(cardDigits(number));
    if (outcome.kind === 'declined') throw decline(intent, paymentMethod, outcome.error);
    cardNumbers.set(intent.id, cardDigits(number));
    if (outcome.kind === 'succeeds') {
      settle(intent, paymentMethod);
      return intent;
    }
    Object.assign(intent, {
      status: 'requires_action',
      payment_method: paymentMethod,
      last_payment_error: null,
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${options.baseUrl()}/stub/authenticate/${intent.id}`,
          return_url: text(params, 'return_url') ?? null,
        },
      },
    } satisfies Partial<Stripe.PaymentIntent>);
    emit('payment_intent.requires_action', intent);
    return intent;
  }

  const routes: StubRoute[] = [
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      handle({ params, idempotencyKey }) {
        onlyKnown(params, [
          'amount',
          'currency',
          'application_fee_amount',
          'transfer_data',
          'description',
          'metadata',
          'expand',
        ]);
        const amount = integer(params, 'amount');
        if (amount === undefined)
          throw invalidParameter('amount', 'parameter_missing', 'Missing required param: amount.');
        if (amount < 1)
          throw invalidParameter('amount', 'amount_too_small', 'Amount must be at least 1.');
        const currency = requiredText(params, 'currency');
        const fee = integer(params, 'application_fee_amount') ?? null;
        if (fee !== null && (fee < 0 || fee > amount)) {
          throw invalidParameter(
            'application_fee_amount',
            'parameter_invalid_integer',
            'The application fee must be between 0 and the amount.',
          );
        }
        const destination = text(nested(params, 'transfer_data'), 'destination');
        if (!destination) {
          throw invalidParameter(
            'transfer_data[destination]',
            'parameter_missing',
            'Missing required param: transfer_data[destination].',
          );
        }
        const account = accounts.get(destination);
        if (!account) throw missing('destination', destination, 'transfer_data[destination]');
        if (account.capabilities?.transfers !== 'active') {
          throw new StripeApiFailure(400, {
            type: 'invalid_request_error',
            code: 'insufficient_capabilities_for_transfer',
            param: 'transfer_data[destination]',
            message:
              'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          });
        }
        const intent = paymentIntent({
          amount,
          currency: currency.toLowerCase(),
          applicationFeeAmount: fee,
          destination,
          description: text(params, 'description') ?? null,
          metadata: stringMap(params, 'metadata'),
        });
        intents.set(intent.id, intent);
        emit('payment_intent.created', intent, { idempotencyKey });
        return intent;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (request) => intentOf(request.ids[0]!, request),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      handle(request) {
        onlyKnown(request.params, [
          'client_secret',
          'key',
          'payment_method',
          'payment_method_data',
          'return_url',
          'use_stripe_sdk',
          'expand',
        ]);
        return confirm(request);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      handle(request) {
        onlyKnown(request.params, ['cancellation_reason', 'expand']);
        const intent = intentOf(request.ids[0]!, request);
        if (!CANCELABLE.includes(intent.status)) {
          throw new StripeApiFailure(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
            payment_intent: structuredClone(intent),
          });
        }
        Object.assign(intent, {
          status: 'canceled',
          canceled_at: unixNow(),
          cancellation_reason: (text(request.params, 'cancellation_reason') ??
            null) as Stripe.PaymentIntent.CancellationReason | null,
          next_action: null,
        } satisfies Partial<Stripe.PaymentIntent>);
        emit('payment_intent.canceled', intent);
        return intent;
      },
    },
  ];

  function authenticate(intentId: string, approved: boolean): Stripe.PaymentIntent {
    const intent = intents.get(intentId);
    if (!intent || intent.status !== 'requires_action') {
      throw new Error(`No payment waits for authentication: ${intentId}`);
    }
    if (approved) {
      settle(intent, intent.payment_method as string);
    } else {
      Object.assign(intent, {
        status: 'requires_payment_method',
        payment_method: null,
        next_action: null,
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message:
            'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
        },
      } satisfies Partial<Stripe.PaymentIntent>);
      emit('payment_intent.payment_failed', intent);
    }
    return structuredClone(intent);
  }

  return { intents, related, cardNumbers, routes, authenticate };
}
