import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OPPORTUNITY_LIMITS } from '@encore/core';
import { CityAutocomplete } from '../../../../components/CityAutocomplete';
import type { OpportunityDraft } from '../opportunity-draft';
import type { StepProps } from './step-props';

type DateField = 'publish_at' | 'deadline_date' | 'start_date' | 'end_date';
type TimeFlag = keyof OpportunityDraft['time_visibility'];

const TIME_FLAGS: Partial<Record<DateField, TimeFlag>> = {
  deadline_date: 'deadline_time',
  start_date: 'start_time',
  end_date: 'end_time',
};

function timeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('timeZone')
    : ['UTC'];
}

const TIME_ZONES = timeZones();

/** When (wall-clock times in the opportunity's zone) and where (a place, online, or anywhere). */
export function ScheduleStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation('pages');
  const f = (key: string) => t(`opportunities.wizard.fields.${key}`);

  const dateInput = (field: DateField) => {
    const flag = TIME_FLAGS[field];
    return (
      <Box key={field} sx={{ display: 'grid', gap: 0.5 }}>
        <TextField
          id={`opportunity-${field}`}
          name={field}
          type="datetime-local"
          label={f(field)}
          value={draft[field]}
          onChange={(event) => change({ [field]: event.target.value })}
          error={Boolean(errors[field])}
          helperText={errors[field] ?? t(`opportunities.wizard.help.${field}`)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {flag ? (
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={draft.time_visibility[flag]}
                onChange={(event) =>
                  change({
                    time_visibility: { ...draft.time_visibility, [flag]: event.target.checked },
                  })
                }
              />
            }
            label={t('opportunities.wizard.fields.showTime')}
          />
        ) : null}
      </Box>
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h6" component="h3">
        {t('opportunities.wizard.sections.when')}
      </Typography>
      <Autocomplete
        id="opportunity-time_zone"
        options={TIME_ZONES}
        value={draft.time_zone}
        disableClearable
        onChange={(_event, zone) => change({ time_zone: zone })}
        renderInput={(params) => (
          <TextField
            {...params}
            name="time_zone"
            label={f('time_zone')}
            error={Boolean(errors.time_zone)}
            helperText={errors.time_zone ?? t('opportunities.wizard.help.time_zone')}
          />
        )}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        {(['deadline_date', 'publish_at', 'start_date', 'end_date'] as const).map(dateInput)}
      </Box>

      <Typography variant="h6" component="h3">
        {t('opportunities.wizard.sections.where')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <FormControlLabel
          control={
            <Switch
              name="is_virtual"
              checked={draft.is_virtual}
              onChange={(event) => change({ is_virtual: event.target.checked })}
            />
          }
          label={f('is_virtual')}
        />
        <FormControlLabel
          control={
            <Switch
              name="is_worldwide"
              checked={draft.is_worldwide}
              onChange={(event) => change({ is_worldwide: event.target.checked })}
            />
          }
          label={f('is_worldwide')}
        />
      </Box>
      <CityAutocomplete
        id="opportunity-city"
        name="city_id"
        label={f('city')}
        value={draft.city}
        onChange={(city) => change({ city })}
        error={errors.city_id}
        helperText={t('opportunities.wizard.help.city')}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <TextField
          id="opportunity-venue"
          name="venue"
          label={f('venue')}
          value={draft.venue}
          onChange={(event) => change({ venue: event.target.value })}
          error={Boolean(errors.venue)}
          helperText={errors.venue}
          slotProps={{ htmlInput: { maxLength: OPPORTUNITY_LIMITS.venueMax } }}
        />
        <TextField
          id="opportunity-street"
          name="street"
          label={f('street')}
          value={draft.street}
          onChange={(event) => change({ street: event.target.value })}
          error={Boolean(errors.street)}
          helperText={errors.street}
          slotProps={{ htmlInput: { maxLength: OPPORTUNITY_LIMITS.streetMax } }}
        />
      </Box>
    </Box>
  );
}
