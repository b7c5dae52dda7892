import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { CityAutocompleteSearchDocument, type CityAutocompleteSearchQuery } from '../gql/graphql';
import { cityLabel } from './city-label';

type FoundCity = CityAutocompleteSearchQuery['filterCities'][number];
/** A city found by the picker, or one read elsewhere (a profile, a draft), which has no label. */
export type CityOption = Omit<FoundCity, 'label'> & { label?: FoundCity['label'] | null };

/** Typing pauses this long before the lookup runs. */
export const CITY_SEARCH_DEBOUNCE_MS = 300;
const MIN_QUERY_LENGTH = 2;
const MAX_OPTIONS = 20;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface CityAutocompleteProps {
  id: string;
  label: string;
  value: CityOption | null;
  onChange: (city: CityOption | null) => void;
  error?: string;
  helperText?: string;
  name?: string;
}

/** Picks a city with filterCities as the visitor types; clearing it is allowed. */
export function CityAutocomplete({
  id,
  label,
  value,
  onChange,
  error,
  helperText,
  name = 'city_id',
}: CityAutocompleteProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value ? cityLabel(value) : '');
  const query = useDebounced(input.trim(), CITY_SEARCH_DEBOUNCE_MS);
  const searching = query.length >= MIN_QUERY_LENGTH && (!value || query !== cityLabel(value));
  const { data, previousData, loading } = useQuery(CityAutocompleteSearchDocument, {
    variables: { query, first: MAX_OPTIONS },
    skip: !searching,
  });
  const found = (data ?? previousData)?.filterCities ?? [];
  const options = value && !found.some((city) => city.id === value.id) ? [value, ...found] : found;

  return (
    <Autocomplete
      id={id}
      options={options}
      value={value}
      onChange={(_event, city) => onChange(city)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      getOptionLabel={cityLabel}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      // The server has filtered already (accents and near misses included).
      filterOptions={(list) => list}
      loading={loading}
      loadingText={t('cityPicker.loading')}
      noOptionsText={
        input.trim().length < MIN_QUERY_LENGTH ? t('cityPicker.typeMore') : t('cityPicker.none')
      }
      clearText={t('cityPicker.clear')}
      openText={t('cityPicker.open')}
      closeText={t('cityPicker.close')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={20} aria-hidden /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
