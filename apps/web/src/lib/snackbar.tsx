import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MaterialDesignContent,
  SnackbarProvider as NotistackProvider,
  useSnackbar as useNotistack,
  type SnackbarKey,
} from 'notistack';
import { styled } from '@mui/material/styles';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { SNACKBAR_AUTO_HIDE_MS } from '@encore/core';

declare module 'notistack' {
  interface VariantOverrides {
    loading: true;
  }
}

/** The three notice types of SEED-SPEC point 4 ("Operation status"). */
export type SnackbarType = 'loading' | 'success' | 'error';

// notistack's default green and red are too light for white text (WCAG AA needs 4.5:1).
const Content = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-loading': { backgroundColor: theme.palette.grey[900] },
}));

function CloseSnackbarButton({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  const { t } = useTranslation();
  const { closeSnackbar } = useNotistack();
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

export function SnackbarProvider({ children }: { children: ReactNode }) {
  return (
    <NotistackProvider
      maxSnack={3}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={{ success: Content, error: Content, loading: Content }}
      iconVariant={{
        loading: <CircularProgress size={18} color="inherit" sx={{ marginInlineEnd: 1.5 }} />,
      }}
    >
      {children}
    </NotistackProvider>
  );
}

export interface SnackbarApi {
  show: (type: SnackbarType, message: string) => SnackbarKey;
  /** No close button: it goes away by itself (after 3 s) or when `close(key)` is called. */
  loading: (message: string) => SnackbarKey;
  success: (message: string) => SnackbarKey;
  error: (message: string) => SnackbarKey;
  close: (key?: SnackbarKey) => void;
}

export function useSnackbar(): SnackbarApi {
  const { enqueueSnackbar, closeSnackbar } = useNotistack();
  return useMemo(() => {
    const show = (type: SnackbarType, message: string) =>
      enqueueSnackbar(message, {
        variant: type,
        autoHideDuration: SNACKBAR_AUTO_HIDE_MS,
        ...(type === 'loading'
          ? {}
          : { action: (key: SnackbarKey) => <CloseSnackbarButton snackbarKey={key} /> }),
      });
    return {
      show,
      loading: (message) => show('loading', message),
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      close: closeSnackbar,
    };
  }, [enqueueSnackbar, closeSnackbar]);
}
