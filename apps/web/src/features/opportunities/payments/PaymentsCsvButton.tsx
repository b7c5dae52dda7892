import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useDownload } from '../../../lib/download';
import { useSnackbar } from '../../../lib/snackbar';
import { paymentsCsvUrl, type PaymentsView } from './payments-view';

/**
 * The payments as filtered on screen, every page of them, as a spreadsheet. The export answers
 * only with the session's token, so it is fetched and saved under the server's file name.
 */
export function PaymentsCsvButton({ slug, view }: { slug: string; view: PaymentsView }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const onError = useCallback(
    () => snackbar.error(t('opportunities.payments.csv.failed')),
    [snackbar, t],
  );
  const download = useDownload(onError);

  const start = async () => {
    const name = await download.start(paymentsCsvUrl(slug, view), `payments-${slug}.csv`);
    if (name) snackbar.success(t('opportunities.payments.csv.done', { name }));
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
          ? t('opportunities.payments.csv.running')
          : t('opportunities.payments.csv.action')}
      </span>
    </Button>
  );
}
