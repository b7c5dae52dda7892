import Stripe from 'stripe';
import { ProcessorError } from '../local/processor';
import type { PaymentProvider, ProviderEvent } from '../provider';
import {
  fromUnixSeconds,
  toProviderAccount,
  toProviderBalance,
  toProviderEvent,
  toProviderIntent,
  toProviderPayout,
  toProviderRefund,
} from './stripe-mapping';

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
   * has no `processorFee`, and a refund's `transferReversalAmount` is 0: `retrieveIntent` and
   * `retrieveRefund` tell them. A payout's `accountId` is the event's connected account.
   */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string): ProviderEvent | null;
}

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

const managedByStripe = () =>
  new ProcessorError(
    'external_account_managed_by_processor',
    "An Express account's bank accounts are managed on Stripe's pages: send the holder an account link.",
  );

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
              // Encore holds an organisation's money until its event, then pays it out itself.
              settings: { payouts: { schedule: { interval: 'manual' } } },
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

    createRefund: (input, idempotencyKey) =>
      translated(async () =>
        toProviderRefund(
          await stripe.refunds.create(
            {
              payment_intent: input.intentId,
              amount: input.amount,
              // A destination charge: the organisation gives back its share, the platform its fee.
              reverse_transfer: true,
              refund_application_fee: true,
              metadata: input.metadata,
              expand: ['transfer_reversal'],
            },
            { idempotencyKey },
          ),
        ),
      ),

    retrieveRefund: (refundId) =>
      translated(async () =>
        toProviderRefund(
          await stripe.refunds.retrieve(refundId, { expand: ['transfer_reversal'] }),
        ),
      ),

    createPayout: (input, idempotencyKey) =>
      translated(async () =>
        toProviderPayout(
          await stripe.payouts.create(
            {
              amount: input.amount,
              currency: input.currency.toLowerCase(),
              description: input.description,
              metadata: input.metadata,
            },
            { stripeAccount: input.accountId, idempotencyKey },
          ),
          input.accountId,
        ),
      ),

    retrievePayout: (accountId, payoutId) =>
      translated(async () =>
        toProviderPayout(
          await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId }),
          accountId,
        ),
      ),

    retrieveBalance: (accountId) =>
      translated(async () =>
        toProviderBalance(await stripe.balance.retrieve({}, { stripeAccount: accountId })),
      ),

    // Express accounts give their bank accounts on Stripe's own pages (an account link).
    addExternalAccount: () => Promise.reject(managedByStripe()),
    removeExternalAccount: () => Promise.reject(managedByStripe()),
    setDefaultExternalAccount: () => Promise.reject(managedByStripe()),

    parseWebhook: (rawBody, signatureHeader) =>
      toProviderEvent(verifiedEvent(rawBody, signatureHeader)),
  };
}
