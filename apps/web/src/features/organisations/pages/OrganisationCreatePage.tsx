import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OrganisationCreatePage() {
  const { t } = useTranslation();
  const title = t('app.organisations.create.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.organisations'), to: '/organisations' }, { label: title }]}
    >
      <EmptyState
        message={t('app.organisations.create.empty')}
        hint={t('app.comingSoon')}
        action={{ label: t('app.organisations.backToList'), to: '/organisations' }}
      />
    </PageFrame>
  );
}
