import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { asText, asTextList, takesList } from './answer-shape';
import { useFill } from './fill-context';
import { QuestionGroup, requiredInput, type QuestionProps } from './question-parts';

/** One of the organiser's choices (a menu, or radio buttons), or several (checkboxes). */
export function ChoiceQuestion({ field, value, onChange, messages, id }: QuestionProps) {
  const { t } = useTranslation('pages');
  const { disabled } = useFill();
  const invalid = messages.length > 0;
  const group = (children: React.ReactNode) => (
    <QuestionGroup
      id={id}
      label={field.label}
      required={field.is_required}
      messages={messages}
      disabled={disabled}
    >
      {children}
    </QuestionGroup>
  );

  if (takesList(field)) {
    const chosen = asTextList(value);
    const toggle = (choice: string, on: boolean) => {
      // Kept in the organiser's order, whatever order they were ticked in.
      const next = field.choices.filter((item) => (item === choice ? on : chosen.includes(item)));
      onChange(next.length > 0 ? next : undefined);
    };
    return group(
      <FormGroup>
        {field.choices.map((choice) => (
          <FormControlLabel
            key={choice}
            label={choice}
            control={
              <Checkbox
                name={id}
                checked={chosen.includes(choice)}
                onChange={(event) => toggle(choice, event.target.checked)}
                slotProps={{ input: { 'aria-invalid': invalid } }}
              />
            }
          />
        ))}
      </FormGroup>,
    );
  }

  const choice = asText(value);
  if (field.subtype === 'radio') {
    return group(
      <RadioGroup
        name={id}
        value={choice}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        {field.choices.map((item) => (
          <FormControlLabel
            key={item}
            value={item}
            label={item}
            control={<Radio slotProps={{ input: { 'aria-invalid': invalid } }} />}
          />
        ))}
      </RadioGroup>,
    );
  }

  return (
    <TextField
      select
      id={id}
      name={id}
      label={field.label}
      value={field.choices.includes(choice) ? choice : ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      disabled={disabled}
      error={invalid}
      helperText={invalid ? messages.join(' ') : undefined}
      fullWidth
      slotProps={{
        inputLabel: { required: field.is_required },
        htmlInput: requiredInput(field.is_required),
      }}
    >
      <MenuItem value="">
        <em>{t('forms.fill.list.none')}</em>
      </MenuItem>
      {field.choices.map((item) => (
        <MenuItem key={item} value={item}>
          {item}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A box to tick; a required one (accepting terms, say) must be ticked to submit. */
export function ToggleQuestion({ field, value, onChange, messages, id }: QuestionProps) {
  const { disabled } = useFill();
  const invalid = messages.length > 0;
  return (
    <FormControl error={invalid} disabled={disabled}>
      <FormControlLabel
        label={
          <>
            {field.label}
            {/* FormControlLabel's own `required` would add the native attribute to the box. */}
            {field.is_required ? <span aria-hidden="true">{'\u2009*'}</span> : null}
          </>
        }
        control={
          <Checkbox
            id={id}
            name={id}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{
              input: {
                'aria-invalid': invalid,
                'aria-describedby': invalid ? `${id}-messages` : undefined,
                ...requiredInput(field.is_required),
              },
            }}
          />
        }
      />
      {invalid ? <FormHelperText id={`${id}-messages`}>{messages.join(' ')}</FormHelperText> : null}
    </FormControl>
  );
}
