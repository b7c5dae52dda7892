import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { DASHBOARD_PATH } from '../../../lib/constants';

export function AccountUpgradePage() {
  const { t } = useTranslation();
  const title = t('app.profile.upgrade.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      <EmptyState
        message={t('app.profile.upgrade.empty')}
        hint={t('app.profile.upgrade.hint')}
        action={{ label: t('app.browseOpportunities'), to: DASHBOARD_PATH }}
      />
    </PageFrame>
  );
}
