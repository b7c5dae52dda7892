import { useCallback } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useDownload, type DownloadProgress } from '../lib/download';
import { useSnackbar } from '../lib/snackbar';

export interface DownloadButtonLabels {
  action: string;
  /** While the file arrives; a streamed export counts what has come so far. */
  running: (progress: DownloadProgress | null) => string;
  done: (fileName: string) => string;
  failed: string;
}

/**
 * A button that fetches a private file or export with the session's token and saves it under the
 * server's file name, saying so, or saying it failed.
 */
export function DownloadButton({
  url,
  fallbackName,
  labels,
}: {
  url: string;
  fallbackName: string;
  labels: DownloadButtonLabels;
}) {
  const snackbar = useSnackbar();
  const { failed } = labels;
  const onError = useCallback(() => snackbar.error(failed), [snackbar, failed]);
  const download = useDownload(onError);

  const start = async () => {
    const name = await download.start(url, fallbackName);
    if (name) snackbar.success(labels.done(name));
  };

  return (
    <Button
      variant="outlined"
      onClick={() => void start()}
      disabled={download.running}
      startIcon={
        download.running ? (
          <CircularProgress size={16} color="inherit" aria-hidden />
        ) : (
          <FileDownloadOutlinedIcon />
        )
      }
    >
      <span aria-live="polite">
        {download.running ? labels.running(download.progress) : labels.action}
      </span>
    </Button>
  );
}
