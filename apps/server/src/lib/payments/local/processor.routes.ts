import { isPaymentCurrency, type AccountHolderType, type Locale } from '@encore/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiterStore } from '../../rate-limit';
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
import { registerProcessorApi } from './processor.api';
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

/** A form body is a handful of short fields. */
const FORM_BODY_LIMIT_BYTES = 16 * 1024;
const FIELD_MAX = 200;
const RETURN_URL_MAX = 2048;

const LINK_ID = /^link_[A-Za-z0-9_-]{1,64}$/;

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

// --- Routes ---------------------------------------------------------------------------------

export async function registerLocalProcessorRoutes(
  app: FastifyInstance,
  local: { processor: LocalProcessor; onboarding: LocalOnboarding },
  options: LocalProcessorRoutesOptions,
) {
  const { processor, onboarding } = local;
  const { publicUrl, countries } = options;

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

  await registerProcessorApi(app, processor, options.rateLimiters);
}
