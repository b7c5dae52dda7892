import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import { AttentionPanel } from '../components/AttentionPanel';
import { ChangeLog } from '../components/ChangeLog';
import { OrganisationActions } from '../components/OrganisationActions';
import { OrganisationGate, type Organisation } from '../components/OrganisationGate';
import { OrganisationLogo } from '../components/OrganisationLogo';
import { OpportunityStatusSummary } from '../components/OpportunityStatusSummary';
import { TeamPanel } from '../components/TeamPanel';

function Dashboard({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('pages');
  const role = organisation.team_role?.role;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <OrganisationLogo name={organisation.name} logo={organisation.logo} size={64} />
        <Box>
          <Typography variant="h5" component="p">
            {organisation.name}
          </Typography>
          <Typography color="text.secondary">
            {role
              ? t('organisations.dashboard.yourRole', {
                  role: t(`organisations.roles.${role}.name`),
                })
              : t('organisations.dashboard.platformAdmin')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { lg: '3fr 2fr' } }}>
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <AttentionPanel organisation={organisation} />
          <OpportunityStatusSummary organisation={organisation} />
          <TeamPanel organisation={organisation} />
        </Box>
        <ChangeLog organisationId={organisation.id} />
      </Box>
    </Box>
  );
}

/** /organisation/{slug}/dashboard: the team's home for its organisation. */
export function OrganisationDashboardPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  return (
    <OrganisationGate
      page={t('organisations.dashboard.title')}
      requires="view_team"
      actions={(organisation) => (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {organisation.viewerCan.manage_payments ? (
            <Button
              component={RouterLink}
              to={`/organisation/${organisation.slug}/payment/account`}
              startIcon={<AccountBalanceOutlinedIcon />}
            >
              {tc('app.organisations.paymentAccount.title')}
            </Button>
          ) : null}
          <OrganisationActions organisation={organisation} />
        </Box>
      )}
    >
      {(organisation) => <Dashboard organisation={organisation} />}
    </OrganisationGate>
  );
}
