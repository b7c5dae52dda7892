import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** What the local processor answers to a confirmation (`POST …/payment_intents/{id}/confirm`). */
export interface IntentAnswer {
  id: string;
  status: string;
  next_action_url: string | null;
  last_payment_error: { code: string; decline_code: string | null; message: string } | null;
}

/** A confirmation the processor refused outright (bad input, no such intent, unreachable). */
export class ConfirmError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ConfirmError';
  }
}

/** The intent's id is the client secret's part before `_secret_`. */
export function intentIdOf(clientSecret: string): string {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : clientSecret;
}

/** Confirms the intent with the card number (the only card detail the processor takes). */
export async function confirmIntent(
  clientSecret: string,
  cardNumber: string,
  fetcher: typeof fetch = fetch,
): Promise<IntentAnswer> {
  const id = intentIdOf(clientSecret);
  let response: Response;
  try {
    response = await fetcher(`/processor/v1/payment_intents/${encodeURIComponent(id)}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ client_secret: clientSecret, card_number: cardNumber }),
    });
  } catch {
    throw new ConfirmError('', 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error =
      body && typeof body === 'object' && 'error' in body
        ? (body as { error: unknown }).error
        : null;
    const message =
      error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
        ? error.message
        : '';
    throw new ConfirmError(message, response.status);
  }
  return body as IntentAnswer;
}

/** Decline codes with a sentence of their own (`checkout.decline.<code>`). */
const KNOWN_DECLINES = [
  'insufficient_funds',
  'generic_decline',
  'card_declined',
  'payment_intent_authentication_failure',
] as const;
export type DeclineKey = (typeof KNOWN_DECLINES)[number];

/** The translation key for a refusal, or null when only the processor's own words fit. */
export function declineKeyOf(
  error: { code?: string | null; decline_code?: string | null } | null | undefined,
): DeclineKey | null {
  if (!error) return null;
  for (const candidate of [error.decline_code, error.code]) {
    const known = KNOWN_DECLINES.find((code) => code === candidate);
    if (known) return known;
  }
  return null;
}

/** This page's address with `?payment=return` (and nothing of an earlier return kept). */
export function returnUrlOf(href: string): string {
  const url = new URL(href);
  for (const name of [
    'payment',
    'payment_intent',
    'payment_intent_client_secret',
    'redirect_status',
  ]) {
    url.searchParams.delete(name);
  }
  url.searchParams.set('payment', 'return');
  url.hash = '';
  return url.toString();
}

/** The authentication page's address with where to come back to. */
export function authenticationUrlOf(nextActionUrl: string, href: string): string {
  const separator = nextActionUrl.includes('?') ? '&' : '?';
  return `${nextActionUrl}${separator}return_url=${encodeURIComponent(returnUrlOf(href))}`;
}

/** Whether the page was opened coming back from the processor's authentication page. */
export function isPaymentReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('payment') === 'return' || params.has('redirect_status');
}

/** Whether a failed operation is the processor being unreachable (PAYMENT_FAILED). */
export function isProcessorUnavailable(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => item.extensions?.code === 'PAYMENT_FAILED')
  );
}

/** Why a tier cannot be chosen: full, or past its own deadline. */
export function unavailableReason(option: {
  is_available: boolean;
  slots_left: number | null;
  deadline_date: string | null;
}): 'full' | 'closed' | 'unavailable' | null {
  if (option.is_available) return null;
  if (option.slots_left !== null && option.slots_left <= 0) return 'full';
  if (option.deadline_date) return 'closed';
  return 'unavailable';
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
