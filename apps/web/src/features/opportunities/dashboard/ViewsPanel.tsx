import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OpportunityViewCountsDocument } from '../../../gql/graphql';
import { formatDate, formatNumber } from '../../../lib/format';
import { Section } from '../public/Section';
import { lastDays, type DayCount } from './view-days';

/**
 * Views per day as bars. The bars are drawn for the eye only; screen readers get the same
 * figures as a table.
 */
function DailyViews({ days }: { days: readonly DayCount[] }) {
  const { t } = useTranslation('pages');
  const highest = Math.max(1, ...days.map((day) => day.count));
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <Box>
      <Box
        aria-hidden
        sx={{
          display: 'flex',
          alignItems: 'flex-end',
          gap: '2px',
          height: 120,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {days.map((day) => (
          <Box
            key={day.date}
            title={t('opportunities.dashboard.views.bar', {
              date: formatDate(day.date),
              count: day.count,
            })}
            sx={{
              flex: 1,
              height: day.count > 0 ? `${(day.count / highest) * 100}%` : '2px',
              minHeight: 2,
              bgcolor: day.count > 0 ? 'primary.main' : 'action.disabledBackground',
              borderRadius: '2px 2px 0 0',
            }}
          />
        ))}
      </Box>
      {first && last ? (
        <Box aria-hidden sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            {formatDate(first.date)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDate(last.date)}
          </Typography>
        </Box>
      ) : null}
      <Box component="table" sx={visuallyHidden}>
        <caption>{t('opportunities.dashboard.views.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('opportunities.dashboard.views.date')}</th>
            <th scope="col">{t('opportunities.dashboard.views.count')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDate(day.date)}</th>
              <td>{formatNumber(day.count)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Typography variant="h4" component="p">
        {formatNumber(value)}
      </Typography>
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

/** How many people opened the page: in all, and day by day over the last 30 days. */
export function ViewsPanel({ opportunityId }: { opportunityId: string }) {
  const { t } = useTranslation('pages');
  const views = useQuery(OpportunityViewCountsDocument, {
    variables: { id: opportunityId },
    fetchPolicy: 'cache-and-network',
  });
  const counts = views.data?.opportunityViews;

  let body;
  if (views.error) {
    body = <LoadError error={views.error} onRetry={() => void views.refetch()} />;
  } else if (!counts) {
    body = <LoadingBlock />;
  } else {
    const days = lastDays(counts.last_30_days);
    const recent = counts.last_30_days.reduce((sum, day) => sum + day.count, 0);
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <Figure label={t('opportunities.dashboard.views.total')} value={counts.total} />
          <Figure label={t('opportunities.dashboard.views.last30')} value={recent} />
        </Box>
        {counts.total === 0 ? (
          <Typography color="text.secondary">{t('opportunities.dashboard.views.none')}</Typography>
        ) : (
          <DailyViews days={days} />
        )}
        <Typography variant="body2" color="text.secondary">
          {t('opportunities.dashboard.views.note')}
        </Typography>
      </Box>
    );
  }

  return <Section title={t('opportunities.dashboard.views.title')}>{body}</Section>;
}
