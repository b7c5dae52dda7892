import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { OPPORTUNITY_LIMITS, PROFESSIONAL_LEVELS, TARGET_USERS } from '@encore/core';
import { ChoiceChips } from './ChoiceChips';
import { MultiSelect } from './MultiSelect';
import type { StepProps } from './step-props';

/** Who may apply: bands or individuals, level, genres, instruments, languages, ages, countries. */
export function AudienceStep({ draft, change, errors, lookups }: StepProps) {
  const { t } = useTranslation('pages');
  const f = (key: string) => t(`opportunities.wizard.fields.${key}`);
  const instruments = lookups.instruments.flatMap((family) =>
    family.children.map((instrument) => ({ value: instrument.slug, label: instrument.name })),
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <ChoiceChips
        label={f('target')}
        options={TARGET_USERS.map((value) => ({
          value,
          label: t(`opportunities.target.${value}`),
        }))}
        selected={draft.target}
        onChange={(target) => change({ target })}
        error={errors.target}
      />
      <ChoiceChips
        label={f('experience_level')}
        options={PROFESSIONAL_LEVELS.map((value) => ({
          value,
          label: t(`profile.professionalLevel.${value}`),
        }))}
        selected={draft.experience_level}
        onChange={(experience_level) => change({ experience_level })}
        error={errors.experience_level}
        helperText={t('opportunities.wizard.help.experience_level')}
      />
      <MultiSelect
        id="genres"
        label={f('genres')}
        options={lookups.genres.map((genre) => ({ value: genre.slug, label: genre.name }))}
        selected={draft.genres}
        onChange={(genres) => change({ genres })}
        max={OPPORTUNITY_LIMITS.genresMax}
        error={errors.genres}
      />
      <MultiSelect
        id="instruments"
        label={f('instruments')}
        options={instruments}
        selected={draft.instruments}
        onChange={(chosen) => change({ instruments: chosen })}
        max={OPPORTUNITY_LIMITS.instrumentsMax}
        error={errors.instruments}
      />
      <MultiSelect
        id="languages"
        label={f('languages')}
        options={lookups.languages.map((language) => ({
          value: language.slug,
          label: language.name,
        }))}
        selected={draft.languages}
        onChange={(languages) => change({ languages })}
        max={OPPORTUNITY_LIMITS.languagesMax}
        error={errors.languages}
        helperText={t('opportunities.wizard.help.languages')}
      />
      <MultiSelect
        id="target_countries"
        label={f('target_countries')}
        options={lookups.countries.map((country) => ({ value: country.code, label: country.name }))}
        selected={draft.target_countries}
        onChange={(target_countries) => change({ target_countries })}
        error={errors.target_countries}
        helperText={t('opportunities.wizard.help.target_countries')}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {(['min_age', 'max_age'] as const).map((field) => (
          <TextField
            key={field}
            id={`opportunity-${field}`}
            name={field}
            type="number"
            label={f(field)}
            value={draft[field]}
            onChange={(event) => change({ [field]: event.target.value })}
            error={Boolean(errors[field])}
            helperText={errors[field]}
            slotProps={{ htmlInput: { min: 0, max: OPPORTUNITY_LIMITS.ageMax, step: 1 } }}
          />
        ))}
      </Box>
    </Box>
  );
}
