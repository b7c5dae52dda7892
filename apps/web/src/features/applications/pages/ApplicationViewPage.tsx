import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function ApplicationViewPage() {
  const { t } = useTranslation();
  const title = t('app.applications.view.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.applications'), to: '/applications' }, { label: title }]}
    >
      <EmptyState
        message={t('app.applications.view.empty')}
        action={{ label: t('app.applications.backToList'), to: '/applications' }}
      />
    </PageFrame>
  );
}
