import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROFILE_LIMITS } from '@encore/core';
import { FormError } from '../../auth/components/FormError';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { GENDERS, PROFESSIONAL_LEVELS, textOrNull, type ProfileUser } from '../profile-options';
import { uploadFile } from '../../../lib/upload-file';
import { StepActions } from './StepActions';
import { useProfileSave } from './useProfileSave';

const FIELDS = [
  'name',
  'avatar_file_id',
  'about',
  'dob',
  'gender',
  'phone',
  'professional_level',
] as const;

const AVATAR_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

interface StepProps {
  user: ProfileUser;
  onSaved: () => void;
}

/** Step 1: name, picture, bio, date of birth, gender, phone and professional level. */
export function AboutStep({ user, onSaved }: StepProps) {
  const { t } = useTranslation('pages');
  const { save, saving, error, setError } = useProfileSave();
  const [name, setName] = useState(user.name);
  const [about, setAbout] = useState(user.about ?? '');
  const [dob, setDob] = useState(user.dob ?? '');
  const [gender, setGender] = useState(user.gender ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [level, setLevel] = useState(user.professional_level ?? '');
  const [nameMissing, setNameMissing] = useState(false);
  // undefined: unchanged; null: removed; a string: the uploaded file to attach.
  const [avatarId, setAvatarId] = useState<string | null | undefined>(undefined);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!preview?.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const fieldErrors = fieldErrorsOf(error, FIELDS);
  const shownAvatar =
    avatarId === null ? null : (preview ?? user.avatar?.thumb ?? user.avatar?.path ?? null);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      const uploaded = await uploadFile(file, 'AVATAR');
      setAvatarId(uploaded.id);
      setPreview(URL.createObjectURL(file));
    } catch (caught) {
      setError(caught);
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameMissing(true);
      document.getElementById('profile-name')?.focus();
      return;
    }
    setNameMissing(false);
    const saved = await save({
      name: name.trim(),
      about: textOrNull(about),
      dob: textOrNull(dob),
      gender: textOrNull(gender),
      phone: textOrNull(phone),
      professional_level: textOrNull(level),
      ...(avatarId === undefined ? {} : { avatar_file_id: avatarId }),
    });
    if (saved) {
      setAvatarId(undefined);
      onSaved();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <FormError error={error} />
      <TextField
        id="profile-name"
        name="name"
        label={t('profile.fields.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoComplete="name"
        slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.nameMax } }}
        error={nameMissing || Boolean(fieldErrors.name)}
        helperText={nameMissing ? t('profile.validation.nameRequired') : fieldErrors.name}
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          {t('profile.fields.avatar')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Avatar
            src={shownAvatar ?? undefined}
            alt={shownAvatar ? t('profile.fields.avatarPreview') : undefined}
            sx={{ width: 72, height: 72 }}
          >
            {name.trim().charAt(0).toUpperCase() || null}
          </Avatar>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <input
              ref={fileInput}
              id="profile-avatar"
              type="file"
              accept={AVATAR_TYPES}
              hidden
              onChange={(event) => void chooseFile(event)}
            />
            <Button
              variant="outlined"
              onClick={() => fileInput.current?.click()}
              disabled={uploading || saving}
            >
              {uploading
                ? t('profile.fields.avatarUploading')
                : shownAvatar
                  ? t('profile.fields.avatarChange')
                  : t('profile.fields.avatarUpload')}
            </Button>
            {shownAvatar ? (
              <Button
                color="inherit"
                onClick={() => {
                  setAvatarId(user.avatar ? null : undefined);
                  setPreview(null);
                }}
                disabled={uploading || saving}
              >
                {t('profile.fields.avatarRemove')}
              </Button>
            ) : null}
          </Box>
        </Box>
      </Box>
      {fieldErrors.avatar_file_id ? (
        <Alert severity="error">{fieldErrors.avatar_file_id}</Alert>
      ) : null}
      <TextField
        id="profile-about"
        name="about"
        label={t('profile.fields.about')}
        value={about}
        onChange={(event) => setAbout(event.target.value)}
        multiline
        minRows={4}
        slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.aboutMax } }}
        error={Boolean(fieldErrors.about)}
        helperText={
          fieldErrors.about ??
          t('profile.fields.aboutHint', { length: about.length, max: PROFILE_LIMITS.aboutMax })
        }
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField
          id="profile-dob"
          name="dob"
          type="date"
          label={t('profile.fields.dob')}
          value={dob}
          onChange={(event) => setDob(event.target.value)}
          autoComplete="bday"
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(fieldErrors.dob)}
          helperText={fieldErrors.dob ?? t('profile.fields.private')}
        />
        <TextField
          id="profile-gender"
          name="gender"
          select
          label={t('profile.fields.gender')}
          value={gender}
          onChange={(event) => setGender(event.target.value)}
          error={Boolean(fieldErrors.gender)}
          helperText={fieldErrors.gender ?? t('profile.fields.private')}
        >
          <MenuItem value="">{t('profile.fields.notSaying')}</MenuItem>
          {GENDERS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`profile.gender.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="profile-phone"
          name="phone"
          type="tel"
          label={t('profile.fields.phone')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          autoComplete="tel"
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          error={Boolean(fieldErrors.phone)}
          helperText={fieldErrors.phone ?? t('profile.fields.phoneHint')}
        />
        <TextField
          id="profile-level"
          name="professional_level"
          select
          label={t('profile.fields.professionalLevel')}
          value={level}
          onChange={(event) => setLevel(event.target.value)}
          error={Boolean(fieldErrors.professional_level)}
          helperText={fieldErrors.professional_level}
        >
          <MenuItem value="">{t('profile.fields.notSaying')}</MenuItem>
          {PROFESSIONAL_LEVELS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`profile.professionalLevel.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <StepActions saving={saving || uploading} />
    </Box>
  );
}
