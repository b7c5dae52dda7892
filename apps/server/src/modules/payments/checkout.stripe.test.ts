import type Stripe from 'stripe';
import { expect } from 'vitest';
import { startTestServer } from '../../../test/harness';
import type { ProviderIntentStatus } from '../../lib/payments/provider';
import { startStripeStub } from '../../lib/payments/stripe/stripe-stub';
import { describeCheckoutJourneys, type CheckoutWorld } from './checkout.contract';

/**
 * Checkout's journeys on the stripe provider: the official SDK talks over HTTP to the stub of
 * Stripe's API, the payer's browser confirms with the publishable key and the client secret as
 * Stripe.js does, and what happened comes back as webhooks signed by the stub and posted to
 * `POST /webhooks/stripe` — the platform's events with the platform endpoint's secret, connected
 * accounts' with the Connect endpoint's.
 */
const platformSecret = 'whsec_encore_platform';
const connectSecret = 'whsec_encore_connect';

describeCheckoutJourneys({
  name: 'stripe',
  async start(clock) {
    const stub = await startStripeStub();
    const server = await startTestServer(
      {
        payments: {
          provider: 'stripe',
          platformFeePercent: 5,
          payoutHoldDays: 7,
          stripe: {
            secretKey: stub.secretKey,
            publishableKey: stub.publishableKey,
            webhookSecrets: [platformSecret, connectSecret],
            apiBase: stub.url,
          },
        },
      },
      { clock },
    );
    const webhookUrl = `${server.url}/webhooks/stripe`;
    let sent = 0;

    async function send(event: Stripe.Event) {
      const answer = await stub.sendWebhook(
        webhookUrl,
        event,
        event.account ? connectSecret : platformSecret,
      );
      expect(answer.status).toBe(200);
    }

    const post = (url: string, form: Record<string, string>) =>
      fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

    const world: CheckoutWorld = {
      server,

      async connectPayoutAccount(organisation) {
        const { accounts } = server.app.services.payments;
        const step = await accounts.updateAccountLink({
          ...organisation,
          email: `payments@${organisation.slug}.test`,
        });
        // The holder fills in Stripe's onboarding page and is sent back to Encore.
        const onboarded = await post(step.url!, {
          business_type: 'company',
          account_holder_name: organisation.name,
          account_number: 'IE29AIBK93115212345678',
        });
        expect(onboarded.status).toBe(303);
        await world.deliverEvents();
        expect(await accounts.account(organisation.id)).toMatchObject({ chargesEnabled: true });
      },

      async confirm(intent, cardNumber) {
        // What Stripe.js sends for `confirmCardPayment` with the client secret.
        const answer = await post(`${stub.url}/v1/payment_intents/${intent.id}/confirm`, {
          key: stub.publishableKey,
          client_secret: intent.clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': cardNumber,
          return_url: `${server.config.publicUrl}/payments/return`,
        });
        const body = (await answer.json()) as {
          status?: ProviderIntentStatus;
          error?: { code?: string; payment_intent?: { status: ProviderIntentStatus } };
        };
        // 402: a declined card, with the intent as it is now.
        if (answer.status === 402) return body.error!.payment_intent!.status;
        if (answer.status === 400 && body.error?.code === 'payment_intent_unexpected_state') {
          return 'refused';
        }
        expect(answer.status).toBe(200);
        return body.status!;
      },

      async authenticate(nextActionUrl, approved) {
        // The authentication page Stripe redirects the payer to, and its answer.
        expect(nextActionUrl.startsWith(`${stub.url}/`)).toBe(true);
        const answer = await post(nextActionUrl, { outcome: approved ? 'approve' : 'fail' });
        expect(answer.status).toBe(303);
      },

      /** Stripe posts what happened since the last delivery; Encore applies it. */
      async deliverEvents() {
        while (sent < stub.events.length) {
          const event = stub.events[sent]!;
          sent += 1;
          await send(event);
        }
        await server.deliverEvents();
      },

      async redeliver(intentId, types) {
        for (const type of types) {
          const event = stub.events.findLast(
            (candidate) =>
              candidate.type === type && (candidate.data.object as { id?: string }).id === intentId,
          );
          if (!event) throw new Error(`Stripe sent no ${type} of ${intentId}`);
          await send(event);
        }
      },

      async intentsMadeFor(paymentId) {
        return stub.events.filter(
          (event) =>
            event.type === 'payment_intent.created' &&
            event.data.object.metadata.payment_id === paymentId,
        ).length;
      },

      async close() {
        await server.close();
        await stub.close();
      },
    };
    return world;
  },
});
