import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OpportunityRevenueDocument, type OpportunityRevenueQuery } from '../../../gql/graphql';
import { formatDate, formatNumber } from '../../../lib/format';
import { Section } from '../public/Section';
import { RevenueChart } from './RevenueChart';

type Revenue = OpportunityRevenueQuery['opportunityRevenue'];

function Card({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="h5"
        sx={{ m: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
      {note ? (
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** When held money reaches the organisation's balance: the event's end plus the hold. */
function PendingNote({ revenue }: { revenue: Revenue }) {
  const { t } = useTranslation('pages');
  if (revenue.pending.amount === 0) return null;
  if (!revenue.release_at) return <>{t('opportunities.payments.revenue.pendingNoDate')}</>;
  return (
    <>
      {t('opportunities.payments.revenue.pendingUntil', { date: formatDate(revenue.release_at) })}
    </>
  );
}

/** The five figures of the opportunity's takings. */
export function RevenueCards({ revenue }: { revenue: Revenue }) {
  const { t } = useTranslation('pages');
  const label = (key: string) => t(`opportunities.payments.revenue.${key}`);
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      <Card label={label('applications')} value={formatNumber(revenue.total_applications)} />
      <Card label={label('collected')} value={revenue.collected.formatted} />
      <Card
        label={label('available')}
        value={revenue.available.formatted}
        note={label('availableNote')}
      />
      <Card
        label={label('pending')}
        value={revenue.pending.formatted}
        note={<PendingNote revenue={revenue} />}
      />
      <Card label={label('refunded')} value={revenue.refunded.formatted} />
    </Box>
  );
}

/** The opportunity's takings: the figures, then money in and out day by day. */
export function RevenueSection({ slug }: { slug: string }) {
  const { t } = useTranslation('pages');
  const query = useQuery(OpportunityRevenueDocument, {
    variables: { slug },
    fetchPolicy: 'cache-and-network',
  });
  const revenue = query.data?.opportunityRevenue;

  let body: ReactNode;
  if (query.error && !revenue) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!revenue) {
    body = <LoadingBlock label={t('opportunities.payments.revenue.loading')} />;
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <RevenueCards revenue={revenue} />
        <RevenueChart
          timeline={revenue.timeline}
          currency={revenue.collected.currency}
          decimalDigits={revenue.collected.decimal_digits}
        />
      </Box>
    );
  }
  return <Section title={t('opportunities.payments.revenue.title')}>{body}</Section>;
}
