import type { FastifyInstance } from 'fastify';
import type { StripeWebhooks } from './stripe-webhooks.service';

/** Stripe's events are far smaller (a few KB; Stripe caps a payload at 256 KB). */
export const STRIPE_WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * `POST /webhooks/stripe`, where Stripe's platform endpoint and its Connect endpoint deliver
 * events, served only with the `stripe` provider. The signature covers the exact bytes sent, so
 * this route keeps the body as bytes (a content type parser of its own scope, for every content
 * type) instead of Fastify's JSON parser. Answers: 200 once the event is in the outbox, or at once
 * for a type Encore does not use; 400 for a missing or wrong signature or a body that is no event
 * (Stripe does not retry a 4xx as it does a 5xx); 413 for a body over the limit.
 */
export async function registerPaymentsRoutes(app: FastifyInstance, webhooks: StripeWebhooks) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/webhooks/stripe',
      { bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT_BYTES },
      async (req, reply) => {
        const signature = req.headers['stripe-signature'];
        const body = Buffer.isBuffer(req.body) ? req.body : undefined;
        try {
          const outcome = await webhooks.receive(
            body,
            typeof signature === 'string' ? signature : undefined,
          );
          if (outcome.kept) req.log.info({ stripeEvent: outcome.event }, 'stripe webhook kept');
          else req.log.debug('stripe webhook of a type Encore does not use');
          return reply.code(200).send({ received: true });
        } catch (error) {
          req.log.warn({ err: error }, 'stripe webhook refused');
          throw error;
        }
      },
    );
  });
}
