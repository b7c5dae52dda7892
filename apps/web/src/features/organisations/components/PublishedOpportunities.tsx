import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import WorkOutlinedIcon from '@mui/icons-material/WorkOutlined';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OrganisationPublicOpportunitiesDocument } from '../../../gql/graphql';
import { OpportunityCard } from '../../opportunities/components/OpportunityCard';

interface PublishedOpportunitiesProps {
  organisation: { id: string; name: string };
}

/**
 * The organisation's published and running opportunities as the search shows them: what a
 * visitor of its page came for. The server decides which ones the viewer may see.
 */
export function PublishedOpportunities({ organisation }: PublishedOpportunitiesProps) {
  const { t } = useTranslation('pages');
  const headingId = useId();
  const list = useQuery(OrganisationPublicOpportunitiesDocument, {
    variables: { organisation: organisation.id },
  });

  let body;
  if (list.error) {
    body = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = <LoadingBlock label={t('organisations.page.opportunitiesLoading')} />;
  } else if (list.data.organisationOpportunities.length === 0) {
    body = (
      <EmptyState
        icon={<WorkOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('organisations.page.noOpportunities')}
        hint={t('organisations.page.noOpportunitiesHint')}
        action={{ label: t('organisations.page.browseOpportunities'), to: '/opportunities' }}
      />
    );
  } else {
    body = (
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
      >
        {list.data.organisationOpportunities.map((opportunity) => (
          <li key={opportunity.id}>
            <OpportunityCard opportunity={opportunity} />
          </li>
        ))}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('organisations.page.opportunities', { name: organisation.name })}
      </Typography>
      {body}
    </Box>
  );
}
