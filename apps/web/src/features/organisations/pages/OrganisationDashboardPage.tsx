import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OrganisationDashboardPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const title = t('app.organisations.dashboard.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.organisations'), to: '/organisations' },
        { label: slug },
        { label: title },
      ]}
    >
      <EmptyState
        message={t('app.organisations.dashboard.empty')}
        action={{ label: t('app.opportunities.wizard.title'), to: '/opportunity/wizard' }}
      />
    </PageFrame>
  );
}
