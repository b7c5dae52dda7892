import type { ApolloCache } from '@apollo/client';
import type { NotificationCreatedPayload, RealtimeNotification } from '@encore/core';
import {
  NotificationListDocument,
  UnreadNotificationsCountDocument,
  type NotificationFieldsFragment,
  type NotificationListQuery,
} from '../../gql/graphql';

/** How many of the latest notifications the bell's panel shows. */
export const PANEL_SIZE = 10;
/** The panel's list in the cache: pushes are added to exactly this one. */
export const PANEL_VARIABLES = { page: 1, per_page: PANEL_SIZE } as const;

export function writeUnreadCount(cache: ApolloCache, count: number): void {
  cache.writeQuery({
    query: UnreadNotificationsCountDocument,
    data: { unreadNotificationsCount: Math.max(0, count) },
  });
}

export function readUnreadCount(cache: ApolloCache): number | null {
  return (
    cache.readQuery({ query: UnreadNotificationsCountDocument })?.unreadNotificationsCount ?? null
  );
}

/**
 * A pushed notification as the GraphQL API gives it. The push names its kind as a plain string:
 * a kind newer than this build is kept as it came, and the panel shows it with the general icon.
 */
export const fromRealtime = (
  notification: RealtimeNotification,
): NotificationFieldsFragment & { __typename: 'Notification' } => ({
  __typename: 'Notification',
  ...notification,
  type: notification.type as NotificationFieldsFragment['type'],
});

type NotificationPage = NotificationListQuery['universalNotifications'];

function withNewest(list: NotificationPage, notification: NotificationFieldsFragment) {
  const { perPage } = list.paginatorInfo;
  const total = list.paginatorInfo.total + 1;
  const data = [notification, ...list.data].slice(0, perPage);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    ...list,
    data,
    paginatorInfo: {
      ...list.paginatorInfo,
      count: data.length,
      total,
      lastPage,
      hasMorePages: list.paginatorInfo.currentPage < lastPage,
    },
  };
}

/**
 * What a `notificationCreated` push changes: the bell shows the server's count (not ours plus
 * one, so a missed push heals itself), and the panel's list, when it was read already, starts
 * with the new notification. An unread list is left alone: the panel reads it when it opens.
 */
export function applyPushedNotification(
  cache: ApolloCache,
  { notification, unread_count }: NotificationCreatedPayload,
): void {
  writeUnreadCount(cache, unread_count);
  const cached = fromRealtime(notification);
  cache.updateQuery({ query: NotificationListDocument, variables: PANEL_VARIABLES }, (data) => {
    if (!data) return undefined;
    const list = data.universalNotifications;
    if (list.data.some((item) => item.id === cached.id)) return undefined;
    return { ...data, universalNotifications: withNewest(list, cached) };
  });
}

/** After "mark all as read": every notification the cache holds reads as read, and the bell 0. */
export function markAllReadInCache(cache: ApolloCache): void {
  writeUnreadCount(cache, 0);
  // Normalised entries are keyed `Notification:<id>` (InMemoryCache's default).
  const entries = cache.extract() as Record<string, unknown>;
  for (const id of Object.keys(entries)) {
    if (!id.startsWith('Notification:')) continue;
    cache.modify({ id, fields: { is_read: () => true } });
  }
}
