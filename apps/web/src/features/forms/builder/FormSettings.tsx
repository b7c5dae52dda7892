import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  FIXED_FORM_FIELDS,
  FORM_LIMITS,
  SUPPORTED_LOCALES,
  type ApplicationFormDefinition,
  type Locale,
} from '@encore/core';
import { useBuilder } from './builder-context';
import { formProblems } from './form-errors';

/** A language in its own name (`Français`), as its speakers look for it. */
export function nativeLanguageName(locale: Locale): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}

type Settings = Omit<ApplicationFormDefinition, 'type' | 'fields'>;

interface FormSettingsProps {
  value: ApplicationFormDefinition;
  onChange: (patch: Partial<Settings>) => void;
}

/** The form's own settings: terms, languages, whether it is used, and how many band members. */
export function FormSettings({ value, onChange }: FormSettingsProps) {
  const { t, i18n } = useTranslation('pages');
  const { disabled, problems } = useBuilder();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const messages = (property: string) => formProblems(problems, property);
  const helper = (property: string, help: string) => {
    const found = messages(property);
    return { error: found.length > 0, helperText: found.length > 0 ? found.join(' ') : help };
  };
  const fixedNames = FIXED_FORM_FIELDS[value.type].map(
    (slug) =>
      value.fields.find((field) => field.slug === slug)?.label ||
      t(`forms.builder.defaults.${slug}`),
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <TextField
        id={id('terms')}
        label={t('forms.builder.settings.terms')}
        multiline
        minRows={3}
        value={value.terms ?? ''}
        disabled={disabled}
        onChange={(event) =>
          onChange({ terms: event.target.value === '' ? null : event.target.value })
        }
        slotProps={{ htmlInput: { maxLength: FORM_LIMITS.termsLength } }}
        {...helper('terms', t('forms.builder.settings.termsHelp'))}
      />
      <Autocomplete
        multiple
        id={id('languages')}
        options={SUPPORTED_LOCALES}
        value={value.supported_languages}
        disabled={disabled}
        filterSelectedOptions
        getOptionLabel={nativeLanguageName}
        onChange={(_event, languages) => onChange({ supported_languages: languages })}
        renderOption={({ key, ...props }, locale) => (
          <li key={key} {...props} lang={locale}>
            {nativeLanguageName(locale)}
          </li>
        )}
        renderValue={(locales, getItemProps) =>
          locales.map((locale, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return (
              <Chip
                key={key}
                {...itemProps}
                size="small"
                lang={locale}
                label={nativeLanguageName(locale)}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('forms.builder.settings.languages')}
            {...helper('supported_languages', t('forms.builder.settings.languagesHelp'))}
          />
        )}
      />
      {value.type === 'GENERAL' ? (
        <TextField
          id={id('max_members')}
          type="number"
          label={t('forms.builder.settings.maxMembers')}
          value={value.max_members ?? ''}
          disabled={disabled}
          onChange={(event) =>
            onChange({
              max_members: event.target.value.trim() === '' ? null : Number(event.target.value),
            })
          }
          slotProps={{
            htmlInput: { min: 1, max: FORM_LIMITS.maxMembers, step: 1, inputMode: 'numeric' },
          }}
          {...helper(
            'max_members',
            t('forms.builder.settings.maxMembersHelp', { max: FORM_LIMITS.maxMembers }),
          )}
        />
      ) : null}
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={value.is_active}
              disabled={disabled}
              onChange={(event) => onChange({ is_active: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': id('active-help') } }}
            />
          }
          label={t('forms.builder.settings.isActive')}
        />
        <FormHelperText id={id('active-help')} error={messages('is_active').length > 0}>
          {messages('is_active').join(' ') || t('forms.builder.settings.isActiveHelp')}
        </FormHelperText>
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={value.is_skipped}
              disabled={disabled}
              onChange={(event) => onChange({ is_skipped: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': id('skipped-help') } }}
            />
          }
          label={t('forms.builder.settings.isSkipped')}
        />
        <FormHelperText id={id('skipped-help')} error={messages('is_skipped').length > 0}>
          {messages('is_skipped').join(' ') ||
            t('forms.builder.settings.isSkippedHelp', {
              names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(fixedNames),
            })}
        </FormHelperText>
      </Box>
    </Box>
  );
}
