import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import WorkOutlinedIcon from '@mui/icons-material/WorkOutlined';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OrganisationOpportunityListDocument, type OpportunityStatus } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { OrganisationActions } from '../components/OrganisationActions';
import { OrganisationGate, type Organisation } from '../components/OrganisationGate';
import { STATUS_ORDER } from '../components/OpportunityStatusSummary';

const ALL = 'ALL';

function OpportunityList({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('pages');
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = STATUS_ORDER.find((candidate) => candidate === asked) ?? ALL;
  const list = useQuery(OrganisationOpportunityListDocument, {
    variables: { organisation: organisation.id },
  });

  if (list.error) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <LoadingBlock />;
  const all = list.data.organisationOpportunities;
  if (all.length === 0) {
    return (
      <EmptyState
        icon={<WorkOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('organisations.opportunities.empty')}
        hint={
          organisation.viewerCan.create_opportunity
            ? t('organisations.opportunities.emptyHint')
            : t('organisations.opportunities.emptyHintMember')
        }
      />
    );
  }
  const shown = status === ALL ? all : all.filter((row) => row.opp_status === status);
  const count = (wanted: OpportunityStatus) =>
    all.filter((row) => row.opp_status === wanted).length;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Tabs
        value={status}
        onChange={(_event, value: string) =>
          setParams(value === ALL ? {} : { status: value }, { replace: true })
        }
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('organisations.opportunities.filter')}
      >
        <Tab value={ALL} label={`${t('organisations.opportunities.all')} (${all.length})`} />
        {STATUS_ORDER.map((value) => (
          <Tab
            key={value}
            value={value}
            label={`${t(`organisations.opportunities.status.${value}`)} (${count(value)})`}
          />
        ))}
      </Tabs>
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {t('organisations.opportunities.noneInStatus')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {shown.map((row) => (
            <Paper component="li" variant="outlined" key={row.id} sx={{ p: 2, listStyle: 'none' }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Link
                  component={RouterLink}
                  to={`/opportunity/${row.slug}/dashboard`}
                  variant="h6"
                  underline="hover"
                  sx={{ flex: 1, minWidth: 200 }}
                >
                  {row.title}
                </Link>
                <Chip
                  size="small"
                  label={t(`organisations.opportunities.status.${row.opp_status}`)}
                />
                {row.is_private ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('organisations.opportunities.private')}
                  />
                ) : null}
                {row.is_open ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('organisations.opportunities.open_now')}
                  />
                ) : null}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {row.deadline_date
                  ? t('organisations.opportunities.deadline', {
                      date: formatDateTime(row.deadline_date, { timeZone: row.time_zone }),
                      zone: row.time_zone,
                    })
                  : t('organisations.opportunities.noDeadline')}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** /organisation/{slug}/opportunities: the organisation's opportunities by status, drafts included. */
export function OrganisationOpportunitiesPage() {
  const { t } = useTranslation('pages');
  return (
    <OrganisationGate
      page={t('organisations.opportunities.title')}
      requires="view_team"
      actions={(organisation) => <OrganisationActions organisation={organisation} />}
    >
      {(organisation) => <OpportunityList organisation={organisation} />}
    </OrganisationGate>
  );
}
