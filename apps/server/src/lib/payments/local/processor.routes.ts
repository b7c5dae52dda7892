import {
  COOKIE_NAMES,
  isPaymentCurrency,
  negotiateLocale,
  type AccountHolderType,
  type Locale,
} from '@encore/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors';
import { translatorFor, type Translate } from '../../i18n';
import type { RateLimiterStore, RateRule } from '../../rate-limit';
import { cookieValue } from '../../request-locale';
import type { ProviderIntent } from '../provider';
import { onboardingProblems, type LocalOnboarding, type OnboardingDetails } from './onboarding';
import {
  ONBOARDING_FIELDS,
  authenticatePage,
  messagePage,
  onboardingPage,
  type OnboardingFieldProblems,
  type OnboardingValues,
  type PageFrame,
} from './processor.pages';
import { ProcessorError, type LocalProcessor } from './processor';

/**
 * The local processor's HTTP surface, what Stripe's hosted pages and Stripe.js are for Stripe:
 *
 * - `GET|POST /processor/onboarding`: the account holder's one-time onboarding form (the link
 *   token, secret and single-use, is what makes a submission the holder's).
 * - `GET|POST /processor/authenticate`: the test 3-D Secure page of an intent that
 *   `requires_action`; it asks for the intent's client secret, in the address and then in the
 *   form, so another site cannot make a payer's browser approve or fail a payment.
 * - `POST /processor/v1/payment_intents/:id/confirm` and `GET /processor/v1/payment_intents/:id`:
 *   the browser's calls with the client secret (Stripe.js' `confirmCardPayment` and
 *   `retrievePaymentIntent`), as JSON.
 *
 * Pages speak the `lng` parameter's language, else the web app's locale cookie, else
 * Accept-Language, else English.
 */

export interface LocalProcessorRoutesOptions {
  /** Encore's public address: return addresses must be under it. */
  publicUrl: string;
  /** The countries an account can be in, named in the locale (the project's country list). */
  countries: (locale: Locale) => Promise<ReadonlyArray<{ code: string; name: string }>>;
  /** Counters for the confirmation calls' limit; unlimited without. */
  rateLimiters?: RateLimiterStore;
}

/** Card confirmations from one address: a checkout tries a few cards, a card tester thousands. */
export const CONFIRMATIONS_BY_ADDRESS: RateRule = { points: 60, windowSeconds: 10 * 60 };

/** A form body is a handful of short fields. */
const FORM_BODY_LIMIT_BYTES = 16 * 1024;
const API_BODY_LIMIT_BYTES = 8 * 1024;
const FIELD_MAX = 200;
const CLIENT_SECRET_MAX = 200;
const CARD_NUMBER_MAX = 64;
const RETURN_URL_MAX = 2048;

const LINK_ID = /^link_[A-Za-z0-9_-]{1,64}$/;
const INTENT_ID = /^pi_[A-Za-z0-9_-]{1,64}$/;
const CLIENT_SECRET = /^pi_[A-Za-z0-9_-]{1,64}_secret_[A-Za-z0-9_-]{1,64}$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const first = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) ? first(value[0]) : undefined;

function frameOf(req: FastifyRequest, given?: string | null): PageFrame {
  const query = req.query as Record<string, unknown> | undefined;
  const locale = negotiateLocale(
    given,
    first(query?.lng),
    cookieValue(req.headers.cookie, COOKIE_NAMES.locale),
    req.headers['accept-language'],
  );
  return { locale, t: translatorFor(locale) };
}

function sendPage(reply: FastifyReply, status: number, body: string) {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      // The addresses and forms carry secrets (link tokens, client secrets): kept nowhere.
      .header('cache-control', 'no-store')
      .header('vary', 'Accept-Language, Cookie')
      .send(body)
  );
}

/** Compares secrets in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A return address the payer may be sent back to: an address of Encore (same origin as the
 * public URL, under its path), absolute or relative to it; anything else is refused (no open
 * redirect).
 */
