import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PaymentIntentResult } from '@stripe/stripe-js';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../../components/PageStates';
import {
  ApplicationCheckoutDocument,
  CheckoutPreviewDocument,
  RefreshPaymentDocument,
  StartCheckoutDocument,
  type CheckoutPaymentInfoFieldsFragment,
  type CheckoutSessionFieldsFragment,
} from '../../../gql/graphql';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { formatMoney } from '../../../lib/format';
import { AnswerByPromise } from '../refunds/AnswerByPromise';
import { CardForm } from './CardForm';
import { CheckoutBreakdown } from './CheckoutBreakdown';
import {
  authenticationUrlOf,
  ConfirmError,
  confirmIntent,
  declineKeyOf,
  isPaymentReturn,
  isProcessorUnavailable,
  wait,
} from './checkout-logic';
import { PaidSummary } from './PaidSummary';
import { StripeCheckout } from './StripeCheckout';
import { stripeOutcomeOf } from './stripe-logic';
import { CouponField, TierPicker } from './TierPicker';

/** Paid, and perhaps given back since: nothing is left to pay. */
const isSettled = (status: string | undefined) =>
  status === 'SUCCEEDED' || status === 'REFUNDED' || status === 'REFUND_FAIL';

/** How often, and how far apart, the server is asked whether a confirmed card payment settled. */
const REFRESH_TRIES = 5;
const REFRESH_DELAY_MS = 500;

type Outcome =
  | { kind: 'paid'; payment: CheckoutPaymentInfoFieldsFragment }
  | { kind: 'declined'; message: string }
  | { kind: 'pending' }
  | { kind: 'error'; message: string; unavailable: boolean };

interface CheckoutSectionProps {
  applicationId: string;
  /** Called once the payment succeeded, so the page reloads the application. */
  onPaid?: () => void;
  /** Where the browser goes for 3-D Secure (a test replaces it). */
  redirect?: (url: string) => void;
  /** The confirmation's HTTP call (a test replaces it). */
  fetcher?: typeof fetch;
}

const browserRedirect = (url: string) => window.location.assign(url);

