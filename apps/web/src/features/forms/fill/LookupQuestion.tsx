import { useTranslation } from 'react-i18next';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { asText, asTextList, takesList } from './answer-shape';
import { useFill, type LookupChoice } from './fill-context';
import { requiredInput, type QuestionProps } from './question-parts';

/** Genres or instruments, from the platform's lists, chosen by typing; the answer holds slugs. */
export function LookupQuestion({ field, value, onChange, messages, id }: QuestionProps) {
  const { t } = useTranslation('pages');
  const { disabled, genres, instruments, lookupsLoading } = useFill();
  const options = field.type === 'genres' ? genres : instruments;
  const bySlug = new Map(options.map((option) => [option.value, option]));
  // A slug the lists do not have (yet, while they load) still shows, as itself.
  const choiceOf = (slug: string): LookupChoice => bySlug.get(slug) ?? { value: slug, label: slug };
  const invalid = messages.length > 0;

  const shared = {
    id,
    options,
    disabled,
    loading: lookupsLoading,
    loadingText: t('forms.fill.lookups.loading'),
    noOptionsText: t('forms.fill.lookups.none'),
    getOptionLabel: (option: LookupChoice) => option.label,
    isOptionEqualToValue: (option: LookupChoice, chosen: LookupChoice) =>
      option.value === chosen.value,
    groupBy:
      field.type === 'instruments' ? (option: LookupChoice) => option.group ?? '' : undefined,
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        name={id}
        label={field.label}
        error={invalid}
        helperText={invalid ? messages.join(' ') : undefined}
        slotProps={{
          ...params.slotProps,
          inputLabel: { ...params.slotProps.inputLabel, required: field.is_required },
          htmlInput: { ...params.slotProps.htmlInput, ...requiredInput(field.is_required) },
        }}
      />
    ),
  };

  if (takesList(field)) {
    return (
      <Autocomplete
        {...shared}
        multiple
        filterSelectedOptions
        value={asTextList(value).map(choiceOf)}
        onChange={(_event, chosen) =>
          onChange(chosen.length > 0 ? chosen.map((option) => option.value) : undefined)
        }
      />
    );
  }
  const slug = asText(value);
  return (
    <Autocomplete
      {...shared}
      value={slug === '' ? null : choiceOf(slug)}
      onChange={(_event, chosen) => onChange(chosen ? chosen.value : undefined)}
    />
  );
}
