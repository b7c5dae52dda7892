import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { PAGE_SIZES } from '@encore/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { MyOpportunitiesDocument, type MyOpportunitiesQuery } from '../../../gql/graphql';
import { OpportunityCard } from '../components/OpportunityCard';
import { ResultsPagination } from '../search/ResultsPagination';
import { roleKindOf } from './opportunity-role';
import { REVIEW_TYPES, type ReviewView } from './review-params';
import { TitleSearch } from './TitleSearch';
import { useRoleLabel } from './useRoleLabel';

type MyOpportunity = MyOpportunitiesQuery['myOpportunities']['data'][number];

function RoleChip({ opportunity }: { opportunity: MyOpportunity }) {
  const { t } = useTranslation('pages');
  const roleLabel = useRoleLabel();
  const grant = opportunity.opp_role;
  const label = roleLabel(roleKindOf(grant), grant?.permissions ?? []);
  return (
    <Box sx={{ mt: 1 }}>
      <Chip
        size="small"
        color="primary"
        variant="outlined"
        label={t('opportunities.review.yourRole', { role: label })}
      />
    </Box>
  );
}

function NothingHere({ view }: { view: ReviewView }) {
  const { t } = useTranslation('pages');
  const icon = <RateReviewOutlinedIcon fontSize="inherit" aria-hidden />;
  if (view.query || view.type !== 'ALL') {
    return (
      <EmptyState
        icon={icon}
        message={t('opportunities.review.empty.filtered')}
        action={{ label: t('opportunities.review.empty.showAll'), to: '/opportunities/review' }}
      />
    );
  }
  return (
    <EmptyState
      icon={icon}
      message={t('opportunities.review.empty.none')}
      hint={t('opportunities.review.empty.noneHint')}
      action={{ label: t('opportunities.review.empty.browse'), to: '/opportunities' }}
    />
  );
}

interface MyOpportunityListProps {
  view: ReviewView;
  onChange: (patch: Partial<ReviewView>) => void;
}

/** The opportunities the viewer manages or reviews, by tab, title and page. */
export function MyOpportunityList({ view, onChange }: MyOpportunityListProps) {
  const { t } = useTranslation('pages');
  const headingId = useId();
  const top = useRef<HTMLElement>(null);
  const list = useQuery(MyOpportunitiesDocument, {
    variables: {
      type: view.type,
      first: PAGE_SIZES.dashboard,
      page: view.page,
      search: view.query || undefined,
    },
  });
  const data = (list.data ?? list.previousData)?.myOpportunities;

  let body;
  if (list.error) {
    body = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!data) {
    body = <LoadingBlock />;
  } else if (data.data.length === 0) {
    body = <NothingHere view={view} />;
  } else {
    body = (
      <>
        <Box
          component="ul"
          aria-labelledby={headingId}
          aria-busy={list.loading}
          sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, opacity: list.loading ? 0.6 : 1 }}
        >
          {data.data.map((opportunity) => (
            <Box component="li" key={opportunity.id} sx={{ listStyle: 'none' }}>
              <OpportunityCard
                opportunity={opportunity}
                showStatus
                to={`/opportunity/${opportunity.slug}/dashboard`}
              >
                <RoleChip opportunity={opportunity} />
              </OpportunityCard>
            </Box>
          ))}
        </Box>
        <ResultsPagination
          label={t('opportunities.review.pagination')}
          page={data.paginatorInfo.currentPage}
          lastPage={data.paginatorInfo.lastPage}
          onChange={(page) => {
            onChange({ page });
            top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  return (
    <Box
      component="section"
      ref={top}
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 2, scrollMarginTop: 80 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Box aria-live="polite" aria-atomic>
          <Typography id={headingId} variant="h5" component="h2">
            {data
              ? t('opportunities.review.count', { count: data.paginatorInfo.total })
              : t('opportunities.review.listTitle')}
          </Typography>
        </Box>
        <Button component={RouterLink} to="/opportunities">
          {t('opportunities.review.browse')}
        </Button>
      </Box>
      <Tabs
        value={view.type}
        onChange={(_event, type: ReviewView['type']) => onChange({ type })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('opportunities.review.tabs.label')}
      >
        {REVIEW_TYPES.map((type) => (
          <Tab key={type} value={type} label={t(`opportunities.review.tabs.${type}`)} />
        ))}
      </Tabs>
      <TitleSearch query={view.query} onSubmit={(query) => onChange({ query })} />
      <Box sx={{ height: 4 }}>{list.loading && data ? <LinearProgress aria-hidden /> : null}</Box>
      {body}
    </Box>
  );
}