export function safeReturnUrl(raw: string | undefined, publicUrl: string): URL | null {
  if (!raw || raw.length > RETURN_URL_MAX || CONTROL_CHARACTERS.test(raw) || raw.includes('\\')) {
    return null;
  }
  const base = new URL(`${publicUrl.replace(/\/$/, '')}/`);
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username || url.password) return null;
  const basePath = base.pathname.replace(/\/$/, '');
  if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return null;
  return url;
}

/** Where the payer goes once authenticated, told of the outcome as Stripe tells its return URL. */
function returnAddress(url: URL, intent: ProviderIntent): string {
  const target = new URL(url);
  target.searchParams.set('payment_intent', intent.id);
  target.searchParams.set('payment_intent_client_secret', intent.clientSecret);
  target.searchParams.set(
    'redirect_status',
    intent.status === 'succeeded' ? 'succeeded' : 'failed',
  );
  return target.toString();
}

// --- Onboarding -----------------------------------------------------------------------------

const EMPTY_VALUES = Object.fromEntries(ONBOARDING_FIELDS.map((field) => [field, ''])) as Record<
  (typeof ONBOARDING_FIELDS)[number],
  string
>;

/** The onboarding problems' fields (onboarding.ts) as the form's fields. */
function formProblems(
  problems: Partial<Record<string, string>>,
  payoutType: string,
): OnboardingFieldProblems {
  const fields: OnboardingFieldProblems = {};
  for (const field of Object.keys(problems)) {
    switch (field) {
      case 'businessType':
        fields.business_type = 'business_type';
        break;
      case 'country':
        fields.country = 'country';
        break;
      case 'defaultCurrency':
        fields.default_currency = 'default_currency';
        break;
      case 'payout.type':
        fields.payout_type = 'payout_type';
        break;
      case 'payout.holderName':
        fields[payoutType === 'CARD' ? 'card_holder_name' : 'bank_holder_name'] = 'holder_name';
        break;
      case 'payout.accountNumber':
        fields.account_number = 'account_number';
        break;
      case 'payout.routingNumber':
        fields.routing_number = 'routing_number';
        break;
      case 'payout.cardNumber':
        fields.card_number = 'card_number';
        break;
      default:
        break;
    }
  }
  return fields;
}

const PROBLEM_OF_FIELD: Record<keyof OnboardingValues, string> = {
  business_type: 'business_type',
  country: 'country',
  default_currency: 'default_currency',
  payout_type: 'payout_type',
  bank_holder_name: 'holder_name',
  account_number: 'account_number',
  routing_number: 'routing_number',
  card_holder_name: 'holder_name',
  card_number: 'card_number',
};

/** The form's values, and the fields no text can be made of (too long, control characters). */
function readOnboardingForm(form: URLSearchParams) {
  const values: OnboardingValues = { ...EMPTY_VALUES };
  const unreadable: OnboardingFieldProblems = {};
  for (const field of ONBOARDING_FIELDS) {
    const value = form.get(field) ?? '';
    if (
      value.length > FIELD_MAX ||
      CONTROL_CHARACTERS.test(value) ||
      UNPAIRED_SURROGATE.test(value)
    ) {
      unreadable[field] = PROBLEM_OF_FIELD[field];
      continue;
    }
    values[field] = value;
  }
  return { values, unreadable };
}

function detailsOf(values: OnboardingValues): OnboardingDetails {
  const payout: OnboardingDetails['payout'] =
    values.payout_type === 'CARD'
      ? { type: 'CARD', holderName: values.card_holder_name, cardNumber: values.card_number }
      : {
          type: values.payout_type as 'BANK_ACCOUNT',
          holderName: values.bank_holder_name,
          accountNumber: values.account_number,
          ...(values.routing_number.trim()
            ? { routingNumber: values.routing_number.replace(/[\s-]/g, '') }
            : {}),
        };
  return {
    businessType: values.business_type as AccountHolderType,
    country: values.country,
    defaultCurrency: values.default_currency,
    payout,
  };
}

