import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { UNREAD_COUNT_SHOWN_MAX } from '@encore/core';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useNetworkStatus, useRealtimeEvent, type RealtimeClient } from '../../../app/realtime';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import { UnreadNotificationsCountDocument } from '../../../gql/graphql';
import { applyPushedNotification } from '../notification-cache';
import { NotificationPanel } from './NotificationPanel';

/**
 * What the live region says: nothing for the count the page opens with (the bell's name carries
 * it), then each change once. Set while rendering, so a render with the same count leaves the
 * text, and screen readers, alone.
 */
function useCountAnnouncement(count: number | null): string {
  const { t } = useTranslation();
  const [said, setSaid] = useState<{ count: number | null; text: string }>({
    count: null,
    text: '',
  });
  if (count !== null && count !== said.count) {
    let text = '';
    if (said.count !== null) {
      text =
        count === 0
          ? t('notifications.bell.noneUnread')
          : t('notifications.bell.unread', { count });
    }
    setSaid({ count, text });
  }
  return said.text;
}

/** Pushes sent while the channel was down are lost: count again once it is back. */
function useRecountAfterReconnect(recount: () => void, client?: RealtimeClient) {
  const { isConnected } = useNetworkStatus(client);
  const latest = useRef(recount);
  const connections = useRef(0);
  useEffect(() => {
    latest.current = recount;
  });
  useEffect(() => {
    if (!isConnected) return;
    connections.current += 1;
    if (connections.current > 1) latest.current();
  }, [isConnected]);
}

/**
 * The app bar's bell: the unread count as a badge ("99+" past UNREAD_COUNT_SHOWN_MAX), kept
 * current by the realtime channel's `notificationCreated` pushes and by marking read, and the
 * panel of the latest notifications it opens.
 */
export function NotificationBell({ client }: { client?: RealtimeClient }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const apollo = useApolloClient();
  const panelId = useId();
  const headingId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data, refetch } = useQuery(UnreadNotificationsCountDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const count = data?.unreadNotificationsCount ?? null;
  const unread = count ?? 0;

  useRealtimeEvent(
    'notificationCreated',
    (payload) => applyPushedNotification(apollo.cache, payload),
    client,
  );
  useRecountAfterReconnect(() => void refetch().catch(() => undefined), client);
  const announcement = useCountAnnouncement(count);

  // The name says what the badge shows ("more than 99" for "99+"), so a voice command naming what
  // is on screen finds the button.
  let bellLabel = t('notifications.bell.label');
  if (unread > UNREAD_COUNT_SHOWN_MAX) {
    bellLabel = t('notifications.bell.labelOverMax', { max: UNREAD_COUNT_SHOWN_MAX });
  } else if (unread > 0) {
    bellLabel = t('notifications.bell.labelUnread', { count: unread });
  }

  const open = anchor !== null;
  const close = () => setAnchor(null);
  // The panel hangs from the bell's outer edge: the right in English, the left in Arabic.
  const edge = theme.direction === 'rtl' ? 'left' : 'right';
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={bellLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
      >
        {unread > 0 ? (
          <Badge
            badgeContent={unread}
            max={UNREAD_COUNT_SHOWN_MAX}
            overlap="circular"
            sx={{
              '& .MuiBadge-badge': {
                bgcolor: 'common.white',
                color: 'primary.dark',
                fontWeight: 700,
              },
            }}
          >
            <NotificationsIcon />
          </Badge>
        ) : (
          // No badge at all: a hidden "0" would still be text the button shows but does not say.
          <NotificationsNoneIcon />
        )}
      </IconButton>
      <Box component="span" role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: edge }}
        transformOrigin={{ vertical: 'top', horizontal: edge }}
        slotProps={{
          paper: {
            id: panelId,
            role: 'dialog',
            'aria-labelledby': headingId,
            sx: { width: 400, display: 'flex', flexDirection: 'column' },
          },
        }}
      >
        <NotificationPanel headingId={headingId} unreadCount={unread} onClose={close} />
      </Popover>
    </>
  );
}
