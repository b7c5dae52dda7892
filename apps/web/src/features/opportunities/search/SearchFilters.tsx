import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OPPORTUNITY_TYPES, PROFESSIONAL_LEVELS, TARGET_USERS } from '@encore/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../../components/PageStates';
import { CheckboxGroupFilter } from './CheckboxGroupFilter';
import { CommittedNumberField } from './CommittedNumberField';
import { DeadlineFilter } from './DeadlineFilter';
import { MultiSelectFilter } from './MultiSelectFilter';
import { PriceFilter } from './PriceFilter';
import { countFilters, type SearchState } from './search-params';
import type { SearchLookups } from './useSearchLookups';

interface SearchFiltersProps {
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
  onClear: () => void;
  lookups: SearchLookups | null;
  lookupsError: unknown;
  onRetryLookups: () => void;
  /** The id of the panel's heading, which names the region or drawer around it. */
  headingId: string;
}

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
      }
      label={label}
    />
  );
}

/** Every filter of the search but the words and the place, each applied as soon as it is set. */
export function SearchFilters({
  state,
  onChange,
  onClear,
  lookups,
  lookupsError,
  onRetryLookups,
  headingId,
}: SearchFiltersProps) {
  const { t } = useTranslation('pages');
  const id = useId();
  const active = countFilters(state);
  const loading = !lookups && !lookupsError;

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('opportunities.search.filters.title')}
        </Typography>
        {active > 0 ? (
          <Button size="small" onClick={onClear}>
            {t('opportunities.search.filters.clear')}
          </Button>
        ) : null}
      </Box>
      <FormGroup>
        <Toggle
          label={t('opportunities.search.filters.openOnly')}
          checked={state.openOnly}
          onChange={(openOnly) => onChange({ openOnly })}
        />
        <Toggle
          label={t('opportunities.search.filters.includeVirtual')}
          checked={state.includeVirtual}
          onChange={(includeVirtual) => onChange({ includeVirtual })}
        />
        <Toggle
          label={t('opportunities.search.filters.includeWorldwide')}
          checked={state.includeWorldwide}
          onChange={(includeWorldwide) => onChange({ includeWorldwide })}
        />
      </FormGroup>
      <MultiSelectFilter
        id={`${id}-types`}
        label={t('opportunities.search.filters.types')}
        options={OPPORTUNITY_TYPES.map((type) => ({
          value: type,
          label: t(`opportunities.types.${type}`),
        }))}
        value={state.types}
        onChange={(values) =>
          onChange({ types: OPPORTUNITY_TYPES.filter((type) => values.includes(type)) })
        }
      />
      {lookupsError ? <LoadError error={lookupsError} onRetry={onRetryLookups} /> : null}
      <MultiSelectFilter
        id={`${id}-genres`}
        label={t('opportunities.search.filters.genres')}
        options={lookups?.genres ?? []}
        loading={loading}
        value={state.genres}
        onChange={(genres) => onChange({ genres })}
      />
      <MultiSelectFilter
        id={`${id}-instruments`}
        label={t('opportunities.search.filters.instruments')}
        options={lookups?.instruments ?? []}
        loading={loading}
        value={state.instruments}
        onChange={(instruments) => onChange({ instruments })}
      />
      <CheckboxGroupFilter
        legend={t('opportunities.search.filters.target')}
        options={TARGET_USERS.map((target) => ({
          value: target,
          label: t(`opportunities.target.${target}`),
        }))}
        value={state.target}
        onChange={(target) => onChange({ target })}
      />
      <CheckboxGroupFilter
        legend={t('opportunities.search.filters.levels')}
        options={PROFESSIONAL_LEVELS.map((level) => ({
          value: level,
          label: t(`profile.professionalLevel.${level}`),
        }))}
        value={state.levels}
        onChange={(levels) => onChange({ levels })}
      />
      <MultiSelectFilter
        id={`${id}-languages`}
        label={t('opportunities.search.filters.languages')}
        options={lookups?.languages ?? []}
        loading={loading}
        value={state.languages}
        onChange={(languages) => onChange({ languages })}
      />
      <MultiSelectFilter
        id={`${id}-countries`}
        label={t('opportunities.search.filters.countries')}
        options={lookups?.countries ?? []}
        loading={loading}
        value={state.countries}
        onChange={(countries) => onChange({ countries })}
      />
      <CommittedNumberField
        id={`${id}-age`}
        label={t('opportunities.search.filters.age')}
        helperText={t('opportunities.search.filters.ageHint')}
        invalidText={t('opportunities.search.filters.invalidAge')}
        value={state.age}
        onCommit={(age) => onChange({ age })}
        min={0}
        max={120}
      />
      <PriceFilter state={state} onChange={onChange} />
      <DeadlineFilter
        from={state.deadlineFrom}
        to={state.deadlineTo}
        onChange={(patch) => onChange(patch)}
      />
    </Box>
  );
}
