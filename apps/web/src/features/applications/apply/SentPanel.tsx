import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type {
  ApplicationStatus,
  PaymentOptionFieldsFragment,
  PaymentStatus,
} from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { isAwaitingPayment } from '../application-state';
import { ApplicationStatusChip, AwaitingPaymentChip } from '../components/ApplicationStatusChip';
import { ExternalPaymentLink } from '../components/ExternalPaymentLink';

interface SentPanelProps {
  application: {
    id: string;
    code: string;
    status: ApplicationStatus;
    payment_status: PaymentStatus | null;
  };
  /** Sent just now from this page (a confirmation), rather than found sent before. */
  fresh: boolean;
  /** The price chosen on this page, when it is known. */
  paymentOption: PaymentOptionFieldsFragment | null;
  /** Where an opportunity paid on the organiser's own site is paid. */
  externalPaymentUrl: string | null;
}

/** The application is on its way (or was already): its code, where it stands, and where to see it. */
export function SentPanel({
  application,
  fresh,
  paymentOption,
  externalPaymentUrl,
}: SentPanelProps) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const awaiting = isAwaitingPayment(application);
  useEffect(() => {
    // A confirmation replaces the form: the focus moves to it, so it is read out.
    if (fresh) heading.current?.focus();
  }, [fresh]);

  let title;
  let text;
  if (!fresh) {
    title = t('applications.sent.alreadyTitle');
    text = t('applications.sent.alreadyText');
  } else if (awaiting) {
    title = t('applications.sent.awaitingTitle');
    text = t('applications.sent.awaitingText');
  } else if (application.status === 'ACCEPTED') {
    title = t('applications.sent.acceptedTitle');
    text = t('applications.sent.acceptedText');
  } else {
    title = t('applications.sent.title');
    text = t('applications.sent.submittedText');
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}
    >
      <Typography
        ref={heading}
        id={titleId}
        tabIndex={-1}
        variant="h5"
        component="h2"
        sx={{ outline: 'none' }}
      >
        {title}
      </Typography>
      <Typography>{text}</Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 1,
          alignItems: 'center',
          '& dd': { m: 0 },
        }}
      >
        <Typography component="dt" color="text.secondary">
          {t('applications.sent.code')}
        </Typography>
        <Typography component="dd" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
          {application.code}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('applications.sent.status')}
        </Typography>
        <Box component="dd" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <ApplicationStatusChip status={application.status} />
          {awaiting ? <AwaitingPaymentChip /> : null}
        </Box>
      </Box>
      {awaiting ? (
        <Alert severity="warning">
          {t('applications.payment.awaitingText')}
          {paymentOption ? (
            <Box component="span" sx={{ display: 'block', mt: 0.5, fontWeight: 500 }}>
              {t('applications.payment.option', {
                title: paymentOption.title,
                amount: formatMoney(paymentOption.cost, paymentOption.currency),
              })}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {awaiting && externalPaymentUrl ? <ExternalPaymentLink url={externalPaymentUrl} /> : null}
        <Button component={RouterLink} to={`/application/${application.id}`} variant="contained">
          {awaiting && !externalPaymentUrl
            ? t('applications.checkout.goToPayment')
            : t('applications.sent.view')}
        </Button>
        <Button component={RouterLink} to="/applications">
          {t('applications.sent.list')}
        </Button>
      </Box>
    </Paper>
  );
}
