import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OrganisationConnectPage() {
  const { t } = useTranslation();
  const title = t('app.organisations.connect.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.organisations'), to: '/organisations' }, { label: title }]}
    >
      <EmptyState
        message={t('app.organisations.connect.empty')}
        hint={t('app.organisations.connect.hint')}
        action={{ label: t('app.organisations.backToList'), to: '/organisations' }}
      />
    </PageFrame>
  );
}
