import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../components/PageStates';

/** /opportunity/{slug}: everything an applicant needs to decide. */
export function OpportunityPublicPage() {
  const { t } = useTranslation('pages');
  return <LoadingBlock label={t('opportunities.public.loading')} />;
}
