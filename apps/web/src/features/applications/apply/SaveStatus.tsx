import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import { currentLocale } from '../../../lib/i18n';
import type { AutosaveState } from './useAutosave';

function timeOf(date: Date): string {
  return new Intl.DateTimeFormat(currentLocale(), { timeStyle: 'short' }).format(date);
}

/** Where the draft stands, announced politely as it changes. */
export function SaveStatus({ state, onRetry }: { state: AutosaveState; onRetry: () => void }) {
  const { t } = useTranslation('pages');
  let text;
  let icon = null;
  switch (state.kind) {
    case 'idle':
      text = t('applications.apply.save.idle');
      break;
    case 'saving':
      text = t('applications.apply.save.saving');
      break;
    case 'saved':
      text = t('applications.apply.save.saved', { time: timeOf(state.at) });
      icon = <CheckCircleOutlinedIcon fontSize="small" color="success" aria-hidden />;
      break;
    case 'failed':
      text = t('applications.apply.save.failed');
      icon = <CloudOffOutlinedIcon fontSize="small" color="error" aria-hidden />;
      break;
  }
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36 }}>
      {icon}
      <Typography variant="body2" color={state.kind === 'failed' ? 'error' : 'text.secondary'}>
        {text}
      </Typography>
      {state.kind === 'failed' ? (
        <Button size="small" onClick={onRetry}>
          {t('applications.apply.save.retry')}
        </Button>
      ) : null}
    </Box>
  );
}
