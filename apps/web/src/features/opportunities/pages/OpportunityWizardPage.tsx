import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function OpportunityWizardPage() {
  const { t } = useTranslation();
  const title = t('app.opportunities.wizard.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.opportunities'), to: '/opportunities' }, { label: title }]}
    >
      <EmptyState
        message={t('app.opportunities.wizard.empty')}
        hint={t('app.comingSoon')}
        action={{ label: t('nav.organisations'), to: '/organisations' }}
      />
    </PageFrame>
  );
}
