import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ApplicationPaymentCardDocument,
  RecordExternalPaymentDocument,
  type PaymentRecordFieldsFragment,
} from '../../../gql/graphql';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { declineKeyOf } from '../checkout/checkout-logic';
import { PageSection } from '../components/PageSection';
import { canRecordExternalPayment, paymentStageOf, type PaymentStage } from './payment-state';

const SEVERITY: Record<PaymentStage, 'info' | 'success' | 'warning' | 'error'> = {
  awaiting: 'info',
  paying: 'info',
  declined: 'warning',
  paid: 'success',
  canceled: 'warning',
  refunded: 'info',
  refund_failed: 'error',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/** The refusal in the team's words: a known decline code, else the processor's own message. */
function useDeclineReason(payment: PaymentRecordFieldsFragment | null | undefined): string {
  const { t } = useTranslation('pages');
  const key = declineKeyOf({ code: payment?.last_error_code });
  if (key) return t(`applications.paymentCard.decline.${key}`);
  return payment?.last_error ?? t('applications.paymentCard.decline.fallback');
}

/** Why recording failed: not theirs to record (or gone), no longer due, or the general text. */
function recordErrorText(error: unknown, t: (key: string) => string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const codes = error.errors.map((item) => item.extensions?.code);
    const categories = error.errors.map((item) => item.extensions?.category);
    if (codes.includes('NOT_FOUND') || categories.includes('not-found')) {
      return t('applications.paymentCard.record.notFound');
    }
    if (codes.includes('CONFLICT')) return t('applications.paymentCard.record.notDue');
  }
  return describeGraphQLError(error, t);
}

interface RecordButtonProps {
  applicationId: string;
  onRecorded: () => Promise<unknown>;
}

/** Recording a payment taken on the organisation's own site: asked for twice, as it sends the application. */
function RecordPaymentButton({ applicationId, onRecorded }: RecordButtonProps) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const textId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [record, { loading, error, reset }] = useMutation(RecordExternalPaymentDocument);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const close = () => {
    if (loading) return;
    setOpen(false);
    reset();
  };
  const confirm = async () => {
    try {
      await record({ variables: { application: applicationId } });
    } catch {
      return; // Shown in the dialog.
    }
    setOpen(false);
    snackbar.success(t('applications.paymentCard.record.done'));
    await onRecorded();
  };

  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)} sx={{ justifySelf: 'start' }}>
        {t('applications.paymentCard.record.button')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
      >
        <DialogTitle id={titleId}>{t('applications.paymentCard.record.title')}</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert
              ref={errorRef}
              severity="error"
              tabIndex={-1}
              sx={{ mb: 2, whiteSpace: 'pre-line' }}
            >
              {recordErrorText(error, (key) =>
                key.startsWith('applications.') ? t(key) : tc(key),
              )}
            </Alert>
          ) : null}
          <DialogContentText id={textId}>
            {t('applications.paymentCard.record.text')}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={loading}>
            {t('applications.paymentCard.record.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={loading}>
            {t('applications.paymentCard.record.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

interface PaymentCardProps {
  applicationId: string;
  /** After a payment was recorded, so the page brings the application's status up to date. */
  onRecorded?: () => void;
}

/**
 * The team's view of an application's payment on /application/{id}/review: where it stands, the
 * tier, coupon, total, the platform's fee and the receipt; on an opportunity paid on the
 * organisation's own site, recording the payment once received (for whoever manages payments).
 * Nothing on a free opportunity.
 */
export function PaymentCard({ applicationId, onRecorded }: PaymentCardProps) {
  const { t } = useTranslation('pages');
  const query = useQuery(ApplicationPaymentCardDocument, {
    variables: { id: applicationId },
    fetchPolicy: 'cache-and-network',
  });
  const application = query.data?.viewApplication;
  const payment = application?.payment_info ?? null;
  const declineReason = useDeclineReason(payment);

  if (application && application.opportunity.payment_type === 'FREE' && !payment) return null;

  let body: ReactNode;
  if (application) {
    const stage = paymentStageOf(application);
    const status = payment?.status ?? application.payment_status;
    const external = application.opportunity.payment_type === 'PAID_EXTERNAL';
    const tier = payment?.payment_option ?? application.payment?.title ?? null;
    const canRecord = canRecordExternalPayment(application);
    let sentence: string;
    if (stage === 'awaiting') {
      sentence = t(
        external
          ? 'applications.paymentCard.stage.awaitingExternal'
          : 'applications.paymentCard.stage.awaiting',
      );
    } else if (stage === 'declined') {
      sentence = t('applications.paymentCard.stage.declined', { reason: declineReason });
    } else if (stage === 'paid' && payment?.is_external) {
      sentence = t('applications.paymentCard.stage.paidExternal');
    } else if (stage) {
      sentence = t(`applications.paymentCard.stage.${stage}`);
    } else {
      sentence = t('applications.paymentCard.stage.none');
    }
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity={stage ? SEVERITY[stage] : 'info'} sx={{ whiteSpace: 'pre-line' }}>
          {status ? (
            <Typography component="p" sx={{ fontWeight: 600 }}>
              {t(`applications.review.payment.${status}`)}
            </Typography>
          ) : null}
          <Typography component="p" variant="body2">
            {sentence}
          </Typography>
        </Alert>
        {payment || tier ? (
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 1,
              alignItems: 'baseline',
            }}
          >
            {tier ? <Fact label={t('applications.paymentCard.tier')}>{tier}</Fact> : null}
            {payment ? (
              <>
                <Fact label={t('applications.paymentCard.method')}>
                  {t(`applications.paymentCard.methods.${payment.method}`)}
                </Fact>
                {payment.discount > 0 || payment.coupon ? (
                  <>
                    <Fact label={t('applications.paymentCard.price')}>
                      {payment.price.formatted}
                    </Fact>
                    <Fact label={t('applications.paymentCard.discount')}>
                      {payment.coupon
                        ? t('applications.paymentCard.discountCoupon', {
                            amount: payment.discount_money.formatted,
                            percent: payment.discount_percent,
                            code: payment.coupon,
                          })
                        : t('applications.paymentCard.discountPlain', {
                            amount: payment.discount_money.formatted,
                            percent: payment.discount_percent,
                          })}
                    </Fact>
                  </>
                ) : null}
                <Fact label={t('applications.paymentCard.total')}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {payment.total.formatted}
                  </Typography>
                </Fact>
                <Fact label={t('applications.paymentCard.fee')}>
                  {formatMoney(payment.fee, payment.currency)}
                </Fact>
                {payment.paid_at ? (
                  <Fact label={t('applications.paymentCard.paidAt')}>
                    {formatDateTime(payment.paid_at)}
                  </Fact>
                ) : null}
                {payment.receipt ? (
                  <Fact label={t('applications.paymentCard.receipt')}>
                    <Link component={RouterLink} to={payment.receipt}>
                      {payment.receipt_number !== null
                        ? t('applications.paymentCard.receiptNumber', {
                            number: payment.receipt_number,
                          })
                        : t('applications.paymentCard.receiptLink')}
                    </Link>
                  </Fact>
                ) : null}
              </>
            ) : null}
          </Box>
        ) : null}
        {canRecord ? (
          <RecordPaymentButton
            applicationId={application.id}
            onRecorded={async () => {
              await query.refetch();
              onRecorded?.();
            }}
          />
        ) : null}
      </Box>
    );
  } else if (query.error) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <LoadingBlock label={t('applications.paymentCard.loading')} />;
  }

  return <PageSection title={t('applications.paymentCard.title')}>{body}</PageSection>;
}
