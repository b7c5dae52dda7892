import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { CityAutocomplete, type CityOption } from '../../../components/CityAutocomplete';
import { FormError } from '../../auth/components/FormError';
import { fieldErrorsOf } from '../../../lib/field-errors';
import type { ProfileUser } from '../profile-options';
import { StepActions } from './StepActions';
import { useProfileSave } from './useProfileSave';

const FIELDS = ['city_id', 'country_code'] as const;

interface StepProps {
  user: ProfileUser;
  onSaved: () => void;
  onBack: () => void;
}

/** Step 2: the city (and with it the country) the person lives in; may be cleared. */
export function LocationStep({ user, onSaved, onBack }: StepProps) {
  const { t } = useTranslation('pages');
  const { save, saving, error } = useProfileSave();
  const [city, setCity] = useState<CityOption | null>(user.city);
  const fieldErrors = fieldErrorsOf(error, FIELDS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const saved = await save({
      city_id: city?.id ?? null,
      country_code: city?.country.code ?? null,
    });
    if (saved) onSaved();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <FormError error={error} />
      <CityAutocomplete
        id="profile-city"
        label={t('profile.fields.city')}
        value={city}
        onChange={setCity}
        error={fieldErrors.city_id ?? fieldErrors.country_code}
        helperText={t('profile.fields.cityHint')}
      />
      <StepActions onBack={onBack} saving={saving} />
    </Box>
  );
}
