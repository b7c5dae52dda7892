import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OpportunityDashboardPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const title = t('app.opportunities.dashboard.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.opportunities'), to: '/opportunities' },
        { label: slug },
        { label: title },
      ]}
    >
      <EmptyState
        message={t('app.opportunities.dashboard.empty')}
        hint={t('app.opportunities.dashboard.hint')}
        action={{ label: t('app.opportunities.update.title'), to: `/opportunity/${slug}/update` }}
      />
    </PageFrame>
  );
}
