import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isCalendarDay, type SearchState } from './search-params';

interface DeadlineFilterProps {
  from: string | null;
  to: string | null;
  onChange: (patch: Pick<Partial<SearchState>, 'deadlineFrom' | 'deadlineTo'>) => void;
}

/** The days between which the deadline falls (the browser's date picker, one change per day chosen). */
export function DeadlineFilter({ from, to, onChange }: DeadlineFilterProps) {
  const { t } = useTranslation('pages');
  const id = useId();
  const reversed = from !== null && to !== null && from > to;
  const day = (value: string) => (isCalendarDay(value) ? value : null);
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('opportunities.search.filters.deadline')}
      </FormLabel>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <TextField
          id={`${id}-from`}
          type="date"
          size="small"
          label={t('opportunities.search.filters.deadlineFrom')}
          value={from ?? ''}
          onChange={(event) => onChange({ deadlineFrom: day(event.target.value) })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id={`${id}-to`}
          type="date"
          size="small"
          label={t('opportunities.search.filters.deadlineTo')}
          value={to ?? ''}
          onChange={(event) => onChange({ deadlineTo: day(event.target.value) })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from ?? undefined } }}
        />
      </Box>
      {reversed ? (
        <Typography variant="caption" color="error" role="alert" sx={{ mt: 0.5 }}>
          {t('opportunities.search.filters.deadlineReversed')}
        </Typography>
      ) : null}
    </FormControl>
  );
}
