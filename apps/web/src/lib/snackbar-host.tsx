import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MaterialDesignContent,
  SnackbarProvider,
  closeSnackbar,
  enqueueSnackbar,
  type SnackbarKey,
} from 'notistack';
import { styled } from '@mui/material/styles';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { SNACKBAR_AUTO_HIDE_MS } from '@encore/core';
import type { SnackbarRequest } from './snackbar';

declare module 'notistack' {
  interface VariantOverrides {
    loading: true;
  }
}

// notistack's default green and red are too light for white text (WCAG AA needs 4.5:1).
const Content = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-loading': { backgroundColor: theme.palette.grey[900] },
}));

function CloseSnackbarButton({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={t('snackbar.close')}
      onClick={() => closeSnackbar(snackbarKey)}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

export interface SnackbarDriver {
  show: (request: SnackbarRequest) => void;
  close: (key?: SnackbarKey) => void;
}

function show({ key, type, message }: SnackbarRequest) {
  enqueueSnackbar(message, {
    key,
    variant: type,
    autoHideDuration: SNACKBAR_AUTO_HIDE_MS,
    // Loading notices have no close button (SEED-SPEC point 8).
    ...(type === 'loading'
      ? {}
      : { action: (id: SnackbarKey) => <CloseSnackbarButton snackbarKey={id} /> }),
  });
}

/**
 * notistack, loaded the first time a notice is shown (it is not needed to render a page).
 * Reports a driver once mounted, so notices requested while it loaded are shown in order.
 */
export function SnackbarHost({ onReady }: { onReady: (driver: SnackbarDriver) => void }) {
  useEffect(() => {
    onReady({ show, close: closeSnackbar });
  }, [onReady]);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={{ success: Content, error: Content, loading: Content }}
      iconVariant={{
        loading: <CircularProgress size={18} color="inherit" sx={{ marginInlineEnd: 1.5 }} />,
      }}
    />
  );
}
