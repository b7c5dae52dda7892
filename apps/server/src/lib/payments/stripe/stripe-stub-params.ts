import type Stripe from 'stripe';

/**
 * Test support for `stripe-stub.ts`: requests as Stripe reads them — form-encoded parameters,
 * its error answers, `expand` — and a canonical form of parameters for `Idempotency-Key`.
 */

export interface StubRequest {
  params: Params;
  ids: string[];
  /** Stripe.js' key: it may only touch an intent whose client secret it holds. */
  publishable: boolean;
  idempotencyKey: string | null;
  /** The connected account the request acts on (`Stripe-Account`), null for the platform. */
  stripeAccount: string | null;
}

export interface StubRoute {
  method: 'GET' | 'POST';
  path: RegExp;
  handle(request: StubRequest): object;
}

/** Stripe records what happened as events, in order. */
export type EmitEvent = (
  type: Stripe.Event.Type,
  object: object,
  extra?: { account?: string; previousAttributes?: object; idempotencyKey?: string | null },
) => void;

/** A request's parameters, decoded from `a[b][0]=c` the way Stripe reads them. */
export type Params = { [name: string]: ParamValue };
export type ParamValue = string | ParamValue[] | Params;

/** An answer Stripe would give instead of the object: an HTTP status and its `error` body. */
export class StripeApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
      code?: string;
      decline_code?: string;
      message: string;
      param?: string;
      charge?: string;
      payment_intent?: Stripe.PaymentIntent;
      refund?: string;
    },
    /** Stripe keeps no idempotent result for a request that failed its parameter checks. */
    readonly kept = true,
  ) {
    super(body.message);
  }
}

export const invalidParameter = (param: string, code: string, message: string) =>
  new StripeApiFailure(400, { type: 'invalid_request_error', code, param, message }, false);

export const missing = (kind: string, id: string, param: string) =>
  new StripeApiFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

export function decodeForm(text: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = name.split('[');
    const path = [head, ...rest.map((segment) => segment.replace(/\]$/, ''))];
    let node: Params = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next !== 'object' || Array.isArray(next)) node[segment] = {};
      node = node[segment] as Params;
    });
  }
  return arraysFromIndices(root) as Params;
}

/** `expand[0]=a&expand[1]=b` arrives as `{ 0: a, 1: b }`; Stripe reads it as a list. */
function arraysFromIndices(value: ParamValue): ParamValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysFromIndices(value[key]!)] as const);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) {
    return entries.map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

export function text(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string')
    throw invalidParameter(name, 'parameter_invalid', `Invalid ${name}`);
  return value;
}

export function requiredText(params: Params, name: string): string {
  const value = text(params, name);
  if (value === undefined) {
    throw invalidParameter(name, 'parameter_missing', `Missing required param: ${name}.`);
  }
  return value;
}

export function integer(params: Params, name: string): number | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw invalidParameter(name, 'parameter_invalid_integer', `Invalid integer: ${value}`);
  }
  return Number(value);
}

export function nested(params: Params, name: string): Params {
  const value = params[name];
  if (value === undefined || value === '') return {};
  if (typeof value === 'string' || Array.isArray(value)) {
    throw invalidParameter(name, 'parameter_invalid', `Invalid object: ${name}`);
  }
  return value;
}

export function stringMap(params: Params, name: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(nested(params, name)).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

/** Stripe refuses parameters an endpoint does not take. */
export function onlyKnown(params: Params, known: readonly string[]) {
  const unknown = Object.keys(params).find((name) => !known.includes(name));
  if (unknown) {
    throw invalidParameter(unknown, 'parameter_unknown', `Received unknown parameter: ${unknown}`);
  }
}

/** Replaces ids along each `a.b` path with the objects they name, as Stripe's `expand`. */
export function expanded<T extends object>(
  object: T,
  paths: readonly string[],
  lookup: (id: string) => object | undefined,
): T {
  const copy = structuredClone(object);
  for (const path of paths) {
    let node: Record<string, unknown> = copy as Record<string, unknown>;
    for (const field of path.split('.')) {
      const value = node[field];
      if (value === null) break;
      const target = typeof value === 'string' ? lookup(value) : value;
      if (typeof target !== 'object' || target === null) {
        throw invalidParameter(
          'expand',
          'parameter_invalid',
          `This property cannot be expanded (${field}).`,
        );
      }
      node[field] = structuredClone(target);
      node = node[field] as Record<string, unknown>;
    }
  }
  return copy;
}

/** The same parameters, in whatever order they were sent, give the same text. */
export function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}
