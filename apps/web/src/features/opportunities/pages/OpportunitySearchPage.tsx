import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { OpportunitySearchForm } from '../../../components/OpportunitySearchForm';

function searchSummaryKey(query: string, city: string): string | null {
  if (query && city) return 'app.opportunities.search.resultsBoth';
  if (query) return 'app.opportunities.search.resultsQuery';
  if (city) return 'app.opportunities.search.resultsCity';
  return null;
}

export function OpportunitySearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const city = params.get('city')?.trim() ?? '';
  const title = t('app.opportunities.search.title');
  const summaryKey = searchSummaryKey(query, city);
  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      {/* Keyed so the fields follow the address when the search changes. */}
      <Box sx={{ mb: 3 }} key={`${query}|${city}`}>
        <OpportunitySearchForm initialQuery={query} initialCity={city} />
      </Box>
      {summaryKey ? (
        <Typography component="p" variant="subtitle1" sx={{ mb: 2 }} aria-live="polite">
          {t(summaryKey, { query, city })}
        </Typography>
      ) : null}
      <EmptyState
        message={
          summaryKey ? t('app.opportunities.search.empty') : t('app.opportunities.search.emptyAll')
        }
        hint={t('app.opportunities.search.hint')}
      />
    </PageFrame>
  );
}
