import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OrganisationPaymentUpdatePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const title = t('app.organisations.paymentUpdate.title');
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
        message={t('app.organisations.paymentUpdate.empty')}
        action={{
          label: t('app.organisations.paymentConnect.title'),
          to: `/organisation/${slug}/payment/connect`,
        }}
      />
    </PageFrame>
  );
}
