import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { DASHBOARD_PATH } from '../../../lib/constants';

export function OpportunityReviewPage() {
  const { t } = useTranslation();
  const title = t('app.opportunities.review.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.opportunities'), to: '/opportunities' }, { label: title }]}
    >
      <EmptyState
        message={t('app.opportunities.review.empty')}
        action={{ label: t('app.browseOpportunities'), to: DASHBOARD_PATH }}
      />
    </PageFrame>
  );
}
