import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function ApplicationEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const title = t('app.applications.edit.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.applications'), to: '/applications' },
        { label: t('app.applications.view.crumb', { id }), to: `/application/${id}` },
        { label: title },
      ]}
    >
      <EmptyState
        message={t('app.applications.edit.empty')}
        hint={t('app.comingSoon')}
        action={{ label: t('app.applications.backToApplication'), to: `/application/${id}` }}
      />
    </PageFrame>
  );
}
