import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { PaymentIntentResult, Stripe } from '@stripe/stripe-js';
import type { StripeElementsFormProps } from './StripeElementsForm';
import { STRIPE_LOAD_TIMEOUT_MS, withTimeout } from './stripe-logic';

type Loaded = { Form: ComponentType<StripeElementsFormProps>; stripe: Stripe };
type State = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready' } & Loaded);

/** Stripe's module (a chunk of its own) and then Stripe.js itself, from js.stripe.com. */
async function loadStripeForm(publishableKey: string): Promise<Loaded> {
  const module = await import('./StripeElementsForm');
  const stripe = await module.loadStripeJs(publishableKey);
  return { Form: module.StripeElementsForm, stripe };
}

interface StripeCheckoutProps {
  publishableKey: string | null;
  clientSecret: string;
  amount: string;
  busy: boolean;
  onConfirm: (run: () => Promise<PaymentIntentResult>) => void;
}

/**
 * Paying by card through Stripe Elements: loads Stripe only now, and says so (with a retry) when
 * it cannot be loaded (offline, or blocked by the browser or a network filter).
 */
export function StripeCheckout({ publishableKey, ...form }: StripeCheckoutProps) {
  const { t } = useTranslation('pages');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (!publishableKey) return;
    let current = true;
    withTimeout(loadStripeForm(publishableKey), STRIPE_LOAD_TIMEOUT_MS).then(
      (loaded) => {
        if (current) setState({ status: 'ready', ...loaded });
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  };

  if (!publishableKey) {
    return <Alert severity="error">{t('applications.checkout.stripe.notConfigured')}</Alert>;
  }
  if (state.status === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('applications.checkout.outcome.tryAgain')}
          </Button>
        }
      >
        {t('applications.checkout.stripe.loadFailed')}
      </Alert>
    );
  }
  if (state.status === 'loading') {
    return (
      <Box role="status" aria-label={t('applications.checkout.stripe.loading')}>
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }
  const { Form, stripe } = state;
  return <Form stripe={stripe} {...form} onLoadError={() => setState({ status: 'failed' })} />;
}
