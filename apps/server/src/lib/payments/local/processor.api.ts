import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import type { Translate } from '../../i18n';
import type { RateLimiterStore, RateRule } from '../../rate-limit';
import type { ProviderIntent } from '../provider';
import { ProcessorError, type LocalProcessor } from './processor';
import {
  CLIENT_SECRET,
  CONTROL_CHARACTERS,
  INTENT_ID,
  UNPAIRED_SURROGATE,
  first,
  frameOf,
  sameSecret,
} from './processor.http';

/**
 * The browser's calls with an intent's client secret, as JSON (Stripe.js' `confirmCardPayment`
 * and `retrievePaymentIntent`): `POST /processor/v1/payment_intents/:id/confirm` and
 * `GET /processor/v1/payment_intents/:id`.
 */

/** Card confirmations from one address: a checkout tries a few cards, a card tester thousands. */
export const CONFIRMATIONS_BY_ADDRESS: RateRule = { points: 60, windowSeconds: 10 * 60 };

const API_BODY_LIMIT_BYTES = 8 * 1024;
const CLIENT_SECRET_MAX = 200;
const CARD_NUMBER_MAX = 64;

/** An intent as the browser's calls answer it (Stripe's field names). */
export interface IntentAnswer {
  id: string;
  status: ProviderIntent['status'];
  next_action_url: string | null;
  last_payment_error: { code: string; decline_code: string | null; message: string } | null;
}

const answerOf = (intent: ProviderIntent): IntentAnswer => ({
  id: intent.id,
  status: intent.status,
  next_action_url: intent.nextActionUrl,
  last_payment_error: intent.lastPaymentError
    ? {
        code: intent.lastPaymentError.code,
        decline_code: intent.lastPaymentError.declineCode,
        message: intent.lastPaymentError.message,
      }
    : null,
});

/** One answer for an unknown intent and a wrong client secret: which one is not told. */
const noSuchIntent = () =>
  new AppError('NOT_FOUND', 'No such payment.', { messageKey: 'processor.api.not_found' });

/** A required text field of the JSON body, with its problem as a sentence. */
function textProblem(value: unknown, attribute: string, max: number, t: Translate) {
  if (value === undefined || value === null || value === '') {
    return t('validation.required', { attribute });
  }
  if (typeof value !== 'string') return t('validation.type.string', { attribute });
  if (value.length > max) return t('validation.max.string', { attribute, max });
  if (value.includes('\u0000')) return t('validation.nul_character', { attribute });
  if (CONTROL_CHARACTERS.test(value) || UNPAIRED_SURROGATE.test(value)) {
    return t('validation.invalid', { attribute });
  }
  return null;
}

function readConfirmation(body: unknown, t: Translate) {
  const fields =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const problems: Record<string, string[]> = {};
  const secretProblem = textProblem(fields.client_secret, 'client_secret', CLIENT_SECRET_MAX, t);
  if (secretProblem) problems.client_secret = [secretProblem];
  const cardProblem = textProblem(fields.card_number, 'card_number', CARD_NUMBER_MAX, t);
  if (cardProblem) problems.card_number = [cardProblem];
  if (Object.keys(problems).length > 0) throw AppError.validation(problems);
  return { clientSecret: fields.client_secret as string, cardNumber: fields.card_number as string };
}

/** The processor's refusals as the API's errors; anything else stays what it is. */
function apiError(error: unknown): unknown {
  if (!(error instanceof ProcessorError)) return error;
  if (error.code === 'resource_missing') return noSuchIntent();
  if (error.code === 'payment_intent_unexpected_state') {
    return new AppError('CONFLICT', error.message, {
      messageKey: 'processor.api.unexpected_state',
    });
  }
  return error;
}

export async function registerProcessorApi(
  app: FastifyInstance,
  processor: LocalProcessor,
  rateLimiters?: RateLimiterStore,
) {
  const confirmations = rateLimiters?.limiter('processor-confirm-ip', CONFIRMATIONS_BY_ADDRESS);

  // The browser's JSON calls: JSON bodies only (a cross-site form cannot send one).
  await app.register(async (api) => {
    api.addHook('onSend', async (_req, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    api.post<{ Params: { id: string } }>(
      '/processor/v1/payment_intents/:id/confirm',
      { bodyLimit: API_BODY_LIMIT_BYTES },
      async (req) => {
        const t = frameOf(req).t;
        await confirmations?.consume(req.ip);
        const { clientSecret, cardNumber } = readConfirmation(req.body, t);
        if (!INTENT_ID.test(req.params.id) || !CLIENT_SECRET.test(clientSecret)) {
          throw noSuchIntent();
        }
        try {
          return answerOf(await processor.confirmIntent(req.params.id, clientSecret, cardNumber));
        } catch (error) {
          throw apiError(error);
        }
      },
    );

    api.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
      '/processor/v1/payment_intents/:id',
      async (req) => {
        const t = frameOf(req).t;
        const secret = first(req.query.client_secret);
        const problem = textProblem(secret, 'client_secret', CLIENT_SECRET_MAX, t);
        if (problem) throw AppError.validation({ client_secret: [problem] });
        if (!INTENT_ID.test(req.params.id) || !CLIENT_SECRET.test(secret!)) throw noSuchIntent();
        try {
          const intent = await processor.retrieveIntent(req.params.id);
          if (!sameSecret(secret!, intent.clientSecret)) throw noSuchIntent();
          return answerOf(intent);
        } catch (error) {
          throw apiError(error);
        }
      },
    );
  });
}
