import { describe, expect, it } from 'vitest';
import type { PaymentIntentResult } from '@stripe/stripe-js';
import { createAppTheme, PRIMARY_RED } from '../../../app/theme';
import { stripeAppearanceOf, stripeLocaleOf, stripeOutcomeOf } from './stripe-logic';

const failed = (error: Record<string, unknown>) => ({ error }) as unknown as PaymentIntentResult;
const answered = (intent: Record<string, unknown>) =>
  ({ paymentIntent: intent }) as unknown as PaymentIntentResult;

describe('stripe logic', () => {
  it('names each of the site’s 13 languages as Stripe does, and falls back to auto', () => {
    for (const code of [
      'en',
      'fr',
      'de',
      'es',
      'it',
      'nl',
      'hr',
      'pt',
      'ar',
      'ru',
      'fi',
      'lt',
      'sv',
    ]) {
      expect(stripeLocaleOf(code)).toBe(code);
    }
    expect(stripeLocaleOf('pt-BR')).toBe('pt-BR');
    expect(stripeLocaleOf('de-AT')).toBe('de');
    expect(stripeLocaleOf('xx')).toBe('auto');
    expect(stripeLocaleOf(undefined)).toBe('auto');
  });

  it('dresses the Payment Element in the theme’s colours and corners', () => {
    const appearance = stripeAppearanceOf(createAppTheme('rtl'));
    expect(appearance.theme).toBe('stripe');
    expect(appearance.variables).toMatchObject({ colorPrimary: PRIMARY_RED, borderRadius: '8px' });
  });

  it('tells a refused card, a field to fix, an outage and a confirmation apart', () => {
    expect(
      stripeOutcomeOf(
        failed({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }),
      ),
    ).toEqual({ kind: 'declined', key: 'insufficient_funds', message: null });
    expect(
      stripeOutcomeOf(
        failed({ type: 'card_error', code: 'expired_card', message: 'Your card has expired.' }),
      ),
    ).toEqual({ kind: 'declined', key: null, message: 'Your card has expired.' });
    expect(
      stripeOutcomeOf(
        failed({ type: 'invalid_request_error', code: 'payment_intent_authentication_failure' }),
      ),
    ).toMatchObject({ kind: 'declined', key: 'payment_intent_authentication_failure' });
    expect(stripeOutcomeOf(failed({ type: 'validation_error' }))).toEqual({ kind: 'invalid' });
    expect(stripeOutcomeOf(failed({ type: 'api_connection_error', message: 'x' }))).toEqual({
      kind: 'error',
      unavailable: true,
      message: null,
    });
    expect(stripeOutcomeOf(answered({ status: 'succeeded' }))).toEqual({ kind: 'settle' });
    expect(stripeOutcomeOf(answered({ status: 'processing' }))).toEqual({ kind: 'settle' });
    expect(
      stripeOutcomeOf(
        answered({
          status: 'requires_payment_method',
          last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
        }),
      ),
    ).toMatchObject({ kind: 'declined', key: 'generic_decline' });
  });
});
