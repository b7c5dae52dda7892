import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { OpportunitySearchQuery } from '../../../gql/graphql';
import { countryName, labelOf, type SearchLookups } from './useSearchLookups';

type Facets = OpportunitySearchQuery['opportunitySearch']['facets'];
type FacetCount = Facets['genres'][number];

interface FacetGroupProps {
  title: string;
  counts: readonly FacetCount[];
  label: (value: string) => string;
  /** Values already filtered by; their chips take the filter off again. */
  selected?: readonly string[];
  /** Without it the counts are only shown (there is no filter to add). */
  onToggle?: (value: string) => void;
}

function FacetGroup({ title, counts, label, selected = [], onToggle }: FacetGroupProps) {
  const { t } = useTranslation('pages');
  const headingId = useId();
  if (counts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0 }}>
        {counts.map(({ value, count }) => {
          const text = t('opportunities.search.facets.chip', { label: label(value), count });
          const isSelected = selected.includes(value);
          return (
            <Box component="li" key={value} sx={{ listStyle: 'none' }}>
              {onToggle ? (
                <Chip
                  size="small"
                  label={text}
                  clickable
                  color={isSelected ? 'primary' : 'default'}
                  variant={isSelected ? 'filled' : 'outlined'}
                  aria-pressed={isSelected}
                  onClick={() => onToggle(value)}
                />
              ) : (
                <Chip size="small" variant="outlined" label={text} />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

interface FacetChipsProps {
  facets: Facets;
  lookups: SearchLookups | null;
  genres: readonly string[];
  types: readonly string[];
  onToggleGenre: (slug: string) => void;
  onToggleType: (type: string) => void;
}

/** How the results divide by kind, genre and country; a kind or genre narrows the search. */
export function FacetChips({
  facets,
  lookups,
  genres,
  types,
  onToggleGenre,
  onToggleType,
}: FacetChipsProps) {
  const { t } = useTranslation('pages');
  if (facets.types.length + facets.genres.length + facets.countries.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <FacetGroup
        title={t('opportunities.search.facets.types')}
        counts={facets.types}
        label={(value) => t(`opportunities.types.${value}`)}
        selected={types}
        onToggle={onToggleType}
      />
      <FacetGroup
        title={t('opportunities.search.facets.genres')}
        counts={facets.genres}
        label={(value) => labelOf(lookups?.genres, value)}
        selected={genres}
        onToggle={onToggleGenre}
      />
      {/* Where the opportunities take place: the search has no filter for it (the country
          filter is about who may apply), so these are counts only. */}
      <FacetGroup
        title={t('opportunities.search.facets.countries')}
        counts={facets.countries}
        label={(value) => countryName(value, lookups)}
      />
    </Box>
  );
}
