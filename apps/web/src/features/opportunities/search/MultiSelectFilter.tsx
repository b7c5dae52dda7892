import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { FilterOption } from './useSearchLookups';

interface MultiSelectFilterProps {
  id: string;
  label: string;
  options: readonly FilterOption[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  loading?: boolean;
}

/** Several values out of a long list, typed to narrow it down; grouped when options say so. */
export function MultiSelectFilter({
  id,
  label,
  options,
  value,
  onChange,
  loading = false,
}: MultiSelectFilterProps) {
  const { t } = useTranslation('pages');
  // A value from a shared address that the lists do not (yet) know still shows, as itself.
  const selected = useMemo(
    () =>
      value.map(
        (item) => options.find((option) => option.value === item) ?? { value: item, label: item },
      ),
    [options, value],
  );
  const grouped = options.some((option) => option.group !== undefined);

  return (
    <Autocomplete
      id={id}
      multiple
      size="small"
      options={options}
      value={selected}
      onChange={(_event, chosen) => onChange(chosen.map((option) => option.value))}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      groupBy={grouped ? (option) => option.group ?? '' : undefined}
      filterSelectedOptions
      limitTags={4}
      getLimitTagsText={(more) => t('opportunities.search.picker.more', { count: more })}
      loading={loading}
      loadingText={t('opportunities.search.picker.loading')}
      noOptionsText={t('opportunities.search.picker.none')}
      clearText={t('opportunities.search.picker.clear')}
      openText={t('opportunities.search.picker.open')}
      closeText={t('opportunities.search.picker.close')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
