import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../../components/DownloadButton';
import { currentLocale } from '../../../../lib/i18n';
import { formatFileSize } from '../../../forms/fill/file-checks';

/**
 * Every application the team sees as a spreadsheet, with every answer. The server streams it, so
 * its size is unknown in advance: the button counts what has arrived until it is saved.
 */
export function ExportButton({ opportunityId, slug }: { opportunityId: string; slug: string }) {
  const { t } = useTranslation('pages');
  return (
    <DownloadButton
      url={`/api/opportunities/${encodeURIComponent(opportunityId)}/applications.csv`}
      fallbackName={`${slug}-applications.csv`}
      labels={{
        action: t('opportunities.dashboard.applications.export.action'),
        running: (progress) =>
          t('opportunities.dashboard.applications.export.running', {
            size: formatFileSize(progress?.received ?? 0, currentLocale()),
          }),
        done: (name) => t('opportunities.dashboard.applications.export.done', { name }),
        failed: t('opportunities.dashboard.applications.export.failed'),
      }}
    />
  );
}
