import type { Theme } from '@mui/material/styles';
import type {
  Appearance,
  PaymentIntentResult,
  StripeElementLocale,
  StripeError,
} from '@stripe/stripe-js';
import { declineKeyOf, type DeclineKey } from './checkout-logic';

/**
 * Pure helpers for the Stripe checkout. Only types come from `@stripe/stripe-js` here (erased at
 * build), so importing this file does not pull Stripe into the page's first bundle.
 */

/** The Elements locales Stripe.js documents (https://docs.stripe.com/js/appendix/supported_locales). */
const STRIPE_LOCALES: readonly StripeElementLocale[] = [
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-AU',
  'en-CA',
  'en-NZ',
  'en-GB',
  'es',
  'es-ES',
  'es-419',
  'et',
  'fi',
  'fil',
  'fr',
  'fr-CA',
  'fr-FR',
  'he',
  'hu',
  'hr',
  'id',
  'it',
  'it-IT',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'no',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
  'zh-HK',
  'zh-TW',
];

/** The viewer's language as Stripe names it: exact, then the base language, else `auto`. */
export function stripeLocaleOf(language: string | undefined | null): StripeElementLocale {
  if (!language) return 'auto';
  const exact = STRIPE_LOCALES.find((locale) => locale.toLowerCase() === language.toLowerCase());
  if (exact) return exact;
  const base = language.split(/[-_]/)[0]?.toLowerCase();
  return STRIPE_LOCALES.find((locale) => locale === base) ?? 'auto';
}

const px = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

/** The Payment Element dressed like the MUI theme around it (colours, type, corners). */
export function stripeAppearanceOf(theme: Theme): Appearance {
  const { palette, typography, shape } = theme;
  return {
    theme: palette.mode === 'dark' ? 'night' : 'stripe',
    variables: {
      colorPrimary: palette.primary.main,
      colorBackground: palette.background.paper,
      colorText: palette.text.primary,
      colorTextSecondary: palette.text.secondary,
      colorDanger: palette.error.main,
      colorSuccess: palette.success.main,
      colorWarning: palette.warning.main,
      fontFamily: typography.fontFamily ?? 'system-ui, sans-serif',
      borderRadius: px(shape.borderRadius),
      spacingUnit: theme.spacing(0.5),
    },
    rules: {
      '.Input:focus': { borderColor: palette.primary.main },
      '.Label': { fontWeight: '500' },
    },
  };
}

/** What the page does with `stripe.confirmPayment`'s answer (`redirect: 'if_required'`). */
export type StripeConfirmOutcome =
  /** Confirmed (or still processing): ask the server how it ended. */
  | { kind: 'settle' }
  /** The card was refused: a known sentence, or Stripe's own (translated) words. */
  | { kind: 'declined'; key: DeclineKey | null; message: string | null }
  /** The Payment Element shows the problem next to the field itself. */
  | { kind: 'invalid' }
  /** Stripe could not be reached, or refused for another reason. */
  | { kind: 'error'; unavailable: boolean; message: string | null };

const declined = (error: Pick<StripeError, 'code' | 'decline_code' | 'message'>) => ({
  kind: 'declined' as const,
  key: declineKeyOf(error),
  message: error.message ?? null,
});

export function stripeOutcomeOf(result: PaymentIntentResult): StripeConfirmOutcome {
  if (result.error) {
    const { error } = result;
    if (error.type === 'card_error' || declineKeyOf(error)) return declined(error);
    if (error.type === 'validation_error') return { kind: 'invalid' };
    const unavailable = error.type === 'api_connection_error' || error.type === 'api_error';
    return { kind: 'error', unavailable, message: unavailable ? null : (error.message ?? null) };
  }
  const intent = result.paymentIntent;
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
    return declined(intent.last_payment_error);
  }
  return { kind: 'settle' };
}

/** How long Stripe.js may take to arrive before the page says it could not be loaded. */
export const STRIPE_LOAD_TIMEOUT_MS = 20_000;

/** Rejects when the promise has not settled in time (a request that hangs is a failure too). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
