/** Which notifications /notifications lists: `?show=unread|read`, all without it. */
export const NOTIFICATION_FILTERS = ['all', 'unread', 'read'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export interface NotificationsView {
  filter: NotificationFilter;
  page: number;
}

export function parseNotificationsParams(params: URLSearchParams): NotificationsView {
  const show = params.get('show');
  const page = Number(params.get('page'));
  return {
    filter: NOTIFICATION_FILTERS.find((filter) => filter === show) ?? 'all',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view; what is as by default stays out of it. */
export function serialiseNotificationsView(view: NotificationsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.filter !== 'all') params.set('show', view.filter);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** universalNotifications' `is_read` for a filter: null lists both. */
export const isReadFor = (filter: NotificationFilter): boolean | null =>
  filter === 'all' ? null : filter === 'read';
