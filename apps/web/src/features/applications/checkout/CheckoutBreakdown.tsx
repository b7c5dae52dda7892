import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CheckoutMoneyFieldsFragment, CheckoutPreviewQuery } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';

type Preview = CheckoutPreviewQuery['checkoutPreview'];

const money = (value: CheckoutMoneyFieldsFragment) => formatMoney(value.amount, value.currency);

function Row({ term, value, strong }: { term: string; value: string; strong?: boolean }) {
  // The total is set off by a rule above it (a <dl> holds only <dt> and <dd>).
  const rule = strong ? { borderTop: 1, borderColor: 'divider', pt: 0.75 } : {};
  return (
    <>
      <Typography
        component="dt"
        sx={{ ...rule, ...(strong ? { fontWeight: 700 } : { color: 'text.secondary' }) }}
      >
        {term}
      </Typography>
      <Typography
        component="dd"
        sx={{
          ...rule,
          textAlign: 'end',
          fontWeight: strong ? 700 : 400,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value}
      </Typography>
    </>
  );
}

/** What paying comes to: price, discount, total, and how it divides; slots and applicants. */
export function CheckoutBreakdown({ preview }: { preview: Preview }) {
  const { t } = useTranslation('pages');
  const hasDiscount = preview.discount.amount > 0;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        component="dl"
        aria-label={t('applications.checkout.breakdown.label')}
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) max-content',
          columnGap: 2,
          rowGap: 0.75,
          '& dd': { m: 0 },
        }}
      >
        <Row
          term={t('applications.checkout.breakdown.price', { title: preview.payment_option.title })}
          value={money(preview.price)}
        />
        {hasDiscount ? (
          <Row
            term={
              preview.coupon
                ? t('applications.checkout.breakdown.discountCode', {
                    percent: preview.discount_percent,
                    code: preview.coupon,
                  })
                : t('applications.checkout.breakdown.discount', {
                    percent: preview.discount_percent,
                  })
            }
            value={`−${money(preview.discount)}`}
          />
        ) : null}
        <Row
          term={t('applications.checkout.breakdown.total')}
          value={money(preview.total)}
          strong
        />
        <Row
          term={t('applications.checkout.breakdown.organisation')}
          value={money(preview.organisation_receives)}
        />
        <Row
          term={t('applications.checkout.breakdown.platformFee')}
          value={money(preview.platform_fee)}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {[
          preview.slots_left !== null
            ? t('applications.checkout.breakdown.slotsLeft', { count: preview.slots_left })
            : null,
          t('applications.checkout.breakdown.applied', { count: preview.applied_count }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('applications.checkout.refundPolicy')}
      </Typography>
    </Box>
  );
}
