import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OrganisationListPage() {
  const { t } = useTranslation();
  const title = t('app.organisations.list.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      <EmptyState
        message={t('app.organisations.list.empty')}
        hint={t('app.organisations.list.hint')}
        action={{ label: t('app.organisations.create.title'), to: '/organisations/create' }}
      />
    </PageFrame>
  );
}
