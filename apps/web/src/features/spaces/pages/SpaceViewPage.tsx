import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';

export function SpaceViewPage() {
  const { t } = useTranslation();
  const title = t('app.spaces.view.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.spaces'), to: '/spaces' }, { label: title }]}
    >
      <EmptyState
        message={t('app.spaces.view.empty')}
        action={{ label: t('app.spaces.backToList'), to: '/spaces' }}
      />
    </PageFrame>
  );
}
