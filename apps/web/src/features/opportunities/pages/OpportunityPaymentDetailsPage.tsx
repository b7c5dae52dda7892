import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OpportunityPaymentDetailsPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const title = t('app.opportunities.paymentDetails.title');
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
        message={t('app.opportunities.paymentDetails.empty')}
        action={{
          label: t('app.opportunities.backToDashboard'),
          to: `/opportunity/${slug}/dashboard`,
        }}
      />
    </PageFrame>
  );
}
