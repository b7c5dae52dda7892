import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { NOTIFICATIONS_PAGE_SIZE } from '@encore/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { PageFrame } from '../../../app/layout/PageFrame';
import { useRealtimeEvent } from '../../../app/realtime';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  NotificationListDocument,
  UnreadNotificationsCountDocument,
  type NotificationFieldsFragment,
} from '../../../gql/graphql';
import { ResultsPagination } from '../../opportunities/search/ResultsPagination';
import { NotificationTime, UnreadMarker } from '../components/NotificationEntry';
import { NotificationTypeIcon } from '../components/NotificationTypeIcon';
import { internalPath } from '../notification-links';
import {
  isReadFor,
  NOTIFICATION_FILTERS,
  parseNotificationsParams,
  serialiseNotificationsView,
  type NotificationsView,
} from '../page-params';
import { useMarkNotificationsRead } from '../use-mark-read';

type MarkRead = ReturnType<typeof useMarkNotificationsRead>['markRead'];

function NotificationCard({
  notification,
  markRead,
}: {
  notification: NotificationFieldsFragment;
  markRead: MarkRead;
}) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const unread = !notification.is_read;
  const to = internalPath(notification.url_path);

  const markThis = async () => {
    await markRead([notification]);
    // The button goes once the notification is read: focus stays on the notification.
    title.current?.focus();
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        p: 2,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
        bgcolor: unread ? 'action.hover' : 'background.paper',
        borderColor: unread ? 'primary.light' : 'divider',
      }}
    >
      <NotificationTypeIcon
        type={notification.type}
        color={unread ? 'primary' : 'action'}
        sx={{ gridRow: 'span 3', mt: 0.25 }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Typography
          id={titleId}
          ref={title}
          tabIndex={-1}
          component="h2"
          variant="subtitle1"
          // Written in the recipient's language when it happened: it takes its own direction.
          dir="auto"
          sx={{
            flex: 1,
            fontWeight: unread ? 600 : 400,
            overflowWrap: 'anywhere',
            outline: 'none',
          }}
        >
          {to ? (
            <Link
              component={RouterLink}
              to={to}
              color="inherit"
              onClick={() => void markRead([notification])}
            >
              {notification.title}
            </Link>
          ) : (
            notification.title
          )}
        </Typography>
        {unread ? <UnreadMarker /> : null}
      </Box>
      {notification.message ? (
        <Typography
          variant="body2"
          color="text.secondary"
          dir="auto"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {notification.message}
        </Typography>
      ) : null}
      <Box
        sx={{
          gridColumn: 2,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography variant="caption" color="text.secondary">
          <NotificationTime value={notification.created_at} />
        </Typography>
        {unread ? (
          <Button size="small" aria-describedby={titleId} onClick={() => void markThis()}>
            {t('notifications.markRead')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

function EmptyList({ view }: { view: NotificationsView }) {
  const { t } = useTranslation('pages');
  const icon = <NotificationsNoneOutlinedIcon fontSize="inherit" aria-hidden />;
  if (view.page > 1) {
    const firstPage = serialiseNotificationsView({ ...view, page: 1 }).toString();
    return (
      <EmptyState
        icon={icon}
        message={t('notifications.empty.pastEnd')}
        action={{
          label: t('notifications.firstPage'),
          to: firstPage ? `/notifications?${firstPage}` : '/notifications',
        }}
      />
    );
  }
  return (
    <EmptyState
      icon={icon}
      message={t(`notifications.empty.${view.filter}`)}
      hint={t(`notifications.empty.${view.filter}Hint`)}
    />
  );
}

/** /notifications: every notification of the viewer's, all or only unread or read ones, paged. */
export function NotificationsPage() {
  const { t } = useTranslation('pages');
  const { t: tCommon } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = parseNotificationsParams(params);
  const listId = useId();
  const isRead = isReadFor(view.filter);
  const query = useQuery(NotificationListDocument, {
    variables: {
      page: view.page,
      per_page: NOTIFICATIONS_PAGE_SIZE,
      ...(isRead === null ? {} : { is_read: isRead }),
    },
    fetchPolicy: 'cache-and-network',
  });
  // The bell's count, from the same cache.
  const unreadCount =
    useQuery(UnreadNotificationsCountDocument).data?.unreadNotificationsCount ?? 0;
  const { markRead, markAllRead, markingAll } = useMarkNotificationsRead();
  const { refetch } = query;
  // Something new moves every page along: read this one again.
  useRealtimeEvent('notificationCreated', () => void refetch().catch(() => undefined));

  const change = (patch: Partial<NotificationsView>) =>
    setParams(serialiseNotificationsView({ ...view, page: 1, ...patch }));
  const markAll = async () => {
    if (await markAllRead()) await refetch().catch(() => undefined);
  };

  const list = (query.data ?? query.previousData)?.universalNotifications;
  let body;
  if (query.error && !query.data) {
    body = <LoadError error={query.error} onRetry={() => void refetch()} />;
  } else if (!list) {
    body = <LoadingBlock label={tCommon('notifications.panel.loading')} />;
  } else if (list.data.length === 0) {
    body = <EmptyList view={view} />;
  } else {
    body = (
      <>
        <Typography id={listId} variant="body2" color="text.secondary" role="status">
          {t('notifications.count', { count: list.paginatorInfo.total })}
        </Typography>
        <Box
          component="ul"
          aria-labelledby={listId}
          aria-busy={query.loading}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {list.data.map((notification) => (
            <NotificationCard
              key={notification.id}
              notification={notification}
              markRead={markRead}
            />
          ))}
        </Box>
        <ResultsPagination
          label={t('notifications.pagination')}
          page={list.paginatorInfo.currentPage}
          lastPage={list.paginatorInfo.lastPage}
          onChange={(page) => change({ filter: view.filter, page })}
        />
      </>
    );
  }

  const title = t('notifications.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: title }]}
      actions={
        unreadCount > 0 ? (
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            disabled={markingAll}
            onClick={() => void markAll()}
          >
            {tCommon('notifications.markAllRead')}
          </Button>
        ) : null
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={view.filter}
          aria-label={t('notifications.filters.label')}
          onChange={(_event, filter: NotificationsView['filter'] | null) => {
            if (filter) change({ filter });
          }}
          sx={{ justifySelf: 'start', flexWrap: 'wrap' }}
        >
          {NOTIFICATION_FILTERS.map((filter) => (
            <ToggleButton key={filter} value={filter} sx={{ px: 2 }}>
              {t(`notifications.filters.${filter}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {body}
      </Box>
    </PageFrame>
  );
}
