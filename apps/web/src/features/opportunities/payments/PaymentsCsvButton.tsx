import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/DownloadButton';
import { paymentsCsvUrl, type PaymentsView } from './payments-view';

/** The payments as filtered on screen, every page of them, as a spreadsheet. */
export function PaymentsCsvButton({ slug, view }: { slug: string; view: PaymentsView }) {
  const { t } = useTranslation('pages');
  return (
    <DownloadButton
      url={paymentsCsvUrl(slug, view)}
      fallbackName={`payments-${slug}.csv`}
      labels={{
        action: t('opportunities.payments.csv.action'),
        running: () => t('opportunities.payments.csv.running'),
        done: (name) => t('opportunities.payments.csv.done', { name }),
        failed: t('opportunities.payments.csv.failed'),
      }}
    />
  );
}
