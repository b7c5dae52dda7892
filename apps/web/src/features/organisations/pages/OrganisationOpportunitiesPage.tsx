import { useTranslation } from 'react-i18next';
import WorkOutlinedIcon from '@mui/icons-material/WorkOutlined';
import { EmptyState } from '../../../components/EmptyState';
import { OrganisationActions } from '../components/OrganisationActions';
import { OrganisationGate } from '../components/OrganisationGate';

/** /organisation/{slug}/opportunities: the organisation's opportunities, drafts included. */
export function OrganisationOpportunitiesPage() {
  const { t } = useTranslation('pages');
  return (
    <OrganisationGate
      page={t('organisations.opportunities.title')}
      requires="view_team"
      actions={(organisation) => <OrganisationActions organisation={organisation} />}
    >
      {(organisation) => (
        <EmptyState
          icon={<WorkOutlinedIcon fontSize="inherit" aria-hidden />}
          message={t('organisations.opportunities.empty')}
          hint={
            organisation.viewerCan.create_opportunity
              ? t('organisations.opportunities.emptyHint')
              : t('organisations.opportunities.emptyHintMember')
          }
        />
      )}
    </OrganisationGate>
  );
}
