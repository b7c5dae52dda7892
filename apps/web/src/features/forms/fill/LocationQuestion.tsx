import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { CityAutocomplete, type CityOption } from '../../../components/CityAutocomplete';
import { useFill } from './fill-context';
import { isLocationAnswer, locationAnswerOf, partsOfLocation } from './location-label';
import { QuestionGroup, requiredInput, type QuestionProps } from './question-parts';

type Parts = ReturnType<typeof partsOfLocation>;

function sameLocation(a: Parts, b: Parts): boolean {
  const saved = (parts: Parts) => locationAnswerOf(parts.line, parts.city);
  return saved(a)?.label === saved(b)?.label && (a.city?.id ?? null) === (b.city?.id ?? null);
}

/** An address: a free line (street, venue) and a city from the platform's list. */
export function LocationQuestion({ field, value, onChange, messages, id }: QuestionProps) {
  const { t } = useTranslation('pages');
  const { disabled } = useFill();
  const answer = isLocationAnswer(value) ? value : undefined;
  const fromAnswer = partsOfLocation(answer);
  const [parts, setParts] = useState(fromAnswer);
  // The answer changed from outside (a prefill, a reloaded draft): show it. Both sides are
  // compared as they would be saved, so an answer in another spelling cannot loop.
  if (!sameLocation(parts, fromAnswer)) setParts(fromAnswer);

  const change = (line: string, city: CityOption | null) => {
    setParts({ line, city });
    onChange(locationAnswerOf(line, city));
  };
  const invalid = messages.length > 0;

  return (
    <QuestionGroup
      id={id}
      label={field.label}
      required={field.is_required}
      messages={messages}
      disabled={disabled}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id={`${id}-line`}
          name={`${id}.line`}
          label={t('forms.fill.location.line')}
          value={parts.line}
          onChange={(event) => change(event.target.value, parts.city)}
          disabled={disabled}
          error={invalid}
          autoComplete="street-address"
          slotProps={{
            htmlInput: {
              maxLength: 200,
              'aria-invalid': invalid,
              ...requiredInput(field.is_required),
            },
          }}
        />
        {/* The picker has no disabled state of its own; a disabled fieldset turns its input off. */}
        <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <CityAutocomplete
            id={`${id}-city`}
            name={`${id}.city`}
            label={t('forms.fill.location.city')}
            value={parts.city}
            onChange={(city) => change(parts.line, city)}
          />
        </Box>
      </Box>
    </QuestionGroup>
  );
}
