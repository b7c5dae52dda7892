import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { PageFrame } from '../../../app/layout/PageFrame';
import { useSession } from '../../../app/session';
import { NotFoundContent } from '../../../app/shell/NotFoundContent';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  AdminFailedEventsDocument,
  AdminRetryEventDocument,
  type AdminDomainEventFieldsFragment,
} from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { ResultsPagination } from '../../opportunities/search/ResultsPagination';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';

const PAGE_SIZE = 10;

/** Technical text (an event's name, an SMTP answer) reads left to right in any language. */
const technical = {
  fontFamily: 'monospace',
  overflowWrap: 'anywhere',
  unicodeBidi: 'isolate',
} as const;

/**
 * The server refuses everyone but platform admins. It decides when the session does not know the
 * role (after a reload, the session holds tokens only) or knows an outdated one.
 */
function isRefused(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => item.extensions?.category === 'authorization')
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </>
  );
}

function FailedEventCard({
  event,
  onRetried,
}: {
  event: AdminDomainEventFieldsFragment;
  onRetried: () => void;
}) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [retry, { loading }] = useMutation(AdminRetryEventDocument);
  const [error, setError] = useState<unknown>(null);
  const headingId = `failed-event-${event.id}`;

  const sendAgain = async () => {
    setError(null);
    try {
      await retry({ variables: { id: event.id } });
      snackbar.success(t('admin.events.retried'));
      onRetried();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Typography
        id={headingId}
        variant="subtitle1"
        component="h2"
        dir="ltr"
        sx={{ ...technical, fontWeight: 600, justifySelf: 'start' }}
      >
        {event.name}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          // Label above value on a phone; side by side from `sm` up.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
          '& dd': { mb: { xs: 1, sm: 0 } },
        }}
      >
        <Detail label={t('admin.events.about')}>
          <Box component="span" dir="ltr" sx={technical}>
            {event.aggregate}
          </Box>
        </Detail>
        <Detail label={t('admin.events.occurred')}>{formatDateTime(event.occurred_at)}</Detail>
        <Detail label={t('admin.events.attempts')}>{event.attempts}</Detail>
        <Detail label={t('admin.events.lastError')}>
          {event.last_error ? (
            <Box
              component="span"
              dir="ltr"
              sx={{ ...technical, display: 'block', whiteSpace: 'pre-wrap' }}
            >
              {event.last_error}
            </Box>
          ) : (
            t('admin.events.noError')
          )}
        </Detail>
      </Box>
      <FormError error={error} />
      <Box>
        <Button
          variant="contained"
          startIcon={<ReplayIcon />}
          disabled={loading}
          aria-describedby={headingId}
          onClick={() => void sendAgain()}
        >
          {loading ? t('admin.events.retrying') : t('admin.events.retry')}
        </Button>
      </Box>
    </Paper>
  );
}

function FailedEvents() {
  const { t } = useTranslation('pages');
  const [page, setPage] = useState(1);
  const { data, error, loading, refetch } = useQuery(AdminFailedEventsDocument, {
    variables: { first: PAGE_SIZE, page },
    fetchPolicy: 'cache-and-network',
  });
  const list = data?.failedDomainEvents;

  const afterRetry = async () => {
    const fresh = (await refetch()).data?.failedDomainEvents;
    // Sending the last one of a later page again leaves that page empty: show the one before.
    if (fresh && fresh.data.length === 0 && page > fresh.paginatorInfo.lastPage) {
      setPage(fresh.paginatorInfo.lastPage);
    }
  };

  if (error && isRefused(error)) return <NotFoundContent />;
  let body;
  if (error) body = <LoadError error={error} onRetry={() => void refetch()} />;
  else if (!list && loading) body = <LoadingBlock />;
  else if (!list || list.data.length === 0) {
    body = (
      <EmptyState
        message={t('admin.events.empty')}
        hint={t('admin.events.emptyHint')}
        icon={<TaskAltIcon fontSize="inherit" aria-hidden />}
      />
    );
  } else {
    body = (
      <>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {list.data.map((event) => (
            <FailedEventCard key={event.id} event={event} onRetried={() => void afterRetry()} />
          ))}
        </Box>
        <ResultsPagination
          page={list.paginatorInfo.currentPage}
          lastPage={list.paginatorInfo.lastPage}
          onChange={setPage}
          label={t('admin.events.pages')}
        />
      </>
    );
  }

  const title = t('admin.events.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('admin.events.intro')}
      </Typography>
      {body}
    </PageFrame>
  );
}

/** /admin/events: deliveries that failed for good, for platform admins to send again. */
export function AdminEventsPage() {
  const { user } = useSession();
  // Someone known not to be an admin is not even asked about.
  if (user && user.role?.name !== 'admin') return <NotFoundContent />;
  return <FailedEvents />;
}
