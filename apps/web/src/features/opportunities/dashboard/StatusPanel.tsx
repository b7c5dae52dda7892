import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { OpportunityStatusChip } from '../components/OpportunityStatusChip';
import { Section } from '../public/Section';
import { LifecycleActions } from './LifecycleActions';

/** How the viewer came to see this dashboard: their own role, or the organisation's team. */
function roleLine(opportunity: OpportunityFieldsFragment, t: TFunction<'pages'>) {
  const grant = opportunity.opp_role;
  if (grant?.role) {
    return t('opportunities.dashboard.status.yourRole', {
      role: t(`opportunities.dashboard.roles.${grant.role}.name`),
    });
  }
  if (grant?.permissions.includes('full_access'))
    return t('opportunities.dashboard.status.viaOrganisation');
  return t('opportunities.dashboard.status.viewOnly');
}

/** The page applicants see, and the editor for those who may change it. */
function PageLinks({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        component={RouterLink}
        to={`/opportunity/${opportunity.slug}`}
        startIcon={<VisibilityOutlinedIcon />}
      >
        {t('opportunities.dashboard.publicPage')}
      </Button>
      {opportunity.viewerCan.update && opportunity.opp_status !== 'DELETED' ? (
        <Button
          component={RouterLink}
          to={`/opportunity/${opportunity.slug}/edit`}
          variant="contained"
          startIcon={<EditOutlinedIcon />}
        >
          {t('opportunities.dashboard.edit')}
        </Button>
      ) : null}
    </Box>
  );
}

/** Where the opportunity stands, its flags, and the lifecycle actions the viewer may take. */
export function StatusPanel({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const flags = [
    opportunity.is_private ? 'private' : null,
    opportunity.is_virtual ? 'virtual' : null,
    opportunity.is_worldwide ? 'worldwide' : null,
  ].filter((flag): flag is string => flag !== null);

  return (
    <Section
      title={t('opportunities.dashboard.status.title')}
      aside={<PageLinks opportunity={opportunity} />}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <OpportunityStatusChip status={opportunity.opp_status} size="medium" />
          <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}>
            {opportunity.is_open ? (
              <CheckCircleOutlinedIcon color="success" fontSize="small" aria-hidden />
            ) : (
              <DoNotDisturbOnOutlinedIcon color="action" fontSize="small" aria-hidden />
            )}
            <Typography>
              {opportunity.is_open
                ? t('opportunities.dashboard.status.open')
                : t('opportunities.dashboard.status.notOpen')}
            </Typography>
          </Box>
          {flags.map((flag) => (
            <Chip
              key={flag}
              variant="outlined"
              label={t(`opportunities.dashboard.status.flags.${flag}`)}
            />
          ))}
        </Box>
        <Typography color="text.secondary">{roleLine(opportunity, t)}</Typography>
        <LifecycleActions opportunity={opportunity} />
      </Box>
    </Section>
  );
}
