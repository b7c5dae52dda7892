import type { Outbox } from '../../events/outbox';
import { AppError } from '../../lib/errors';
import { ProcessorError } from '../../lib/payments/local/processor';
import type { ProviderEvent } from '../../lib/payments/provider';
import type { StripeProvider } from '../../lib/payments/stripe/stripe-provider';
import { providerEventReceived } from './payments.events';

/** What became of a webhook Stripe signed. */
export type StripeWebhookOutcome =
  | { kept: true; event: Pick<ProviderEvent, 'id' | 'type'> }
  /** A type Encore does not use (`charge.succeeded`, `payment_intent.created` …). */
  | { kept: false; event: null };

function refused(reason: string, cause?: unknown): AppError {
  return new AppError('BAD_REQUEST', `The webhook was refused: ${reason}`, {
    messageKey: 'errors.bad_request',
    cause,
  });
}

/**
 * What Stripe posts to `POST /webhooks/stripe`: the body as it was signed, verified against each
 * endpoint's secret, and the event it tells of written to the outbox in a transaction of its own,
 * so the answer is quick and what it tells is applied after the commit (`PaymentProviderEventReceived`).
 *
 * A webhook delivered again (Stripe retries until it hears 2xx, and may send an event twice) is
 * written again: the handler applies each Stripe event id once (`payment_provider_events`), so a
 * second copy in the outbox changes nothing.
 */
export function createStripeWebhooks({
  provider,
  outbox,
}: {
  provider: StripeProvider;
  outbox: Outbox;
}) {
  return {
    async receive(
      rawBody: Buffer | undefined,
      signature: string | undefined,
    ): Promise<StripeWebhookOutcome> {
      if (!signature) throw refused('the Stripe-Signature header is missing');
      if (!rawBody || rawBody.length === 0) throw refused('the body is empty');
      let event: ProviderEvent | null;
      try {
        event = provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof ProcessorError && error.code === 'signature_invalid') {
          throw refused('the signature does not hold', error);
        }
        // Signed, but not an event Encore can read (not JSON, or an object of another shape).
        throw new AppError('BAD_REQUEST', 'The webhook body is not an event.', {
          messageKey: 'errors.malformed_json',
          cause: error,
        });
      }
      if (!event) return { kept: false, event: null };
      const received = event;
      await outbox.transaction((_tx, record) => record(providerEventReceived('stripe', received)));
      return { kept: true, event: { id: event.id, type: event.type } };
    },
  };
}

export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;
