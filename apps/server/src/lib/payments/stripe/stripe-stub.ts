import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createStubAccounts, type OnboardingAnswers } from './stripe-stub-accounts';
import { createStubIntents } from './stripe-stub-intents';
import { createStubMoney } from './stripe-stub-money';
import { eventOf, newStripeId, unixNow } from './stripe-stub-objects';
import {
  StripeApiFailure,
  canonical,
  decodeForm,
  expanded,
  text,
  type EmitEvent,
  type Params,
} from './stripe-stub-params';

export type { OnboardingAnswers } from './stripe-stub-accounts';

/**
 * Stripe's API as far as Encore uses it, on a real HTTP server for the tests: the official SDK
 * talks to it as to api.stripe.com (form-encoded requests, `Idempotency-Key`, `expand`, Stripe's
 * error bodies and statuses), and the payer's side is here too — confirming with a test card as
 * Stripe.js does, the onboarding and authentication pages, and signed webhooks. Test support only.
 */

export interface StripeStub {
  /** http://127.0.0.1:<port>, for the provider's `apiBase`. */
  url: string;
  secretKey: string;
  publishableKey: string;
  /** Every event, oldest first, as Stripe would have delivered it. */
  events: Stripe.Event[];
  /** The account holder finishes Express onboarding (what the link's page does). */
  completeOnboarding(accountId: string, answers?: OnboardingAnswers): Stripe.Account;
  /**
   * Moves the stub's clock for money (balances becoming available, payouts arriving): payouts
   * whose arrival date passes are paid, with their `payout.paid` events.
   */
  advanceTime(ms: number): void;
  /** The payer's answer on the authentication page (what the redirect page does). */
  authenticate(intentId: string, approved: boolean): Stripe.PaymentIntent;
  /** The body and `Stripe-Signature` header Stripe would send for the event. */
  signedWebhook(event: Stripe.Event, secret: string): { payload: string; signature: string };
  sendWebhook(url: string, event: Stripe.Event, secret: string): Promise<Response>;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: object;
  replayed?: boolean;
}

const refusal = (status: number, type: string, message: string): Answer => ({
  status,
  body: { error: { type, message } },
});

