import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SORT_FIELDS } from '@encore/core';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { OpportunitySortField } from '../../../gql/graphql';
import { NATURAL_DIRECTION, type SearchSort, type SearchState } from './search-params';

/** The server's own order: best text match first when there are words, else the newest. */
const BEST = 'BEST';

interface SortControlsProps {
  state: SearchState;
  onChange: (sort: SearchSort | null) => void;
}

const isField = (value: string): value is OpportunitySortField =>
  (SORT_FIELDS as readonly string[]).includes(value);

/** The order of the results: which field, and which way. */
export function SortControls({ state, onChange }: SortControlsProps) {
  const { t } = useTranslation('pages');
  const id = useId();
  const byRelevance = state.sort === null && state.query !== '';
  // Without words the server's order is the newest first, so that is what the controls show.
  const shown: SearchSort = state.sort ?? { field: 'RECENT', asc: false };
  const direction = shown.asc ? 'asc' : 'desc';

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <FormControl size="small" sx={{ minWidth: 170 }}>
        <InputLabel id={`${id}-field-label`}>{t('opportunities.search.sort.label')}</InputLabel>
        <Select
          labelId={`${id}-field-label`}
          id={`${id}-field`}
          label={t('opportunities.search.sort.label')}
          value={byRelevance ? BEST : shown.field}
          onChange={(event) => {
            const field = event.target.value;
            if (isField(field)) onChange({ field, asc: NATURAL_DIRECTION[field] === 'asc' });
            else onChange(null);
          }}
        >
          {state.query !== '' ? (
            <MenuItem value={BEST}>{t('opportunities.search.sort.fields.BEST')}</MenuItem>
          ) : null}
          {SORT_FIELDS.map((field) => (
            <MenuItem key={field} value={field}>
              {t(`opportunities.search.sort.fields.${field}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {byRelevance ? null : (
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel id={`${id}-direction-label`}>
            {t('opportunities.search.sort.direction')}
          </InputLabel>
          <Select
            labelId={`${id}-direction-label`}
            id={`${id}-direction`}
            label={t('opportunities.search.sort.direction')}
            value={direction}
            onChange={(event) =>
              onChange({ field: shown.field, asc: event.target.value === 'asc' })
            }
          >
            <MenuItem value="asc">
              {t(`opportunities.search.sort.directions.${shown.field}.asc`)}
            </MenuItem>
            <MenuItem value="desc">
              {t(`opportunities.search.sort.directions.${shown.field}.desc`)}
            </MenuItem>
          </Select>
        </FormControl>
      )}
    </Box>
  );
}
