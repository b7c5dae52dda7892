import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { DASHBOARD_PATH } from '../../../lib/constants';

export function SpaceListPage() {
  const { t } = useTranslation();
  const title = t('app.spaces.list.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      <EmptyState
        message={t('app.spaces.list.empty')}
        hint={t('app.spaces.list.hint')}
        action={{ label: t('app.browseOpportunities'), to: DASHBOARD_PATH }}
      />
    </PageFrame>
  );
}
