import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useDocumentTitle } from '../../../app/shell/useDocumentTitle';
import { NETWORK_ERROR_STORAGE_KEY } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';

const storedNetworkError = z.object({
  operationName: z.string(),
  time: z.string(),
  message: z.string(),
});

function readNetworkError() {
  try {
    const raw = sessionStorage.getItem(NETWORK_ERROR_STORAGE_KEY);
    if (!raw) return null;
    const parsed = storedNetworkError.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function safeDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDateTime(date);
}

export function NetworkErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [details] = useState(readNetworkError);
  useDocumentTitle(t('errors.network.title'));

  const retry = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };

  return (
    <Box sx={{ py: { xs: 6, md: 10 }, px: 2, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
      <CloudOffIcon color="primary" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('errors.network.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('errors.network.body')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'start', mb: 4 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('errors.network.details')}
        </Typography>
        {details ? (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 3,
              rowGap: 1,
              m: 0,
              '& dt': { fontWeight: 600 },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <dt>{t('errors.network.operation')}</dt>
            <dd>
              <code>{details.operationName || t('errors.network.unknownOperation')}</code>
            </dd>
            <dt>{t('errors.network.time')}</dt>
            <dd>{safeDateTime(details.time)}</dd>
            <dt>{t('errors.network.message')}</dt>
            <dd>{details.message}</dd>
          </Box>
        ) : (
          <Typography color="text.secondary">{t('errors.network.noDetails')}</Typography>
        )}
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={retry}>
          {t('errors.network.retry')}
        </Button>
        <Button variant="outlined" href="/">
          {t('errors.network.home')}
        </Button>
      </Stack>
    </Box>
  );
}
