import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OrganisationPaymentConnectPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const title = t('app.organisations.paymentConnect.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.organisations'), to: '/organisations' },
        { label: slug, to: `/organisation/${slug}/dashboard` },
        { label: title },
      ]}
    >
      <EmptyState
        message={t('app.organisations.paymentConnect.empty')}
        hint={t('app.comingSoon')}
        action={{
          label: t('app.organisations.backToDashboard'),
          to: `/organisation/${slug}/dashboard`,
        }}
      />
    </PageFrame>
  );
}