export async function startStripeStub(
  options: { secretKey?: string; publishableKey?: string; platformCountry?: string } = {},
): Promise<StripeStub> {
  const secretKey = options.secretKey ?? 'sk_test_encore_stub';
  const publishableKey = options.publishableKey ?? 'pk_test_encore_stub';
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  let url = '';
  const events: Stripe.Event[] = [];
  const emit: EmitEvent = (...args) => {
    events.push(eventOf(...args));
  };
  const baseUrl = () => url;
  let secondsAhead = 0;
  const now = () => unixNow() + secondsAhead;
  const { accounts, links, ...connect } = createStubAccounts({ ...options, baseUrl, emit });
  const { intents, related, cardNumbers, ...payments } = createStubIntents({
    baseUrl,
    emit,
    accounts,
    onSettled: (intent, charge) => money.transferred(intent, charge),
  });
  const money = createStubMoney({
    emit,
    now,
    accountOf: connect.accountOf,
    intents,
    cardNumbers,
    related,
    payoutIntervals: connect.payoutIntervals,
    failingBankAccounts: connect.failingBankAccounts,
  });
  const { completeOnboarding } = connect;
  const { authenticate } = payments;
  const routes = [...connect.routes, ...payments.routes, ...money.routes];
  /** Charges, balance transactions and accounts by id, for `expand`. */
  const lookup = (id: string): object | undefined => related.get(id) ?? accounts.get(id);

  // The server SDK sends its secret key as a bearer token; Stripe.js its publishable key as `key`.
  function apiKeyOf(request: IncomingMessage, params: Params): string | undefined {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    return bearer ?? text(params, 'key');
  }

  function answerApi(
    method: string,
    path: string,
    params: Params,
    request: IncomingMessage,
  ): Answer {
    const key = apiKeyOf(request, params);
    const publishable = key === publishableKey;
    if (key !== secretKey && !publishable) {
      return refusal(401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    const route = routes.find(
      (candidate) => candidate.method === method && candidate.path.test(path),
    );
    if (!route) {
      return refusal(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${path}).`,
      );
    }
    const isConfirm = path.endsWith('/confirm');
    const isIntent = path.startsWith('/v1/payment_intents/');
    if (publishable && !(isIntent && (isConfirm || method === 'GET'))) {
      return refusal(
        401,
        'invalid_request_error',
        'This API call cannot be made with a publishable API key.',
      );
    }
    const idempotencyKey =
      method === 'POST'
        ? ((request.headers['idempotency-key'] as string | undefined) ?? null)
        : null;
    const header = request.headers['stripe-account'];
    const stripeAccount = typeof header === 'string' ? header : null;
    const fingerprint = `${method} ${path} ${canonical(params)}`;
    // Stripe keeps idempotent answers per account the request acts on.
    const scope = `${key}:${stripeAccount ?? 'platform'}:${idempotencyKey}`;
    const remembered = idempotencyKey ? idempotent.get(scope) : undefined;
    if (remembered && remembered.fingerprint === fingerprint)
      return { ...remembered.answer, replayed: true };
    if (remembered) {
      return refusal(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      );
    }
    let answer: Answer;
    let kept = true;
    try {
      const ids = route.path.exec(path)!.slice(1);
      const object = route.handle({ params, ids, publishable, idempotencyKey, stripeAccount });
      const expand = params.expand;
      const paths = Array.isArray(expand)
        ? expand.filter((item): item is string => typeof item === 'string')
        : [];
      answer = {
        status: 200,
        body: expanded(object, paths, lookup),
      };
    } catch (error) {
      if (!(error instanceof StripeApiFailure)) throw error;
      answer = { status: error.status, body: { error: error.body } };
      kept = error.kept;
    }
    if (idempotencyKey && kept) idempotent.set(scope, { fingerprint, answer });
    return answer;
  }

  /** The pages a browser visits on Stripe: onboarding behind a link, and card authentication. */
  function answerPage(
    method: string,
    path: string,
    form: Params,
  ): { status: number; location?: string; html?: string } {
    const onboarding = /^\/stub\/onboarding\/([^/]+)$/.exec(path);
    if (onboarding) {
      const link = links.get(onboarding[1]!);
      if (!link) return { status: 404, html: 'No such link.' };
      if (link.used || link.expiresAt < unixNow())
        return { status: 303, location: link.refreshUrl };
      if (method === 'GET')
        return {
          status: 200,
          html: '<form method="post"><button>Agree and submit</button></form>',
        };
      link.used = true;
      const cardNumber = text(form, 'card_number');
      const businessType = text(form, 'business_type') as OnboardingAnswers['businessType'];
      completeOnboarding(link.accountId, {
        ...(businessType ? { businessType } : {}),
        ...(text(form, 'account_holder_name')
          ? { holderName: text(form, 'account_holder_name') }
          : {}),
        payout: cardNumber
          ? { type: 'card', cardNumber }
          : {
              type: 'bank_account',
              accountNumber: text(form, 'account_number') ?? 'IE29AIBK93115212345678',
            },
      });
      return { status: 303, location: link.returnUrl };
    }
    const authentication = /^\/stub\/authenticate\/([^/]+)$/.exec(path);
    if (authentication) {
      const intent = intents.get(authentication[1]!);
      if (!intent || intent.status !== 'requires_action')
        return { status: 404, html: 'Nothing to authenticate.' };
      const returnUrl = intent.next_action?.redirect_to_url?.return_url;
      if (method === 'GET') {
        return {
          status: 200,
          html: '<form method="post"><button name="outcome" value="approve">Complete</button><button name="outcome" value="fail">Fail</button></form>',
        };
      }
      authenticate(intent.id, text(form, 'outcome') === 'approve');
      return returnUrl
        ? { status: 303, location: `${returnUrl}?payment_intent=${intent.id}` }
        : { status: 200, html: 'Done.' };
    }
    return { status: 404, html: 'Not found.' };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const target = new URL(request.url ?? '/', url);
    const method = request.method ?? 'GET';
    const params = decodeForm(
      method === 'GET' ? target.search.slice(1) : Buffer.concat(chunks).toString('utf8'),
    );
    if (target.pathname.startsWith('/v1/')) {
      const answer = answerApi(method, target.pathname, params, request);
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': newStripeId('req'),
        'stripe-version': Stripe.API_VERSION,
        ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(JSON.stringify(answer.body, null, 2));
      return;
    }
    const page = answerPage(method, target.pathname, params);
    response.writeHead(page.status, {
      'content-type': 'text/html; charset=utf-8',
      ...(page.location ? { location: page.location } : {}),
    });
    response.end(page.html ?? '');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function signedWebhook(event: Stripe.Event, secret: string) {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  return {
    url,
    secretKey,
    publishableKey,
    events,
    completeOnboarding,
    advanceTime(ms) {
      secondsAhead += Math.round(ms / 1000);
      money.payArrived();
    },
    authenticate,
    signedWebhook,
    sendWebhook(target, event, secret) {
      const { payload, signature } = signedWebhook(event, secret);
      return fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
        body: payload,
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
