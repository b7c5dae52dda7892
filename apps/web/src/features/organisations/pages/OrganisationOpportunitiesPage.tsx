import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OrganisationOpportunitiesPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const title = t('app.organisations.opportunities.title');
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
        message={t('app.organisations.opportunities.empty')}
        action={{ label: t('app.opportunities.wizard.title'), to: '/opportunity/wizard' }}
      />
    </PageFrame>
  );
}
