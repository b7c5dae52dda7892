import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Logo } from '../../../app/shell/Logo';
import { useDocumentTitle } from '../../../app/shell/useDocumentTitle';
import { ApplicationReceiptDocument, type ApplicationReceiptQuery } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { describeGraphQLError } from '../../../lib/graphql-errors';

type Receipt = ApplicationReceiptQuery['applicationReceipt'];

const isNotFound = (error: unknown) =>
  CombinedGraphQLErrors.is(error) &&
  error.errors.some((item) => item.extensions?.code === 'NOT_FOUND');

/** The status line's words: a refund that failed leaves the payment as paid. */
function receiptStatusKey(status: string): 'SUCCEEDED' | 'REFUNDED' | 'other' {
  if (status === 'SUCCEEDED' || status === 'REFUND_FAIL') return 'SUCCEEDED';
  if (status === 'REFUNDED') return 'REFUNDED';
  return 'other';
}

/**
 * /receipt/{token}: a paid application's receipt. The token in the address is the secret, so the
 * link opens for whoever holds it, signed in or not; it prints, and downloads as a PDF.
 */
export function ReceiptPage() {
  const { t } = useTranslation('pages');
  const { t: tCommon } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id');
  const { data, loading, error } = useQuery(ApplicationReceiptDocument, {
    variables: { receipt_url: token, payment_id: paymentId },
    context: { skipAuth: true },
    skip: !token,
  });
  const receipt = data?.applicationReceipt;
  useDocumentTitle(
    receipt ? t('receipt.titleNumber', { number: receipt.number }) : t('receipt.title'),
  );

  let body: ReactNode;
  if (receipt) body = <ReceiptDetails receipt={receipt} />;
  else if (loading) {
    body = (
      <Box role="status" aria-label={t('receipt.loading')}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={32} />
        ))}
      </Box>
    );
  } else if (!token || isNotFound(error)) {
    body = (
      <Alert severity="warning" role="alert">
        <AlertTitle>{t('receipt.notFound.title')}</AlertTitle>
        {t('receipt.notFound.body')}
      </Alert>
    );
  } else {
    body = (
      <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
        <AlertTitle>{t('receipt.failed')}</AlertTitle>
        {describeGraphQLError(error, (key) => tCommon(key))}
      </Alert>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2.5, sm: 5 }, '@media print': { border: 'none', p: 0 } }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <Logo width={72} height={48} />
        </Box>
        <Typography
          variant="h4"
          component="h1"
          align="center"
          gutterBottom
          sx={{ overflowWrap: 'anywhere' }}
        >
          {receipt ? t('receipt.titleNumber', { number: receipt.number }) : t('receipt.title')}
        </Typography>
        {body}
      </Paper>
    </Container>
  );
}

function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('pages');
  const rows: [string, ReactNode][] = [
    [t('receipt.fields.date'), formatDateTime(receipt.paid_at)],
    [t('receipt.fields.organisation'), receipt.organisation_name],
    [t('receipt.fields.opportunity'), receipt.opportunity_title],
    [t('receipt.fields.application'), receipt.application_code],
    [
      t('receipt.fields.applicant'),
      <>
        {receipt.applicant_name}
        <br />
        <bdi>{receipt.applicant_email}</bdi>
      </>,
    ],
    ...(receipt.tier_title
      ? [[t('receipt.fields.tier'), receipt.tier_title] as [string, ReactNode]]
      : []),
    ...(receipt.coupon_code
      ? [
          [
            t('receipt.fields.coupon'),
            t('receipt.couponValue', {
              code: receipt.coupon_code,
              percent: receipt.discount_percent,
            }),
          ] as [string, ReactNode],
        ]
      : []),
    [t('receipt.fields.price'), receipt.price.formatted],
    [t('receipt.fields.discount'), receipt.discount.formatted],
    [t('receipt.fields.platformFee'), receipt.platform_fee.formatted],
    [t('receipt.fields.method'), t(`receipt.methods.${receipt.method}`)],
    [t('receipt.fields.status'), t(`receipt.statuses.${receiptStatusKey(receipt.status)}`)],
  ];
  return (
    <>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1 },
          '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 2 }} />
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}
      >
        <Typography component="p" variant="h6">
          {t('receipt.fields.total')}
        </Typography>
        <Typography component="p" variant="h6" data-testid="receipt-total">
          {receipt.total.formatted}
        </Typography>
      </Stack>
      {receipt.refunds.length > 0 && <ReceiptRefunds receipt={receipt} />}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('receipt.footer', { organisation: receipt.organisation_name })}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 3, '@media print': { display: 'none' } }}
      >
        <Button variant="contained" onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
        <Button variant="outlined" href={receipt.pdf_url} download>
          {t('receipt.download')}
        </Button>
      </Stack>
    </>
  );
}

/** Each refund on its own line, then what the payment comes to after them. */
function ReceiptRefunds({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('pages');
  return (
    <Box sx={{ mt: 1 }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {receipt.refunds.map((refund, index) => (
          <Typography
            key={`${refund.refunded_at}-${index}`}
            component="li"
            variant="body1"
            data-testid="receipt-refund"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {t('receipt.refundLine', {
              amount: refund.amount.formatted,
              date: formatDateTime(refund.refunded_at),
            })}
          </Typography>
        ))}
      </Box>
      <Typography component="p" variant="h6" data-testid="receipt-kept" sx={{ mt: 1 }}>
        {t('receipt.kept', { amount: receipt.kept.formatted })}
      </Typography>
    </Box>
  );
}
