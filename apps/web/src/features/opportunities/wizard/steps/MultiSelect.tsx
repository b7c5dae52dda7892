import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

export interface Choice {
  value: string;
  label: string;
}

interface MultiSelectProps {
  id: string;
  label: string;
  options: readonly Choice[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  error?: string;
  helperText?: string;
  max?: number;
}

/** A long list (genres, languages, countries) chosen by typing. */
export function MultiSelect({
  id,
  label,
  options,
  selected,
  onChange,
  error,
  helperText,
  max,
}: MultiSelectProps) {
  const byValue = new Map(options.map((option) => [option.value, option]));
  const value = selected.map((item) => byValue.get(item) ?? { value: item, label: item });
  return (
    <Autocomplete
      multiple
      id={id}
      options={options}
      value={value}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, chosen) => option.value === chosen.value}
      getOptionDisabled={() => max !== undefined && selected.length >= max}
      onChange={(_event, chosen) => onChange(chosen.map((option) => option.value))}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          name={id}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
