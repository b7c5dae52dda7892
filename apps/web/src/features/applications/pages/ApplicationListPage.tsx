import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { APPLICATION_STATUSES, PAGE_SIZES } from '@encore/core';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { UserApplicationsDocument } from '../../../gql/graphql';
import { ResultsPagination } from '../../opportunities/search/ResultsPagination';
import { ApplicationCard } from '../list/ApplicationCard';
import {
  parseListParams,
  serialiseListView,
  updateListView,
  type ApplicationListView,
} from '../list/list-params';

/** Every order the address can hold, each offered by name. */
const ORDERS = [
  { sort: 'created_at', asc: false },
  { sort: 'created_at', asc: true },
  { sort: 'updated_at', asc: false },
  { sort: 'updated_at', asc: true },
  { sort: 'status', asc: true },
  { sort: 'status', asc: false },
] as const satisfies ReadonlyArray<Pick<ApplicationListView, 'sort' | 'asc'>>;

const orderKey = (order: Pick<ApplicationListView, 'sort' | 'asc'>) =>
  `${order.sort}.${order.asc ? 'asc' : 'desc'}`;

/** /applications: the viewer's applications by status and order, ten a page. */
export function ApplicationListPage() {
  const { t } = useTranslation('pages');
  const [params, setParams] = useSearchParams();
  const view = parseListParams(params);
  const listId = useId();
  const top = useRef<HTMLDivElement>(null);
  const query = useQuery(UserApplicationsDocument, {
    variables: {
      filters: { status: view.status, sort: view.sort, asc: view.asc },
      first: PAGE_SIZES.applications,
      page: view.page,
    },
    fetchPolicy: 'cache-and-network',
  });
  const data = (query.data ?? query.previousData)?.userApplications;
  const title = t('applications.list.title');
  const change = (patch: Partial<ApplicationListView>) =>
    setParams(serialiseListView(updateListView(view, patch)));

  let body;
  if (query.error) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!data) {
    body = <LoadingBlock label={t('applications.list.loading')} />;
  } else if (data.data.length === 0) {
    body = view.status ? (
      <EmptyState
        icon={<AssignmentOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('applications.list.emptyFiltered', {
          status: t(`applications.status.${view.status}`),
        })}
        action={{ label: t('applications.list.showAll'), to: '/applications' }}
      />
    ) : (
      <EmptyState
        icon={<AssignmentOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('applications.list.empty')}
        hint={t('applications.list.emptyHint')}
        action={{ label: t('applications.list.browse'), to: '/opportunities' }}
      />
    );
  } else {
    body = (
      <>
        <Typography id={listId} variant="body2" color="text.secondary" role="status">
          {t('applications.list.count', { count: data.paginatorInfo.total })}
        </Typography>
        <Box
          component="ul"
          aria-labelledby={listId}
          aria-busy={query.loading}
          sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, opacity: query.loading ? 0.6 : 1 }}
        >
          {data.data.map((application) => (
            <Box component="li" key={application.id} sx={{ listStyle: 'none' }}>
              <ApplicationCard application={application} />
            </Box>
          ))}
        </Box>
        <ResultsPagination
          label={t('applications.list.pagination')}
          page={data.paginatorInfo.currentPage}
          lastPage={data.paginatorInfo.lastPage}
          onChange={(page) => {
            change({ page });
            top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      <Box ref={top} sx={{ display: 'grid', gap: 2, scrollMarginTop: 80 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            select
            size="small"
            label={t('applications.list.filterStatus')}
            value={view.status ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              change({ status: APPLICATION_STATUSES.find((status) => status === value) ?? null });
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t('applications.list.allStatuses')}</MenuItem>
            {APPLICATION_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`applications.status.${status}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('applications.list.sort')}
            value={orderKey(view)}
            onChange={(event) => {
              const order = ORDERS.find((candidate) => orderKey(candidate) === event.target.value);
              if (order) change({ sort: order.sort, asc: order.asc });
            }}
            sx={{ minWidth: 220 }}
          >
            {ORDERS.map((order) => (
              <MenuItem key={orderKey(order)} value={orderKey(order)}>
                {t(`applications.list.orders.${order.sort}_${order.asc ? 'asc' : 'desc'}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {body}
      </Box>
    </PageFrame>
  );
}
