import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';

interface ChoiceChipsProps<Value extends string> {
  label: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  selected: readonly Value[];
  onChange: (selected: Value[]) => void;
  error?: string;
  helperText?: string;
  /** How many may be chosen; further chips are disabled. */
  max?: number;
}

/** A short fixed list chosen by toggling chips; each chip is a checkbox for assistive technology. */
export function ChoiceChips<Value extends string>({
  label,
  options,
  selected,
  onChange,
  error,
  helperText,
  max,
}: ChoiceChipsProps<Value>) {
  const labelId = useId();
  const toggle = (value: Value) =>
    onChange(
      selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value],
    );
  const full = max !== undefined && selected.length >= max;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} error={Boolean(error)} component="div" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {options.map((option) => {
          const on = selected.includes(option.value);
          return (
            <Chip
              key={option.value}
              role="checkbox"
              aria-checked={on}
              label={option.label}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              disabled={!on && full}
              onClick={() => toggle(option.value)}
            />
          );
        })}
      </Box>
      {error || helperText ? (
        <FormHelperText error={Boolean(error)}>{error ?? helperText}</FormHelperText>
      ) : null}
    </Box>
  );
}
