import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CheckoutPaymentInfoFieldsFragment } from '../../../gql/graphql';
import { formatDateTime, formatMoney } from '../../../lib/format';

/** The application is paid (and perhaps refunded since): what, with which coupon, and the receipt. */
export function PaidSummary({ payment }: { payment: CheckoutPaymentInfoFieldsFragment }) {
  const { t } = useTranslation('pages');
  // Given back in full since: still paid once, as the receipt says.
  const refunded = payment.status === 'REFUNDED';
  return (
    <Alert
      severity={refunded ? 'info' : 'success'}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography sx={{ fontWeight: 600 }}>
        {refunded
          ? t('applications.checkout.paid.refundedTitle')
          : t('applications.checkout.paid.title')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1,
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {payment.payment_option ? (
          <>
            <dt>{t('applications.checkout.paid.option')}</dt>
            <dd>{payment.payment_option}</dd>
          </>
        ) : null}
        <dt>{t('applications.checkout.paid.amount')}</dt>
        <dd>
          {payment.method === 'FREE_COUPON'
            ? t('applications.checkout.paid.free')
            : formatMoney(payment.amount, payment.currency)}
        </dd>
        {payment.coupon ? (
          <>
            <dt>{t('applications.checkout.paid.coupon')}</dt>
            <dd>
              {t('applications.checkout.paid.couponValue', {
                code: payment.coupon,
                percent: payment.discount_percent,
              })}
            </dd>
          </>
        ) : null}
        {payment.paid_at ? (
          <>
            <dt>{t('applications.checkout.paid.date')}</dt>
            <dd>{formatDateTime(payment.paid_at)}</dd>
          </>
        ) : null}
      </Box>
      {payment.receipt ? (
        <Link href={payment.receipt} sx={{ display: 'inline-block', mt: 1 }}>
          {payment.receipt_number !== null
            ? t('applications.checkout.paid.receiptNumber', { number: payment.receipt_number })
            : t('applications.checkout.paid.receipt')}
        </Link>
      ) : null}
      {refunded ? null : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('applications.checkout.refundPolicy')}
        </Typography>
      )}
    </Alert>
  );
}
