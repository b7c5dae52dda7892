import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { NotificationListDocument, type NotificationFieldsFragment } from '../../../gql/graphql';
import { groupNotifications, type NotificationGroup } from '../group-notifications';
import { PANEL_VARIABLES } from '../notification-cache';
import { useMarkNotificationsRead } from '../use-mark-read';
import { NotificationEntry } from './NotificationEntry';

interface NotificationPanelProps {
  headingId: string;
  unreadCount: number;
  /** Closes the panel; focus goes back to the bell. */
  onClose: () => void;
}

/** What the bell opens: the latest notifications, newest first, runs of alike ones grouped. */
export function NotificationPanel({ headingId, unreadCount, onClose }: NotificationPanelProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Read again at every opening: pushes missed while offline show up then.
  const list = useQuery(NotificationListDocument, {
    variables: PANEL_VARIABLES,
    fetchPolicy: 'cache-and-network',
  });
  const { markRead, markAllRead, markingAll } = useMarkNotificationsRead();
  const notifications = list.data?.universalNotifications.data;

  const open = (group: NotificationGroup<NotificationFieldsFragment>) => {
    void markRead([group.lead, ...group.rest]);
    onClose();
  };
  // The bell's live region is hidden behind the open panel: the panel says what it did itself.
  const [done, setDone] = useState('');
  const markAll = async () => {
    if (!(await markAllRead())) return;
    setDone(t('notifications.bell.noneUnread'));
    // The button goes away with the last unread one: focus stays in the panel, on its heading.
    heading.current?.focus();
  };

  let body;
  if (notifications && notifications.length > 0) {
    body = (
      <List disablePadding aria-labelledby={headingId} sx={{ overflowY: 'auto', minHeight: 0 }}>
        {groupNotifications(notifications).map((group) => (
          <NotificationEntry key={group.lead.id} group={group} onOpen={open} />
        ))}
      </List>
    );
  } else if (list.error) {
    body = (
      <Box sx={{ p: 2 }}>
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      </Box>
    );
  } else if (!notifications) {
    body = <LoadingBlock label={t('notifications.panel.loading')} />;
  } else {
    body = (
      <Box sx={{ px: 3, py: 4, textAlign: 'center' }}>
        <Typography component="div" color="text.secondary" sx={{ fontSize: 40, lineHeight: 1 }}>
          <NotificationsNoneOutlinedIcon fontSize="inherit" aria-hidden />
        </Typography>
        <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('notifications.panel.empty')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('notifications.panel.emptyHint')}
        </Typography>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, maxHeight: 'inherit' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          px: 2,
          py: 1.5,
        }}
      >
        <Typography
          id={headingId}
          ref={heading}
          tabIndex={-1}
          component="h2"
          variant="h6"
          sx={{ outline: 'none' }}
        >
          {t('notifications.panel.title')}
        </Typography>
        {unreadCount > 0 ? (
          <Button
            size="small"
            startIcon={<DoneAllIcon />}
            disabled={markingAll}
            onClick={() => void markAll()}
          >
            {t('notifications.markAllRead')}
          </Button>
        ) : null}
      </Box>
      <Box component="span" role="status" sx={visuallyHidden}>
        {done}
      </Box>
      <Divider />
      {body}
      <Divider />
      <Box sx={{ p: 1, display: 'flex', justifyContent: 'center' }}>
        <Button component={RouterLink} to="/notifications" onClick={onClose}>
          {t('notifications.panel.seeAll')}
        </Button>
      </Box>
    </Box>
  );
}
