import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { useDownload } from '../../../lib/download';
import { currentLocale } from '../../../lib/i18n';
import { useSnackbar } from '../../../lib/snackbar';
import { formatFileSize } from '../../forms/fill/file-checks';

interface FileDownloadButtonProps {
  /** A private address: `/files/:id` or an export route. */
  url: string;
  /** Saved under this name when the server gives none. */
  fallbackName: string;
  label: string;
  /** The button's accessible name when the label alone is ambiguous ("Download" beside each file). */
  ariaLabel?: string;
  variant?: ButtonProps['variant'];
}

/**
 * Fetches a private file with the session's token and saves it; while it runs, the button is
 * disabled and counts what has arrived (an archive is put together as it streams).
 */
export function FileDownloadButton({
  url,
  fallbackName,
  label,
  ariaLabel,
  variant = 'text',
}: FileDownloadButtonProps) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const onError = useCallback(
    () => snackbar.error(t('applications.review.files.failed')),
    [snackbar, t],
  );
  const download = useDownload(onError);
  const received = download.progress?.received ?? 0;
  return (
    <Button
      size="small"
      variant={variant}
      onClick={() => void download.start(url, fallbackName)}
      disabled={download.running}
      aria-label={ariaLabel}
      startIcon={
        download.running ? (
          <CircularProgress size={16} aria-hidden color="inherit" />
        ) : (
          <DownloadOutlinedIcon />
        )
      }
    >
      {download.running
        ? t('applications.review.files.downloading', {
            size: formatFileSize(received, currentLocale()),
          })
        : label}
    </Button>
  );
}