/** Paying an application awaiting payment: the price, a coupon, the breakdown and the card. */
export function CheckoutSection({
  applicationId,
  onPaid,
  redirect = browserRedirect,
  fetcher,
}: CheckoutSectionProps) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const client = useApolloClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const checkout = useQuery(ApplicationCheckoutDocument, {
    variables: { id: applicationId },
    fetchPolicy: 'cache-and-network',
  });
  const application = checkout.data?.viewApplication;
  const options = application?.opportunity.payment_options ?? [];

  const [chosen, setChosen] = useState<string | null>(null);
  const [couponDraft, setCouponDraft] = useState('');
  const [coupon, setCoupon] = useState<string | null>(null);
  const [couponError, setCouponError] = useState<string | undefined>(undefined);
  const [applying, setApplying] = useState(false);
  const [session, setSession] = useState<CheckoutSessionFieldsFragment | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const kept = application?.payment_option_id ?? null;
  const firstAvailable = options.find((option) => option.is_available)?.id ?? null;
  const selected =
    chosen ??
    (kept && options.some((option) => option.id === kept && option.is_available)
      ? kept
      : firstAvailable);

  const input = { payment_option_id: selected, coupon_code: coupon };
  const settled = isSettled(application?.payment_info?.status);
  const alreadyPaid = outcome?.kind === 'paid' || settled;
  const preview = useQuery(CheckoutPreviewDocument, {
    variables: { application: applicationId, input },
    skip: !application || selected === null || alreadyPaid,
  });
  const previewCouponError = fieldErrorsOf(preview.error, ['coupon_code'] as const).coupon_code;

  const [startCheckout, starting] = useMutation(StartCheckoutDocument);
  const [refreshPayment] = useMutation(RefreshPaymentDocument);

  const succeeded = useCallback(
    (payment: CheckoutPaymentInfoFieldsFragment) => {
      setOutcome({ kind: 'paid', payment });
      setSession(null);
      void checkout.refetch();
      onPaid?.();
    },
    [checkout, onPaid],
  );

  /** Asks the server (which asks the processor) until the payment settled, a few times. */
  const settle = useCallback(async () => {
    try {
      for (let attempt = 0; attempt < REFRESH_TRIES; attempt += 1) {
        if (attempt > 0) await wait(REFRESH_DELAY_MS);
        const { data } = await refreshPayment({ variables: { application: applicationId } });
        const refreshed = data?.refreshPayment;
        if (!refreshed) continue;
        const { payment } = refreshed;
        if (payment.status === 'SUCCEEDED') {
          succeeded(payment);
          return;
        }
        if (payment.status === 'REQUIRES_METHOD' || payment.status === 'FAILED') {
          setSession(refreshed);
          const key = declineKeyOf({ code: payment.last_error_code });
          setOutcome({
            kind: 'declined',
            message: key
              ? t(`applications.checkout.decline.${key}`)
              : (payment.last_error ?? t('applications.checkout.decline.fallback')),
          });
          return;
        }
      }
      setOutcome({ kind: 'pending' });
    } catch (error) {
      setOutcome({
        kind: 'error',
        message: isProcessorUnavailable(error)
          ? t('applications.checkout.errors.unavailable')
          : describeGraphQLError(error, (key) => t(key, { ns: 'common' })),
        unavailable: isProcessorUnavailable(error),
      });
    }
  }, [applicationId, refreshPayment, succeeded, t]);

  // Back from the processor's authentication page: how did it end?
  const returned = useRef(false);
  useEffect(() => {
    if (returned.current || !isPaymentReturn(searchParams.toString())) return;
    returned.current = true;
    setConfirming(true);
    void settle().finally(() => {
      setConfirming(false);
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of [
            'payment',
            'payment_intent',
            'payment_intent_client_secret',
            'redirect_status',
          ]) {
            next.delete(name);
          }
          return next;
        },
        { replace: true },
      );
    });
  }, [searchParams, setSearchParams, settle]);

  const applyCoupon = async () => {
    const code = couponDraft.trim();
    setApplying(true);
    setCouponError(undefined);
    try {
      await client.query({
        query: CheckoutPreviewDocument,
        variables: { application: applicationId, input: { ...input, coupon_code: code } },
        fetchPolicy: 'network-only',
      });
      setCoupon(code);
      setSession(null);
    } catch (error) {
      const message = fieldErrorsOf(error, ['coupon_code'] as const).coupon_code;
      setCouponError(message ?? describeGraphQLError(error, (key) => t(key, { ns: 'common' })));
    } finally {
      setApplying(false);
    }
  };

  const pay = async () => {
    setOutcome(null);
    try {
      const { data } = await startCheckout({
        variables: { application: applicationId, input },
      });
      const started = data?.startCheckout;
      if (!started) return;
      if (started.payment.status === 'SUCCEEDED') {
        succeeded(started.payment);
        return;
      }
      setSession(started);
    } catch (error) {
      const onCoupon = fieldErrorsOf(error, ['coupon_code'] as const).coupon_code;
      if (onCoupon) {
        setCouponError(onCoupon);
        return;
      }
      const unavailable = isProcessorUnavailable(error);
      setOutcome({
        kind: 'error',
        unavailable,
        message: unavailable
          ? t('applications.checkout.errors.unavailable')
          : describeGraphQLError(error, (key) => t(key, { ns: 'common' })),
      });
    }
  };

  const confirm = async (cardNumber: string) => {
    const secret = session?.client_secret;
    if (!secret) return;
    setConfirming(true);
    setOutcome(null);
    try {
      const answer = await confirmIntent(secret, cardNumber, fetcher);
      if (answer.status === 'succeeded') {
        await settle();
      } else if (answer.status === 'requires_action' && answer.next_action_url) {
        redirect(authenticationUrlOf(answer.next_action_url, window.location.href));
        return;
      } else if (answer.last_payment_error) {
        const key = declineKeyOf(answer.last_payment_error);
        setOutcome({
          kind: 'declined',
          message: key
            ? t(`applications.checkout.decline.${key}`)
            : answer.last_payment_error.message || t('applications.checkout.decline.fallback'),
        });
      } else {
        await settle();
      }
    } catch (error) {
      const unavailable =
        error instanceof ConfirmError && (error.status === 0 || error.status >= 500);
      setOutcome({
        kind: 'error',
        unavailable,
        message:
          unavailable || !(error instanceof ConfirmError) || error.message === ''
            ? t('applications.checkout.errors.unavailable')
            : error.message,
      });
    } finally {
      setConfirming(false);
    }
  };

  /** Stripe Elements confirmed (or refused) the card; 3-D Secure ran in Stripe's own dialog. */
  const confirmWithStripe = async (run: () => Promise<PaymentIntentResult>) => {
    setConfirming(true);
    setOutcome(null);
    try {
      const answer = stripeOutcomeOf(await run());
      if (answer.kind === 'settle') {
        await settle();
      } else if (answer.kind === 'declined') {
        setOutcome({
          kind: 'declined',
          message: answer.key
            ? t(`applications.checkout.decline.${answer.key}`)
            : (answer.message ?? t('applications.checkout.decline.fallback')),
        });
      } else if (answer.kind === 'error') {
        setOutcome({
          kind: 'error',
          unavailable: answer.unavailable,
          message: answer.message ?? t('applications.checkout.errors.unavailable'),
        });
      }
    } catch {
      setOutcome({
        kind: 'error',
        unavailable: true,
        message: t('applications.checkout.errors.unavailable'),
      });
    } finally {
      setConfirming(false);
    }
  };

  const paidPayment =
    outcome?.kind === 'paid'
      ? outcome.payment
      : settled
        ? (application?.payment_info ?? null)
        : null;

  let body;
  if (paidPayment) {
    body = <PaidSummary payment={paidPayment} />;
  } else if (!application && checkout.error) {
    body = <LoadError error={checkout.error} onRetry={() => void checkout.refetch()} />;
  } else if (!application) {
    body = (
      <Box
        role="status"
        aria-label={t('applications.checkout.loading')}
        sx={{ display: 'grid', gap: 1 }}
      >
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="text" width="60%" />
      </Box>
    );
  } else if (options.length === 0) {
    body = <Alert severity="info">{t('applications.checkout.empty')}</Alert>;
  } else {
    const provider = session?.provider?.toUpperCase() ?? checkout.data?.paymentsConfig.provider;
    const stripeSecret = provider === 'STRIPE' ? (session?.client_secret ?? null) : null;
    // A Stripe attempt that ended without a secret (failed) starts again from the Pay button.
    const awaitingCard = session !== null && (provider !== 'STRIPE' || stripeSecret !== null);
    const total = preview.data?.checkoutPreview.total;
    const locked = starting.loading || confirming || awaitingCard;
    body = (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <TierPicker
          options={options}
          selected={selected}
          onSelect={(id) => {
            setChosen(id);
            setSession(null);
          }}
          timeZone={application.opportunity.time_zone}
          disabled={starting.loading || confirming}
        />
        {selected === null ? (
          <Alert severity="warning">{t('applications.checkout.noneAvailable')}</Alert>
        ) : (
          <>
            <CouponField
              value={couponDraft}
              onChange={(value) => {
                setCouponDraft(value);
                setCouponError(undefined);
              }}
              onApply={() => void applyCoupon()}
              onRemove={() => {
                setCoupon(null);
                setCouponDraft('');
                setCouponError(undefined);
                setSession(null);
              }}
              applied={coupon}
              error={couponError ?? previewCouponError}
              busy={applying}
              disabled={starting.loading || confirming}
            />
            {preview.data ? (
              <CheckoutBreakdown preview={preview.data.checkoutPreview} />
            ) : preview.error && !previewCouponError ? (
              <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
            ) : preview.loading ? (
              <Box role="status" aria-label={t('applications.checkout.previewLoading')}>
                <Skeleton variant="rounded" height={120} />
              </Box>
            ) : null}
            {application.opportunity.answer_by_date ? (
              <AnswerByPromise
                date={application.opportunity.answer_by_date}
                timeZone={application.opportunity.time_zone}
              />
            ) : null}
            {session && stripeSecret ? (
              <StripeCheckout
                publishableKey={checkout.data?.paymentsConfig.publishable_key ?? null}
                clientSecret={stripeSecret}
                amount={formatMoney(session.payment.amount, session.payment.currency)}
                busy={confirming}
                onConfirm={(run) => void confirmWithStripe(run)}
              />
            ) : session && provider !== 'STRIPE' ? (
              <CardForm
                amount={formatMoney(session.payment.amount, session.payment.currency)}
                busy={confirming}
                onPay={(cardNumber) => void confirm(cardNumber)}
              />
            ) : (
              <Box>
                <Button
                  variant="contained"
                  onClick={() => void pay()}
                  loading={starting.loading}
                  disabled={locked || !preview.data}
                >
                  {total && total.amount === 0
                    ? t('applications.checkout.confirmFree')
                    : total
                      ? t('applications.checkout.pay', {
                          amount: formatMoney(total.amount, total.currency),
                        })
                      : t('applications.checkout.payPlain')}
                </Button>
              </Box>
            )}
          </>
        )}
      </Box>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id={titleId} variant="h6" component="h2">
        {t('applications.checkout.title')}
      </Typography>
      {body}
      <Box role="status" aria-live="polite" aria-atomic="true">
        {confirming && !outcome ? (
          <Typography variant="body2">{t('applications.checkout.confirming')}</Typography>
        ) : outcome?.kind === 'paid' ? (
          <Typography sx={{ fontWeight: 600 }}>
            {t('applications.checkout.outcome.paid')}{' '}
            {outcome.payment.receipt ? (
              <Link href={outcome.payment.receipt}>{t('applications.checkout.paid.receipt')}</Link>
            ) : null}
          </Typography>
        ) : outcome?.kind === 'declined' ? (
          <Alert severity="error">
            {outcome.message} {t('applications.checkout.outcome.retry')}
          </Alert>
        ) : outcome?.kind === 'pending' ? (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={() => void settle()}>
                {t('applications.checkout.outcome.check')}
              </Button>
            }
          >
            {t('applications.checkout.outcome.pending')}
          </Alert>
        ) : outcome?.kind === 'error' ? (
          <Alert
            severity="error"
            sx={{ whiteSpace: 'pre-line' }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setOutcome(null);
                  if (!session) void pay();
                }}
              >
                {t('applications.checkout.outcome.tryAgain')}
              </Button>
            }
          >
            {outcome.message}
          </Alert>
        ) : null}
      </Box>
    </Paper>
  );
}