/** The payout half that was not chosen is not checked: only the chosen one is sent. */
function relevant(problems: OnboardingFieldProblems, payoutType: string): OnboardingFieldProblems {
  const ignored: ReadonlyArray<keyof OnboardingValues> =
    payoutType === 'CARD'
      ? ['bank_holder_name', 'account_number', 'routing_number']
      : payoutType === 'BANK_ACCOUNT'
        ? ['card_holder_name', 'card_number']
        : [
            'bank_holder_name',
            'account_number',
            'routing_number',
            'card_holder_name',
            'card_number',
          ];
  return Object.fromEntries(
    Object.entries(problems).filter(
      ([field]) => !ignored.includes(field as keyof OnboardingValues),
    ),
  );
}

// --- The JSON API ---------------------------------------------------------------------------

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

// --- Routes ---------------------------------------------------------------------------------

export async function registerLocalProcessorRoutes(
  app: FastifyInstance,
  local: { processor: LocalProcessor; onboarding: LocalOnboarding },
  options: LocalProcessorRoutesOptions,
) {
  const { processor, onboarding } = local;
  const { publicUrl, countries } = options;
  const confirmations = options.rateLimiters?.limiter(
    'processor-confirm-ip',
    CONFIRMATIONS_BY_ADDRESS,
  );

  /** An expired, used or unknown link: a way to a fresh one when the link was real. */
  async function linkProblem(reply: FastifyReply, frame: PageFrame, linkId: string) {
    const { t } = frame;
    const refreshUrl = LINK_ID.test(linkId) ? await onboarding.refreshUrlOf(linkId) : null;
    if (!refreshUrl) {
      return sendPage(
        reply,
        404,
        messagePage(
          frame,
          t('processor.onboarding.link_unknown_title'),
          t('processor.onboarding.link_unknown'),
        ),
      );
    }
    return sendPage(
      reply,
      410,
      messagePage(
        frame,
        t('processor.onboarding.link_expired_title'),
        t('processor.onboarding.link_expired'),
        { href: refreshUrl, label: t('processor.onboarding.get_new_link') },
      ),
    );
  }

  async function openLink(linkId: string) {
    if (!LINK_ID.test(linkId)) return null;
    try {
      return await onboarding.open(linkId);
    } catch (error) {
      if (
        error instanceof ProcessorError &&
        (error.code === 'link_expired' || error.code === 'resource_missing')
      ) {
        return null;
      }
      throw error;
    }
  }

  /** An intent a page may show: its id and client secret must go together. */
  async function payerIntent(intentId: string | undefined, clientSecret: string | undefined) {
    if (
      !intentId ||
      !INTENT_ID.test(intentId) ||
      !clientSecret ||
      !CLIENT_SECRET.test(clientSecret)
    ) {
      return null;
    }
    try {
      const summary = await processor.paymentSummary(intentId);
      return sameSecret(clientSecret, summary.intent.clientSecret) ? summary : null;
    } catch (error) {
      if (error instanceof ProcessorError && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  function paymentNotFound(reply: FastifyReply, frame: PageFrame) {
    return sendPage(
      reply,
      404,
      messagePage(
        frame,
        frame.t('processor.authenticate.not_found_title'),
        frame.t('processor.authenticate.not_found'),
      ),
    );
  }

  // The pages: form bodies are read here only (the rest of the app refuses them).
  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_req, body, done) => done(null, new URLSearchParams(body as string)),
    );
    const formOf = (req: FastifyRequest) =>
      req.body instanceof URLSearchParams ? req.body : new URLSearchParams();

    pages.get<{ Querystring: Record<string, unknown> }>(
      '/processor/onboarding',
      async (req, reply) => {
        const frame = frameOf(req);
        const linkId = first(req.query.link) ?? '';
        const link = await openLink(linkId);
        if (!link) return linkProblem(reply, frame, linkId);
        return sendPage(
          reply,
          200,
          onboardingPage({
            ...frame,
            link: linkId,
            email: link.email,
            values: {
              ...EMPTY_VALUES,
              business_type: link.businessType ?? '',
              country: link.country?.toUpperCase() ?? '',
              default_currency: link.defaultCurrency?.toUpperCase() ?? '',
            },
            problems: {},
            countries: await countries(frame.locale),
          }),
        );
      },
    );

    pages.post('/processor/onboarding', async (req, reply) => {
      const form = formOf(req);
      const frame = frameOf(req, form.get('lng'));
      const linkId = form.get('link') ?? '';
      const link = await openLink(linkId);
      if (!link) return linkProblem(reply, frame, linkId);

      const { values, unreadable } = readOnboardingForm(form);
      const available = await countries(frame.locale);
      const problems: OnboardingFieldProblems = relevant(
        {
          ...formProblems(onboardingProblems(detailsOf(values)), values.payout_type),
          ...unreadable,
        },
        values.payout_type,
      );
      if (!available.some((country) => country.code === values.country)) {
        problems.country = 'country';
      }
      if (!isPaymentCurrency(values.default_currency))
        problems.default_currency = 'default_currency';

      if (Object.keys(problems).length === 0) {
        try {
          const { returnUrl } = await onboarding.submit(linkId, detailsOf(values));
          return reply.header('cache-control', 'no-store').redirect(returnUrl, 303);
        } catch (error) {
          if (!(error instanceof ProcessorError)) throw error;
          if (error.code === 'link_expired' || error.code === 'resource_missing') {
            return linkProblem(reply, frame, linkId);
          }
          Object.assign(
            problems,
            formProblems({ [error.param ?? 'payout.type']: error.code }, values.payout_type),
          );
        }
      }
      return sendPage(
        reply,
        422,
        onboardingPage({
          ...frame,
          link: linkId,
          email: link.email,
          values,
          problems,
          countries: available,
        }),
      );
    });

    pages.get<{ Querystring: Record<string, unknown> }>(
      '/processor/authenticate',
      async (req, reply) => {
        const frame = frameOf(req);
        const found = await payerIntent(first(req.query.intent), first(req.query.client_secret));
        if (!found) return paymentNotFound(reply, frame);
        const { intent } = found;
        if (intent.status !== 'requires_action') return outcome(reply, frame, intent);
        return sendPage(
          reply,
          200,
          authenticatePage({
            ...frame,
            intentId: intent.id,
            clientSecret: intent.clientSecret,
            returnUrl: safeReturnUrl(first(req.query.return_url), publicUrl)?.toString() ?? null,
            amount: intent.amount,
            currency: intent.currency,
            merchant: found.merchant,
            description: found.description,
          }),
        );
      },
    );

    pages.post('/processor/authenticate', async (req, reply) => {
      const form = formOf(req);
      const frame = frameOf(req, form.get('lng'));
      const found = await payerIntent(
        form.get('intent') ?? undefined,
        form.get('client_secret') ?? undefined,
      );
      if (!found) return paymentNotFound(reply, frame);
      const decision = form.get('decision');
      const returnUrl = safeReturnUrl(form.get('return_url') ?? undefined, publicUrl);
      if (decision !== 'complete' && decision !== 'fail') {
        // Not a choice of the page's: nothing changes, and the page is shown again.
        const again = new URLSearchParams({
          intent: found.intent.id,
          client_secret: found.intent.clientSecret,
          lng: frame.locale,
          ...(returnUrl ? { return_url: returnUrl.toString() } : {}),
        });
        return reply.header('cache-control', 'no-store').redirect(`authenticate?${again}`, 303);
      }
      const intent = await processor.authenticate(found.intent.id, decision === 'complete');
      if (returnUrl) {
        return reply
          .header('cache-control', 'no-store')
          .redirect(returnAddress(returnUrl, intent), 303);
      }
      return outcome(reply, frame, intent);
    });

    function outcome(reply: FastifyReply, frame: PageFrame, intent: ProviderIntent) {
      const { t } = frame;
      const key =
        intent.status === 'succeeded'
          ? 'succeeded'
          : intent.status === 'requires_payment_method' &&
              intent.lastPaymentError?.code === 'payment_intent_authentication_failure'
            ? 'failed'
            : 'done';
      return sendPage(
        reply,
        200,
        messagePage(
          frame,
          t(`processor.authenticate.${key}_title`),
          `${t(`processor.authenticate.${key}`)} ${t('processor.authenticate.close')}`,
        ),
      );
    }
  });

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
