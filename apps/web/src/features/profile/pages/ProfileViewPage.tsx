import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { DASHBOARD_PATH } from '../../../lib/constants';

export function ProfileViewPage() {
  const { t } = useTranslation();
  const title = t('app.profile.view.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      <EmptyState
        message={t('app.profile.view.empty')}
        action={{ label: t('app.browseOpportunities'), to: DASHBOARD_PATH }}
      />
    </PageFrame>
  );
}
