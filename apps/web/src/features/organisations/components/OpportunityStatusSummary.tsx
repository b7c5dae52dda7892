import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OrganisationOpportunityListDocument, type OpportunityStatus } from '../../../gql/graphql';
import type { Organisation } from './OrganisationGate';

/** The order a team thinks of its opportunities in: what it works on, what is live, what is past. */
export const STATUS_ORDER: readonly OpportunityStatus[] = [
  'DRAFT',
  'SCHEDULED',
  'PUBLISHED',
  'ACTIVE',
  'CLOSED',
  'ARCHIVED',
];

/** The dashboard's count of the organisation's opportunities by status, each a link to the list. */
export function OpportunityStatusSummary({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('pages');
  const list = useQuery(OrganisationOpportunityListDocument, {
    variables: { organisation: organisation.id },
  });
  const base = `/organisation/${organisation.slug}/opportunities`;

  let body;
  if (list.error) {
    body = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = <LoadingBlock />;
  } else if (list.data.organisationOpportunities.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ my: 1 }}>
        {organisation.viewerCan.create_opportunity
          ? t('organisations.opportunities.emptyHint')
          : t('organisations.opportunities.emptyHintMember')}
      </Typography>
    );
  } else {
    const counts = new Map<OpportunityStatus, number>();
    for (const row of list.data.organisationOpportunities) {
      counts.set(row.opp_status, (counts.get(row.opp_status) ?? 0) + 1);
    }
    body = (
      <Box
        component="ul"
        sx={{
          p: 0,
          my: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
        }}
      >
        {STATUS_ORDER.map((status) => (
          <Box component="li" key={status} sx={{ listStyle: 'none' }}>
            <Button
              component={RouterLink}
              to={`${base}?status=${status}`}
              variant="outlined"
              fullWidth
              sx={{ flexDirection: 'column', alignItems: 'flex-start', py: 1.5 }}
            >
              <Typography variant="h5" component="span">
                {counts.get(status) ?? 0}
              </Typography>
              <Typography variant="body2" component="span">
                {t(`organisations.opportunities.status.${status}`)}
              </Typography>
            </Button>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="dashboard-opportunities-title"
      sx={{ p: 3 }}
    >
      <Typography id="dashboard-opportunities-title" variant="h6" component="h2">
        {t('organisations.opportunities.title')}
      </Typography>
      {body}
      <Button component={RouterLink} to={base}>
        {t('organisations.opportunities.open')}
      </Button>
    </Paper>
  );
}
