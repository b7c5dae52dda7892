import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { ApplicantExternalPaymentDocument } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { isAwaitingPayment } from '../application-state';
import { ExternalPaymentLink } from '../components/ExternalPaymentLink';
import { PageSection } from '../components/PageSection';

/**
 * The applicant's payment on an opportunity paid on the organisation's own site (PAID_EXTERNAL):
 * while it is due, the way there and what happens next (the organiser confirms receipt); once the
 * organiser recorded it, when, and the receipt. Nothing for other opportunities or other stages.
 */
export function ExternalPaymentPanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('pages');
  const query = useQuery(ApplicantExternalPaymentDocument, {
    variables: { id: applicationId },
    fetchPolicy: 'cache-and-network',
  });
  const application = query.data?.viewApplication;
  const title = t('applications.externalPayment.title');

  if (!application) {
    return (
      <PageSection title={title}>
        {query.error ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingBlock label={t('applications.externalPayment.loading')} />
        )}
      </PageSection>
    );
  }
  if (application.opportunity.payment_type !== 'PAID_EXTERNAL') return null;

  const payment = application.payment_info;
  if (payment?.status === 'SUCCEEDED') {
    return (
      <PageSection title={title}>
        <Alert severity="success" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {payment.is_external
              ? t('applications.externalPayment.recorded')
              : t('applications.externalPayment.paid')}
          </Typography>
          {payment.paid_at ? (
            <Typography component="p" variant="body2">
              {t('applications.externalPayment.recordedAt', {
                date: formatDateTime(payment.paid_at),
              })}
            </Typography>
          ) : null}
          {payment.receipt ? (
            <Link
              component={RouterLink}
              to={payment.receipt}
              sx={{ display: 'inline-block', mt: 1 }}
            >
              {payment.receipt_number !== null
                ? t('applications.externalPayment.receiptNumber', {
                    number: payment.receipt_number,
                  })
                : t('applications.externalPayment.receipt')}
            </Link>
          ) : null}
        </Alert>
      </PageSection>
    );
  }

  if (!isAwaitingPayment(application)) return null;
  const url = application.opportunity.external_payment_url;
  const organisation = application.opportunity.organisation.name;
  return (
    <PageSection title={title}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography>{t('applications.externalPayment.explain', { organisation })}</Typography>
        {url ? (
          <Box>
            <ExternalPaymentLink url={url} />
          </Box>
        ) : (
          <Alert severity="warning">{t('applications.externalPayment.noLink')}</Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('applications.externalPayment.confirmNext', { organisation })}
        </Typography>
      </Box>
    </PageSection>
  );
}
