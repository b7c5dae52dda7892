import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { PROFILE_LIMITS } from '@encore/core';
import { FormError } from '../../auth/components/FormError';
import { fieldErrorsFrom, validationMapOf } from '../../../lib/field-errors';
import {
  SKILL_LEVELS,
  genreGroup,
  groupedInOrder,
  instrumentOptions,
  type GenreOption,
  type InstrumentOption,
  type ProfileFormOptions,
  type ProfileUser,
  type UserTypeOption,
} from '../profile-options';
import { instrumentKindLabel } from './InstrumentKindLabel';
import { StepActions } from './StepActions';
import { useProfileSave } from './useProfileSave';

interface InstrumentRow {
  instrument: string;
  name: string;
  family: string | null;
  types: string[];
  skill_level: string;
  type_slugs: string[];
  style_slugs: string[];
}

interface StepProps {
  user: ProfileUser;
  options: ProfileFormOptions;
  onSaved: () => void;
  onBack: () => void;
}

const byDefined = <T,>(value: T | undefined): value is T => value !== undefined;

/** Step 3: genres, instruments (level, kinds, styles), other instruments and user types. */
export function MusicStep({ user, options, onSaved, onBack }: StepProps) {
  const { t } = useTranslation('pages');
  const { save, saving, error } = useProfileSave();
  const data = options.profileFormData;

  const genreOptions = useMemo(() => groupedInOrder(data.genres, genreGroup), [data.genres]);
  const topGenres = useMemo(() => data.genres.filter((genre) => !genre.parent), [data.genres]);
  const genreBySlug = useMemo(
    () => new Map(data.genres.map((genre) => [genre.slug, genre])),
    [data.genres],
  );
  const allInstruments = useMemo(() => instrumentOptions(data.instruments), [data.instruments]);
  const instrumentBySlug = useMemo(
    () => new Map(allInstruments.map((item) => [item.slug, item])),
    [allInstruments],
  );
  const typeOptions = useMemo(
    () => groupedInOrder(data.types, (type) => type.category.name),
    [data.types],
  );
  const typeBySlug = useMemo(
    () => new Map(data.types.map((type) => [type.slug, type])),
    [data.types],
  );

  const [genres, setGenres] = useState<string[]>(() => user.genres.map((genre) => genre.slug));
  const [rows, setRows] = useState<InstrumentRow[]>(() =>
    user.instruments.map((entry) => ({
      instrument: entry.instrument.slug,
      name: entry.instrument.name,
      family: instrumentBySlug.get(entry.instrument.slug)?.family ?? null,
      types: entry.instrument.types,
      skill_level: entry.skill_level ?? '',
      type_slugs: entry.type_slugs,
      style_slugs: entry.style_slugs,
    })),
  );
  const [others, setOthers] = useState<string[]>(user.other_instruments);
  const [userTypes, setUserTypes] = useState<string[]>(() =>
    user.user_types.map((type) => type.slug),
  );
  const [instrumentInput, setInstrumentInput] = useState('');

  const validation = validationMapOf(error);
  const fieldErrors = fieldErrorsFrom(validation, [
    'genres',
    'instruments',
    'other_instruments',
    'user_types',
  ] as const);
  const rowErrors = fieldErrorsFrom(
    validation,
    rows.map((_row, index) => `instruments.${index}`),
  );

  const updateRow = (index: number, change: Partial<InstrumentRow>) =>
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const addInstrument = (option: InstrumentOption | null) => {
    if (!option || rows.some((row) => row.instrument === option.slug)) return;
    setRows((list) => [
      ...list,
      {
        instrument: option.slug,
        name: option.name,
        family: option.family,
        types: option.types,
        skill_level: '',
        type_slugs: [],
        style_slugs: option.styles.filter((slug) => genreBySlug.has(slug)),
      },
    ]);
    setInstrumentInput('');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const saved = await save({
      genres,
      instruments: rows.map((row) => ({
        instrument: row.instrument,
        skill_level: row.skill_level === '' ? null : row.skill_level,
        type_slugs: row.type_slugs,
        style_slugs: row.style_slugs,
      })),
      other_instruments: others,
      user_types: userTypes,
    });
    if (saved) onSaved();
  };

  const chosenGenres = genres.map((slug) => genreBySlug.get(slug)).filter(byDefined);
  const chosenTypes = userTypes.map((slug) => typeBySlug.get(slug)).filter(byDefined);

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <FormError error={error} />
      <Autocomplete<GenreOption, true>
        id="profile-genres"
        multiple
        options={genreOptions}
        groupBy={genreGroup}
        getOptionLabel={(genre) => genre.name}
        isOptionEqualToValue={(option, value) => option.slug === value.slug}
        value={chosenGenres}
        onChange={(_event, list) =>
          setGenres(list.slice(0, PROFILE_LIMITS.genresMax).map((genre) => genre.slug))
        }
        filterSelectedOptions
        noOptionsText={t('profile.fields.noOptions')}
        renderInput={(params) => (
          <TextField
            {...params}
            name="genres"
            label={t('profile.fields.genres')}
            error={Boolean(fieldErrors.genres)}
            helperText={
              fieldErrors.genres ??
              t('profile.fields.genresHint', { max: PROFILE_LIMITS.genresMax })
            }
          />
        )}
      />

      <Box component="section" aria-labelledby="profile-instruments-heading">
        <Typography id="profile-instruments-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
          {t('profile.fields.instruments')}
        </Typography>
        {fieldErrors.instruments && rows.length === 0 ? (
          <Typography color="error" variant="body2" sx={{ mb: 1 }}>
            {fieldErrors.instruments}
          </Typography>
        ) : null}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {rows.map((row, index) => {
            const rowId = `profile-instrument-${index}`;
            const rowError = rowErrors[`instruments.${index}`];
            return (
              <Paper
                component="li"
                key={row.instrument}
                variant="outlined"
                aria-labelledby={`${rowId}-name`}
                sx={{ p: 2, display: 'grid', gap: 2 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography
                    id={`${rowId}-name`}
                    variant="subtitle1"
                    component="h4"
                    sx={{ flex: 1 }}
                  >
                    {row.name}
                    {row.family ? (
                      <Typography component="span" color="text.secondary" variant="body2">
                        {' · '}
                        {row.family}
                      </Typography>
                    ) : null}
                  </Typography>
                  <IconButton
                    onClick={() => setRows((list) => list.filter((_r, i) => i !== index))}
                    aria-label={t('profile.fields.removeInstrument', { name: row.name })}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Box>
                {rowError ? (
                  <Typography color="error" variant="body2" role="alert">
                    {rowError}
                  </Typography>
                ) : null}
                <TextField
                  id={`${rowId}-skill`}
                  name={`instruments.${index}.skill_level`}
                  select
                  size="small"
                  label={t('profile.fields.skillLevel')}
                  value={row.skill_level}
                  onChange={(event) => updateRow(index, { skill_level: event.target.value })}
                  sx={{ maxWidth: 320 }}
                >
                  <MenuItem value="">{t('profile.fields.notSaying')}</MenuItem>
                  {SKILL_LEVELS.map((level) => (
                    <MenuItem key={level} value={level}>
                      {t(`profile.skillLevel.${level}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {row.types.length > 0 ? (
                  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                    <Typography
                      component="legend"
                      variant="body2"
                      color="text.secondary"
                      sx={{ mb: 1 }}
                    >
                      {t('profile.fields.kinds')}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                      {row.types.map((kind) => {
                        const selected = row.type_slugs.includes(kind);
                        return (
                          <Chip
                            key={kind}
                            label={instrumentKindLabel(t, kind)}
                            color={selected ? 'primary' : 'default'}
                            variant={selected ? 'filled' : 'outlined'}
                            aria-pressed={selected}
                            onClick={() =>
                              updateRow(index, {
                                type_slugs: selected
                                  ? row.type_slugs.filter((slug) => slug !== kind)
                                  : [...row.type_slugs, kind],
                              })
                            }
                          />
                        );
                      })}
                    </Box>
                  </Box>
                ) : null}
                <Autocomplete<GenreOption, true>
                  id={`${rowId}-styles`}
                  multiple
                  size="small"
                  options={topGenres}
                  getOptionLabel={(genre) => genre.name}
                  isOptionEqualToValue={(option, value) => option.slug === value.slug}
                  value={row.style_slugs.map((slug) => genreBySlug.get(slug)).filter(byDefined)}
                  onChange={(_event, list) =>
                    updateRow(index, {
                      style_slugs: list
                        .slice(0, PROFILE_LIMITS.instrumentKindsMax)
                        .map((genre) => genre.slug),
                    })
                  }
                  filterSelectedOptions
                  noOptionsText={t('profile.fields.noOptions')}
                  renderInput={(params) => (
                    <TextField {...params} label={t('profile.fields.styles')} />
                  )}
                />
              </Paper>
            );
          })}
        </Box>
        {rows.length < PROFILE_LIMITS.instrumentsMax ? (
          <Autocomplete<InstrumentOption>
            id="profile-add-instrument"
            sx={{ mt: 2 }}
            options={allInstruments.filter(
              (option) => !rows.some((row) => row.instrument === option.slug),
            )}
            groupBy={(option) => option.family}
            getOptionLabel={(option) => option.name}
            value={null}
            onChange={(_event, option) => addInstrument(option)}
            inputValue={instrumentInput}
            onInputChange={(_event, text, reason) => {
              if (reason !== 'reset') setInstrumentInput(text);
            }}
            blurOnSelect
            noOptionsText={t('profile.fields.noOptions')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('profile.fields.addInstrument')}
                helperText={rows.length === 0 ? t('profile.fields.instrumentsEmpty') : undefined}
              />
            )}
          />
        ) : null}
      </Box>

      <Autocomplete<string, true, false, true>
        id="profile-other-instruments"
        multiple
        freeSolo
        autoSelect
        options={[]}
        value={others}
        onChange={(_event, list) => {
          const cleaned = list
            .map((item) => item.trim().slice(0, PROFILE_LIMITS.otherInstrumentLength))
            .filter((item) => item !== '');
          setOthers([...new Set(cleaned)].slice(0, PROFILE_LIMITS.otherInstrumentsMax));
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            name="other_instruments"
            label={t('profile.fields.otherInstruments')}
            error={Boolean(fieldErrors.other_instruments)}
            helperText={fieldErrors.other_instruments ?? t('profile.fields.otherInstrumentsHint')}
          />
        )}
      />

      <Autocomplete<UserTypeOption, true>
        id="profile-user-types"
        multiple
        options={typeOptions}
        groupBy={(type) => type.category.name}
        getOptionLabel={(type) => type.name}
        isOptionEqualToValue={(option, value) => option.slug === value.slug}
        value={chosenTypes}
        onChange={(_event, list) =>
          setUserTypes(list.slice(0, PROFILE_LIMITS.userTypesMax).map((type) => type.slug))
        }
        filterSelectedOptions
        noOptionsText={t('profile.fields.noOptions')}
        renderInput={(params) => (
          <TextField
            {...params}
            name="user_types"
            label={t('profile.fields.userTypes')}
            error={Boolean(fieldErrors.user_types)}
            helperText={fieldErrors.user_types ?? t('profile.fields.userTypesHint')}
          />
        )}
      />
      <StepActions onBack={onBack} saving={saving} />
    </Box>
  );
}
