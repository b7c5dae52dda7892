import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import type { NotificationFieldsFragment } from '../../../gql/graphql';
import { formatDateTime, toDate } from '../../../lib/format';
import type { NotificationGroup } from '../group-notifications';
import { formatRelativeTime, internalPath } from '../notification-links';
import { NotificationTypeIcon } from './NotificationTypeIcon';

/** "5 minutes ago", with the exact time for those who point at it and for machines. */
export function NotificationTime({ value }: { value: string }) {
  return (
    <Box component="time" dateTime={toDate(value).toISOString()} title={formatDateTime(value)}>
      {formatRelativeTime(value)}
    </Box>
  );
}

/** The red dot of an unread notification; screen readers hear "Unread". */
export function UnreadMarker() {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      sx={{
        position: 'relative',
        flexShrink: 0,
        width: 10,
        height: 10,
        mt: 1,
        borderRadius: '50%',
        bgcolor: 'primary.main',
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {t('notifications.unread')}
      </Box>
    </Box>
  );
}

interface NotificationEntryProps {
  group: NotificationGroup<NotificationFieldsFragment>;
  /** Called on click or Enter, before the link (if any) is followed. */
  onOpen: (group: NotificationGroup<NotificationFieldsFragment>) => void;
}

/**
 * One entry of the bell's panel: a link to what the notification is about (a button when it
 * leads nowhere), with its kind, title, message, time and, for a group, how many more it holds.
 */
export function NotificationEntry({ group, onOpen }: NotificationEntryProps) {
  const { t } = useTranslation();
  const { lead, rest } = group;
  const unread = !lead.is_read;
  const to = internalPath(lead.url_path);
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
        <NotificationTypeIcon type={lead.type} color={unread ? 'primary' : 'action'} />
      </ListItemIcon>
      <ListItemText
        sx={{ my: 0, minWidth: 0 }}
        primary={lead.title}
        slotProps={{
          // Written in the recipient's language when it happened, which may not be the page's:
          // each text takes its own direction, and `start` of it (the list button aligns its
          // text to the page's side).
          primary: {
            dir: 'auto',
            sx: { fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere', textAlign: 'start' },
          },
          secondary: { component: 'span', sx: { display: 'grid', gap: 0.25 } },
        }}
        secondary={
          <>
            {lead.message ? (
              <Box
                component="span"
                dir="auto"
                sx={{
                  textAlign: 'start',
                  overflowWrap: 'anywhere',
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {lead.message}
              </Box>
            ) : null}
            <Box component="span" sx={{ typography: 'caption' }}>
              <NotificationTime value={lead.created_at} />
              {rest.length > 0 ? ` · ${t('notifications.panel.more', { count: rest.length })}` : ''}
            </Box>
          </>
        }
      />
      {unread ? <UnreadMarker /> : null}
    </>
  );
  const common = {
    alignItems: 'flex-start' as const,
    onClick: () => onOpen(group),
    sx: { gap: 1, bgcolor: unread ? 'action.hover' : undefined },
  };
  return (
    <ListItem disablePadding divider>
      {to ? (
        <ListItemButton component={RouterLink} to={to} {...common}>
          {content}
        </ListItemButton>
      ) : (
        <ListItemButton {...common}>{content}</ListItemButton>
      )}
    </ListItem>
  );
}
