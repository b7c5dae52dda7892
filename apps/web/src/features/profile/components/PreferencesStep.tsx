import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { CURRENCIES, isSupportedLocale, type CurrencyInfo } from '@encore/core';
import { changeLocale, currentLocale, LANGUAGE_NAMES } from '../../../lib/i18n';
import { FormError } from '../../auth/components/FormError';
import { fieldErrorsOf } from '../../../lib/field-errors';
import type { LanguageOption, ProfileFormOptions, ProfileUser } from '../profile-options';
import { StepActions } from './StepActions';
import { useProfileSave } from './useProfileSave';

const FIELDS = [
  'settings.cur_pref',
  'settings.lang_pref',
  'settings.allow_contact',
  'settings',
  'locale',
] as const;

interface StepProps {
  user: ProfileUser;
  options: ProfileFormOptions;
  onSaved: () => void;
  onBack: () => void;
}

/** Step 4: preferred currency and content language, contact permission, interface language. */
export function PreferencesStep({ user, options, onSaved, onBack }: StepProps) {
  const { t } = useTranslation('pages');
  const { save, saving, error } = useProfileSave();
  const [currency, setCurrency] = useState<string | null>(user.settings?.cur_pref ?? null);
  const [language, setLanguage] = useState<string | null>(user.settings?.lang_pref ?? null);
  const [allowContact, setAllowContact] = useState(user.settings?.allow_contact ?? false);
  const [locale, setLocale] = useState(
    isSupportedLocale(user.locale) ? user.locale : currentLocale(),
  );
  const fieldErrors = fieldErrorsOf(error, FIELDS);

  const currencyByCode = useMemo(() => new Map(CURRENCIES.map((c) => [c.code, c])), []);
  const languageBySlug = useMemo(
    () => new Map(options.languages.map((lang) => [lang.slug, lang])),
    [options.languages],
  );
  const uiLanguages = options.profileFormData.supported_languages.filter((lang) =>
    isSupportedLocale(lang.slug),
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const saved = await save({
      settings: { cur_pref: currency, lang_pref: language, allow_contact: allowContact },
      locale,
    });
    if (!saved) return;
    // The interface follows the language just chosen.
    if (isSupportedLocale(saved.locale) && saved.locale !== currentLocale()) {
      await changeLocale(saved.locale);
    }
    onSaved();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <FormError error={error} />
      <Autocomplete<CurrencyInfo>
        id="profile-currency"
        options={CURRENCIES}
        getOptionLabel={(option) => `${option.code} · ${option.name}`}
        isOptionEqualToValue={(option, value) => option.code === value.code}
        value={currency ? (currencyByCode.get(currency) ?? null) : null}
        onChange={(_event, option) => setCurrency(option?.code ?? null)}
        noOptionsText={t('profile.fields.noOptions')}
        renderInput={(params) => (
          <TextField
            {...params}
            name="settings.cur_pref"
            label={t('profile.fields.currency')}
            error={Boolean(fieldErrors['settings.cur_pref'])}
            helperText={fieldErrors['settings.cur_pref'] ?? t('profile.fields.currencyHint')}
          />
        )}
      />
      <Autocomplete<LanguageOption>
        id="profile-content-language"
        options={options.languages}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.slug === value.slug}
        value={language ? (languageBySlug.get(language) ?? null) : null}
        onChange={(_event, option) => setLanguage(option?.slug ?? null)}
        noOptionsText={t('profile.fields.noOptions')}
        renderInput={(params) => (
          <TextField
            {...params}
            name="settings.lang_pref"
            label={t('profile.fields.contentLanguage')}
            error={Boolean(fieldErrors['settings.lang_pref'])}
            helperText={
              fieldErrors['settings.lang_pref'] ?? t('profile.fields.contentLanguageHint')
            }
          />
        )}
      />
      <Box>
        <FormControlLabel
          control={
            <Switch
              name="settings.allow_contact"
              checked={allowContact}
              onChange={(event) => setAllowContact(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'profile-allow-contact-hint' } }}
            />
          }
          label={t('profile.fields.allowContact')}
        />
        <FormHelperText
          id="profile-allow-contact-hint"
          error={Boolean(fieldErrors['settings.allow_contact'])}
        >
          {fieldErrors['settings.allow_contact'] ?? t('profile.fields.allowContactHint')}
        </FormHelperText>
      </Box>
      <TextField
        id="profile-locale"
        name="locale"
        select
        label={t('profile.fields.locale')}
        value={locale}
        onChange={(event) => {
          if (isSupportedLocale(event.target.value)) setLocale(event.target.value);
        }}
        error={Boolean(fieldErrors.locale)}
        helperText={fieldErrors.locale ?? fieldErrors.settings ?? t('profile.fields.localeHint')}
      >
        {(uiLanguages.length > 0
          ? uiLanguages
          : Object.entries(LANGUAGE_NAMES).map(([slug, name]) => ({ slug, name }))
        ).map((lang) => (
          <MenuItem key={lang.slug} value={lang.slug} lang={lang.slug}>
            {isSupportedLocale(lang.slug) ? LANGUAGE_NAMES[lang.slug] : lang.name}
          </MenuItem>
        ))}
      </TextField>
      <StepActions onBack={onBack} saving={saving} last />
    </Box>
  );
}
