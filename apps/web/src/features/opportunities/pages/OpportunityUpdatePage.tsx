import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OpportunityUpdatePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const title = t('app.opportunities.update.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.opportunities'), to: '/opportunities' },
        { label: slug, to: `/opportunity/${slug}/dashboard` },
        { label: title },
      ]}
    >
      <EmptyState
        message={t('app.opportunities.update.empty')}
        hint={t('app.comingSoon')}
        action={{
          label: t('app.opportunities.backToDashboard'),
          to: `/opportunity/${slug}/dashboard`,
        }}
      />
    </PageFrame>
  );
}
