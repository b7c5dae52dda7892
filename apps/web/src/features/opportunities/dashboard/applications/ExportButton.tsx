import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useDownload } from '../../../../lib/download';
import { currentLocale } from '../../../../lib/i18n';
import { useSnackbar } from '../../../../lib/snackbar';
import { formatFileSize } from '../../../forms/fill/file-checks';

/**
 * Every application the team sees as a spreadsheet, with every answer. The server streams it, so
 * its size is unknown in advance: the button counts what has arrived until it is saved.
 */
export function ExportButton({ opportunityId, slug }: { opportunityId: string; slug: string }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const onError = useCallback(
    () => snackbar.error(t('opportunities.dashboard.applications.export.failed')),
    [snackbar, t],
  );
  const download = useDownload(onError);

  const start = async () => {
    const name = await download.start(
      `/api/opportunities/${encodeURIComponent(opportunityId)}/applications.csv`,
      `${slug}-applications.csv`,
    );
    if (name) snackbar.success(t('opportunities.dashboard.applications.export.done', { name }));
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
        {download.running
          ? t('opportunities.dashboard.applications.export.running', {
              size: formatFileSize(download.progress?.received ?? 0, currentLocale()),
            })
          : t('opportunities.dashboard.applications.export.action')}
      </span>
    </Button>
  );
}
