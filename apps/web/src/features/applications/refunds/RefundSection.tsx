import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ApplicationRefundDocument,
  CancelRefundRequestDocument,
  type RefundRequestFieldsFragment,
} from '../../../gql/graphql';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';
import { PageSection } from '../components/PageSection';
import { RefundList } from './RefundList';
import { RefundRequestForm } from './RefundRequestForm';
import { RefundStatusChip, RefundTimeline } from './RefundTimeline';

/** Taking a request back is asked for twice: once gone, a new one starts from the beginning. */
function CancelRequest({ requestId }: { requestId: string }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const titleId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  const [cancel, { loading, error, reset }] = useMutation(CancelRefundRequestDocument);

  const close = () => {
    if (loading) return;
    setOpen(false);
    reset();
  };
  const confirm = async () => {
    try {
      await cancel({ variables: { id: requestId } });
    } catch {
      return; // Shown in the dialog.
    }
    setOpen(false);
    snackbar.success(t('applications.refund.cancel.done'));
  };

  return (
    <>
      <Button
        variant="outlined"
        color="error"
        onClick={() => setOpen(true)}
        sx={{ justifySelf: 'start' }}
      >
        {t('applications.refund.cancel.button')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
      >
        <DialogTitle id={titleId}>{t('applications.refund.cancel.title')}</DialogTitle>
        <DialogContent>
          <FormError error={error} />
          <DialogContentText id={textId}>{t('applications.refund.cancel.text')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={loading}>
            {t('applications.refund.cancel.keep')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void confirm()}
            loading={loading}
          >
            {t('applications.refund.cancel.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The latest request: where it stands, how it got there, what the team said, and the way back. */
function RequestBlock({ request }: { request: RefundRequestFieldsFragment }) {
  const { t } = useTranslation('pages');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('applications.refund.request.title')}
        </Typography>
        <RefundStatusChip status={request.status} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('applications.refund.request.asked', {
          amount: request.amount.formatted,
          date: formatDateTime(request.created_at),
        })}
        {' · '}
        {t(`applications.refund.reasons.${request.reason}`)}
      </Typography>
      {request.message ? (
        <Typography
          component="blockquote"
          sx={{
            m: 0,
            pl: 2,
            borderInlineStart: '3px solid',
            borderColor: 'divider',
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
          }}
        >
          {request.message}
        </Typography>
      ) : null}
      <RefundTimeline request={request} />
      {request.decision_note ? (
        <Alert
          severity={request.status === 'DECLINED' ? 'warning' : 'info'}
          sx={{ whiteSpace: 'pre-line' }}
        >
          {t('applications.refund.request.note', { note: request.decision_note })}
        </Alert>
      ) : null}
      {request.status === 'FAILED' ? (
        <Alert severity="error">
          {t('applications.refund.request.failed', {
            reason: request.failure_reason ?? t('applications.refund.failedFallback'),
          })}
        </Alert>
      ) : null}
      {request.can_cancel ? <CancelRequest requestId={request.id} /> : null}
    </Box>
  );
}

/**
 * The applicant's fee after paying by card on /application/{id}: that Encore holds it until after
 * the event, what was given back, the latest refund request, and asking for one.
 */
export function RefundSection({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [asking, setAsking] = useState(false);
  const query = useQuery(ApplicationRefundDocument, {
    variables: { id: applicationId },
    fetchPolicy: 'cache-and-network',
  });
  const application = query.data?.viewApplication;

  if (!application) {
    return (
      <PageSection title={t('applications.refund.title')}>
        {query.error ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingBlock label={t('applications.refund.loading')} />
        )}
      </PageSection>
    );
  }

  const payment = application.payment_info;
  const request = application.refund_request;
  // Only a card payment is held; before the event has a date, it is held until after it anyway.
  const held =
    payment?.status === 'SUCCEEDED' &&
    payment.method === 'INTERNAL_PAYMENT' &&
    payment.refundable.amount > 0
      ? { until: payment.held_until }
      : null;
  const refunded = payment && payment.refunded.amount > 0 ? payment : null;
  const nothingToSay =
    !held &&
    !refunded &&
    (payment?.refunds.length ?? 0) === 0 &&
    !request &&
    !application.can_request_refund;
  if (nothingToSay) return null;

  return (
    <PageSection title={t('applications.refund.title')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {held ? (
          <Typography>
            {held.until
              ? t('applications.refund.heldUntil', { date: formatDate(held.until) })
              : t('applications.refund.heldUntilEvent')}
          </Typography>
        ) : null}
        {refunded ? (
          <Typography sx={{ fontWeight: 600 }}>
            {t('applications.refund.totalRefunded', {
              refunded: refunded.refunded.formatted,
              total: refunded.total.formatted,
            })}
          </Typography>
        ) : null}
        {payment ? <RefundList refunds={payment.refunds} /> : null}
        {request ? <RequestBlock request={request} /> : null}
        {application.can_request_refund && payment ? (
          <>
            <Box>
              <Button variant="outlined" onClick={() => setAsking(true)}>
                {t('applications.refund.ask')}
              </Button>
            </Box>
            <RefundRequestForm
              applicationId={application.id}
              refundable={payment.refundable.formatted}
              open={asking}
              onClose={() => setAsking(false)}
              onSent={() => {
                setAsking(false);
                snackbar.success(t('applications.refund.form.sent'));
              }}
            />
          </>
        ) : null}
      </Box>
    </PageSection>
  );
}
