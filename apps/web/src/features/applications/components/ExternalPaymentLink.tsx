import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { NewTabHint } from '../../opportunities/public/NewTabHint';

/** An opportunity paid on the organiser's own site: the way there (the organiser records the payment). */
export function ExternalPaymentLink({ url }: { url: string }) {
  const { t } = useTranslation('pages');
  return (
    <Button
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      variant="outlined"
      endIcon={<OpenInNewIcon aria-hidden />}
    >
      {t('applications.payment.externalLink')}
      <NewTabHint />
    </Button>
  );
}
