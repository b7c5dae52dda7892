import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { PageFrame } from '../../../app/layout/PageFrame';
import { useSession } from '../../../app/session';
import { FiltersPanel } from '../search/FiltersPanel';
import { PlaceFilter } from '../search/PlaceFilter';
import { QueryForm } from '../search/QueryForm';
import { countFilters, withoutFilters } from '../search/search-params';
import { SearchFilters } from '../search/SearchFilters';
import { SearchResults } from '../search/SearchResults';
import { useOpportunitySearch } from '../search/useOpportunitySearch';
import { useResolvedCity } from '../search/useResolvedCity';
import { useSearchLookups } from '../search/useSearchLookups';
import { useSearchState } from '../search/useSearchState';

/**
 * /opportunities: public opportunities by words, place and filters; the address holds it all, so
 * a search can be shared. Open to visitors: it asks the API only what anyone may ask.
 */
export function OpportunitySearchPage() {
  const { t } = useTranslation('pages');
  const { status } = useSession();
  const { state, update, replaceAll } = useSearchState();
  const lookups = useSearchLookups();
  const city = useResolvedCity(state, update);
  const search = useOpportunitySearch(city.searchState, city.resolving);
  const title = t('opportunities.search.title');

  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: title }]}
      actions={
        // Visitors manage nothing yet; applying asks them to sign in on the opportunity's page.
        status === 'authenticated' ? (
          <Button component={RouterLink} to="/opportunities/review">
            {t('opportunities.search.mine')}
          </Button>
        ) : undefined
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'grid', gap: 2 }}>
        <QueryForm query={state.query} onSubmit={(query) => update({ query })} />
        <PlaceFilter state={state} onChange={update} unmatchedCity={city.unmatched} />
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
        }}
      >
        <FiltersPanel
          activeCount={countFilters(state)}
          total={search.data?.paginatorInfo.total ?? null}
        >
          {(headingId) => (
            <SearchFilters
              headingId={headingId}
              state={state}
              onChange={update}
              onClear={() => replaceAll(withoutFilters(state))}
              lookups={lookups.lookups}
              lookupsError={lookups.error}
              onRetryLookups={lookups.retry}
            />
          )}
        </FiltersPanel>
        <SearchResults state={state} search={search} lookups={lookups.lookups} onChange={update} />
      </Box>
    </PageFrame>
  );
}
