import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function ImpactPage() {
  const { t } = useTranslation();
  const title = t('app.impact.overview.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      <EmptyState
        message={t('app.impact.overview.empty')}
        hint={t('app.impact.overview.hint')}
        action={{ label: t('nav.organisations'), to: '/organisations' }}
      />
    </PageFrame>
  );
}
