import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { loadStripe, type PaymentIntentResult, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { returnUrlOf } from './checkout-logic';
import { stripeAppearanceOf, stripeLocaleOf } from './stripe-logic';

/**
 * Stripe's card form (the Payment Element) for an existing PaymentIntent. This module is only
 * fetched when a Stripe checkout starts, so Stripe's code stays out of every other page.
 */

/** Fetches Stripe.js from js.stripe.com (Stripe requires it be loaded from there). */
export async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available here');
  return stripe;
}

export interface StripeElementsFormProps {
  stripe: Stripe;
  clientSecret: string;
  /** The total, formatted, for the button. */
  amount: string;
  busy: boolean;
  /** Runs the confirmation the page hands it, and handles its answer. */
  onConfirm: (run: () => Promise<PaymentIntentResult>) => void;
  /** The Payment Element could not load (Stripe's servers unreachable, a refused secret). */
  onLoadError: () => void;
}

export function StripeElementsForm({ stripe, clientSecret, ...rest }: StripeElementsFormProps) {
  const { i18n } = useTranslation('pages');
  const theme = useTheme();
  const locale = stripeLocaleOf(i18n.resolvedLanguage ?? i18n.language);
  const options = useMemo(
    () => ({ clientSecret, locale, appearance: stripeAppearanceOf(theme) }),
    [clientSecret, locale, theme],
  );
  return (
    // Stripe lays its fields out right to left under an element with dir="rtl".
    <Box dir={theme.direction}>
      <Elements key={`${clientSecret}:${locale}`} stripe={stripe} options={options}>
        <PaymentForm {...rest} />
      </Elements>
    </Box>
  );
}

function PaymentForm({
  amount,
  busy,
  onConfirm,
  onLoadError,
}: Omit<StripeElementsFormProps, 'stripe' | 'clientSecret'>) {
  const { t } = useTranslation('pages');
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const elementOptions = useMemo(() => ({ readOnly: busy }), [busy]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    onConfirm(() =>
      stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        // Only for payment methods that must leave the page; the page handles ?payment=return.
        confirmParams: { return_url: returnUrlOf(window.location.href) },
      }),
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('applications.checkout.card.label')}
      aria-busy={!ready || busy}
      sx={{ display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography variant="subtitle1" component="h3">
        {t('applications.checkout.card.title')}
      </Typography>
      {ready ? null : (
        <Typography variant="body2" role="status">
          {t('applications.checkout.stripe.loading')}
        </Typography>
      )}
      <PaymentElement
        options={elementOptions}
        onReady={() => setReady(true)}
        onLoadError={onLoadError}
      />
      <Box>
        <Button type="submit" variant="contained" loading={busy} disabled={!ready}>
          {t('applications.checkout.card.pay', { amount })}
        </Button>
      </Box>
    </Box>
  );
}
