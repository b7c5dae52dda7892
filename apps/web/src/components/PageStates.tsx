import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { describeGraphQLError } from '../lib/graphql-errors';

/** A page's data is on its way. */
export function LoadingBlock({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label ?? t('loading')} />
    </Box>
  );
}

/** A page's data could not be loaded, with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={{ whiteSpace: 'pre-line' }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('errors.general.retry')}
          </Button>
        ) : undefined
      }
    >
      {describeGraphQLError(error, (key) => t(key))}
    </Alert>
  );
}
