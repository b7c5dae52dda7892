import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import { MarkAllNotificationsReadDocument, MarkNotificationReadDocument } from '../../gql/graphql';
import { useSnackbar } from '../../lib/snackbar';
import { markAllReadInCache, readUnreadCount, writeUnreadCount } from './notification-cache';

interface Markable {
  id: string;
  is_read: boolean;
}

/**
 * Marking read, with the bell kept in step: each notification that was unread takes one off the
 * count once the server confirms it (the next push brings the server's own count anyway). A
 * failure is said in a notice; the notification simply stays unread.
 */
export function useMarkNotificationsRead() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [markOne] = useMutation(MarkNotificationReadDocument);
  const [markAll, markingAll] = useMutation(MarkAllNotificationsReadDocument, {
    update: (cache) => markAllReadInCache(cache),
  });

  const markRead = async (notifications: readonly Markable[]): Promise<void> => {
    const unread = notifications.filter((notification) => !notification.is_read);
    const results = await Promise.allSettled(
      unread.map((notification) =>
        markOne({
          variables: { notification_id: notification.id },
          update: (cache) => {
            const count = readUnreadCount(cache);
            if (count !== null) writeUnreadCount(cache, count - 1);
          },
        }),
      ),
    );
    if (results.some((result) => result.status === 'rejected')) {
      snackbar.error(t('notifications.markFailed'));
    }
  };

  const markAllRead = async (): Promise<boolean> => {
    try {
      await markAll();
      return true;
    } catch {
      snackbar.error(t('notifications.markFailed'));
      return false;
    }
  };

  return { markRead, markAllRead, markingAll: markingAll.loading };
}
