import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { OpportunityGate } from '../components/OpportunityGate';
import {
  ApplicationsSection,
  readsApplications,
} from '../dashboard/applications/ApplicationsSection';
import { CouponsSection } from '../coupons/CouponsSection';
import { PaymentsDashboardLink } from '../payments/PaymentsDashboardLink';
import { ChangeLog } from '../dashboard/ChangeLog';
import { KeyDatesPanel } from '../dashboard/KeyDatesPanel';
import { StatusPanel } from '../dashboard/StatusPanel';
import { TeamPanel } from '../dashboard/TeamPanel';
import { ViewsPanel } from '../dashboard/ViewsPanel';

function Dashboard({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <StatusPanel opportunity={opportunity} />
      {readsApplications(opportunity) ? <ApplicationsSection opportunity={opportunity} /> : null}
      <PaymentsDashboardLink opportunity={opportunity} />
      <CouponsSection opportunity={opportunity} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          <KeyDatesPanel opportunity={opportunity} />
          <TeamPanel opportunity={opportunity} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <ViewsPanel opportunityId={opportunity.id} />
          <ChangeLog opportunityId={opportunity.id} />
        </Box>
      </Box>
    </Box>
  );
}

/** /opportunity/{slug}/dashboard: the team's home for one opportunity. */
export function OpportunityDashboardPage() {
  const { t } = useTranslation('pages');
  return (
    <OpportunityGate page={t('opportunities.dashboard.title')} requires="view_team">
      {(opportunity) => <Dashboard opportunity={opportunity} />}
    </OpportunityGate>
  );
}
