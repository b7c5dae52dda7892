import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';

interface CheckboxGroupFilterProps<Value extends string> {
  legend: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  value: readonly Value[];
  onChange: (values: Value[]) => void;
}

/** A few values, each a checkbox, in a fieldset named by its legend. */
export function CheckboxGroupFilter<Value extends string>({
  legend,
  options,
  value,
  onChange,
}: CheckboxGroupFilterProps<Value>) {
  const toggle = (item: Value, checked: boolean) =>
    onChange(
      // Kept in the options' order, so the address does not depend on the order of the clicks.
      options
        .map((option) => option.value)
        .filter((candidate) => (candidate === item ? checked : value.includes(candidate))),
    );
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {legend}
      </FormLabel>
      <FormGroup>
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            control={
              <Checkbox
                size="small"
                checked={value.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
            }
            label={option.label}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
