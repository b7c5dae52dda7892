import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { DASHBOARD_PATH } from '../../../lib/constants';

export function ApplicationListPage() {
  const { t } = useTranslation();
  const title = t('app.applications.list.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      <EmptyState
        message={t('app.applications.list.empty')}
        hint={t('app.applications.list.hint')}
        action={{ label: t('app.browseOpportunities'), to: DASHBOARD_PATH }}
      />
    </PageFrame>
  );
}
