import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OPPORTUNITY_TYPES } from '@encore/core';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OpportunityCard } from '../components/OpportunityCard';
import { FacetChips } from './FacetChips';
import { ResultsPagination } from './ResultsPagination';
import {
  countFilters,
  hasPlace,
  serialiseSearchState,
  withoutFilters,
  type SearchState,
} from './search-params';
import { SortControls } from './SortControls';
import type { OpportunitySearch } from './useOpportunitySearch';
import type { SearchLookups } from './useSearchLookups';

interface SearchResultsProps {
  state: SearchState;
  search: OpportunitySearch;
  lookups: SearchLookups | null;
  onChange: (patch: Partial<SearchState>) => void;
}

const toggled = <T extends string>(values: readonly T[], value: T): T[] =>
  values.includes(value) ? values.filter((item) => item !== value) : [...values, value];

function NoResults({ state }: { state: SearchState }) {
  const { t } = useTranslation('pages');
  const filtered = countFilters(state) > 0;
  const searched = filtered || state.query !== '' || state.place.kind !== 'none';
  if (!searched) {
    return (
      <EmptyState
        icon={<SearchOffIcon fontSize="inherit" aria-hidden />}
        message={t('opportunities.search.empty.none')}
        hint={t('opportunities.search.empty.noneHint')}
      />
    );
  }
  const cleared = serialiseSearchState(withoutFilters(state)).toString();
  return (
    <EmptyState
      icon={<SearchOffIcon fontSize="inherit" aria-hidden />}
      message={t('opportunities.search.empty.title')}
      hint={
        hasPlace(state)
          ? t('opportunities.search.empty.hintPlace')
          : t('opportunities.search.empty.hint')
      }
      action={
        filtered
          ? {
              label: t('opportunities.search.filters.clear'),
              to: cleared ? `/opportunities?${cleared}` : '/opportunities',
            }
          : { label: t('opportunities.search.empty.reset'), to: '/opportunities' }
      }
    />
  );
}

/** The results of the search in the address: count, order, facets, cards and pages. */
export function SearchResults({ state, search, lookups, onChange }: SearchResultsProps) {
  const { t } = useTranslation('pages');
  const headingId = useId();
  const top = useRef<HTMLElement>(null);
  // The previous results stay on screen, dimmed, while the next ones load.
  const { data, busy } = search;

  let body;
  if (search.error) {
    body = <LoadError error={search.error} onRetry={search.retry} />;
  } else if (!data) {
    body = <LoadingBlock label={t('opportunities.search.results.loading')} />;
  } else {
    const { paginatorInfo, facets, data: results } = data;
    body = (
      <>
        <FacetChips
          facets={facets}
          lookups={lookups}
          genres={state.genres}
          types={state.types}
          onToggleGenre={(slug) => onChange({ genres: toggled(state.genres, slug) })}
          onToggleType={(value) => {
            const type = OPPORTUNITY_TYPES.find((candidate) => candidate === value);
            if (type) onChange({ types: toggled(state.types, type) });
          }}
        />
        {results.length === 0 ? (
          <NoResults state={state} />
        ) : (
          <Box
            component="ul"
            aria-labelledby={headingId}
            aria-busy={busy}
            sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, opacity: busy ? 0.6 : 1 }}
          >
            {results.map((opportunity) => (
              <Box component="li" key={opportunity.id} sx={{ listStyle: 'none' }}>
                <OpportunityCard opportunity={opportunity} />
              </Box>
            ))}
          </Box>
        )}
        <ResultsPagination
          label={t('opportunities.search.pagination.label')}
          page={paginatorInfo.currentPage}
          lastPage={paginatorInfo.lastPage}
          onChange={(page) => {
            onChange({ page });
            top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  const total = data?.paginatorInfo.total;
  return (
    <Box
      component="section"
      ref={top}
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 2, alignContent: 'start', scrollMarginTop: 80, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box aria-live="polite" aria-atomic>
          <Typography id={headingId} variant="h6" component="h2">
            {total === undefined
              ? t('opportunities.search.results.title')
              : t('opportunities.search.results.count', { count: total })}
          </Typography>
        </Box>
        <SortControls state={state} onChange={(sort) => onChange({ sort })} />
      </Box>
      <Box sx={{ height: 4 }}>{busy && data ? <LinearProgress aria-hidden /> : null}</Box>
      {body}
    </Box>
  );
}
