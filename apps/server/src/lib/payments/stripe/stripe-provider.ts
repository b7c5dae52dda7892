import type { AccountHolderType } from '@encore/core';
import Stripe from 'stripe';
import { ProcessorError } from '../local/processor';
import type {
  PaymentProvider,
  ProviderAccount,
  ProviderEvent,
  ProviderIntent,
  ProviderIntentStatus,
} from '../provider';

export interface StripeProviderOptions {
  secretKey: string;
  /**
   * The signing secret of each webhook endpoint that posts to Encore. Stripe signs the platform's
   * own events (payment intents) and its connected accounts' events (`account.updated`) with the
   * secrets of two different endpoints, so more than one may be given.
   */
  webhookSecret: string | readonly string[];
  /** Where the API answers instead of https://api.stripe.com (the tests' stub). */
  apiBase?: string;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /**
   * A webhook's event, once its `Stripe-Signature` is verified; null for the types Encore does not
   * use. Throws `ProcessorError('signature_invalid')` for a body Stripe did not sign, and
   * `ProcessorError('payload_invalid')` for a signed body that is not JSON. An intent in an event
   * has no `processorFee`: `retrieveIntent` tells it.
   */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string): ProviderEvent | null;
}

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

/**
 * Where Stripe's code differs from the one the local processor answers for the same refusal, the
 * local one, so that code above the providers handles one vocabulary. Stripe's own message stays.
 */
const ENCORE_CODES: Readonly<Record<string, string>> = {
  // Stripe answers a key reused with other parameters with this error type and no code.
  idempotency_error: 'idempotency_key_in_use',
  // A destination charge to an account whose `transfers` capability is not active.
  insufficient_capabilities_for_transfer: 'account_invalid',
};

const INTENT_EVENT_TYPES = new Set<string>([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.processing',
  'payment_intent.canceled',
] satisfies Extract<ProviderEvent, { intent: ProviderIntent }>['type'][]);

const fromUnixSeconds = (seconds: number | undefined) => new Date((seconds ?? 0) * 1000);
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

/** Stripe's errors as the one error type callers know. */
function toProcessorError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const stripeCode = error.code ?? error.rawType ?? 'api_error';
  return new ProcessorError(ENCORE_CODES[stripeCode] ?? stripeCode, error.message, error.param);
}

async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toProcessorError(error);
  }
}

function clientFor(secretKey: string, apiBase: string | undefined): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  const base = new URL(apiBase);
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    telemetry: false,
  });
}

/**
 * The `stripe` provider: Connect Express accounts onboarded through account links, and destination
 * charges (the applicant pays the platform, which keeps `application_fee_amount` and transfers the
 * rest to the organisation's account). Each call that creates or moves something carries the
 * caller's idempotency key, so a retried attempt never charges twice.
 */
export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const stripe = clientFor(options.secretKey, options.apiBase);
  const webhookSecrets = [options.webhookSecret].flat();

  function verifiedEvent(rawBody: string | Buffer, signatureHeader: string): Stripe.Event {
    let failure: unknown;
    for (const secret of webhookSecrets) {
      try {
        return stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
      } catch (error) {
        // The signature held (the SDK reads the body after checking it), but the body is no JSON.
        if (error instanceof SyntaxError) {
          throw new ProcessorError(
            'payload_invalid',
            `The webhook's body is not JSON: ${error.message}`,
          );
        }
        failure = error;
      }
    }
    const reason = failure instanceof Error ? failure.message : 'no webhook secret is set';
    throw new ProcessorError(
      'signature_invalid',
      `The webhook's signature is not valid: ${reason}`,
    );
  }

  return {
    name: 'stripe',

    createAccount: (input, idempotencyKey) =>
      translated(async () =>
        toProviderAccount(
          await stripe.accounts.create(
            {
              type: 'express',
              email: input.email,
              ...(input.country ? { country: input.country } : {}),
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              metadata: input.metadata,
            },
            { idempotencyKey },
          ),
        ),
      ),

    retrieveAccount: (accountId) =>
      translated(async () => toProviderAccount(await stripe.accounts.retrieve(accountId))),

    createAccountLink: (accountId, urls) =>
      translated(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          refresh_url: urls.refreshUrl,
          return_url: urls.returnUrl,
        });
        return { url: link.url, expiresAt: fromUnixSeconds(link.expires_at) };
      }),

    createIntent: (input, idempotencyKey) =>
      translated(async () => {
        const created = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            application_fee_amount: input.applicationFeeAmount,
            transfer_data: { destination: input.destination },
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey },
        );
        // A key used before is answered with the first answer again (`Idempotent-Replayed: true`):
        // the intent as it was made, though the payer may have paid it since (a crash kept it
        // from our database). As the local processor, answer the intent as it is now.
        if (created.lastResponse?.headers['idempotent-replayed'] === 'true') {
          return toProviderIntent(
            await stripe.paymentIntents.retrieve(created.id, {
              expand: ['latest_charge.balance_transaction'],
            }),
          );
        }
        return toProviderIntent(created);
      }),

    retrieveIntent: (intentId) =>
      translated(async () =>
        toProviderIntent(
          await stripe.paymentIntents.retrieve(intentId, {
            expand: ['latest_charge.balance_transaction'],
          }),
        ),
      ),

    cancelIntent: (intentId, idempotencyKey) =>
      translated(async () =>
        toProviderIntent(await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey })),
      ),

    parseWebhook(rawBody, signatureHeader) {
      const event = verifiedEvent(rawBody, signatureHeader);
      if (event.type === 'account.updated') {
        return { id: event.id, type: event.type, account: toProviderAccount(event.data.object) };
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
    },
  };
}
