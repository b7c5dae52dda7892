/** What a notification is about: each kind has its own title and message in every language. */
export const NOTIFICATION_TYPES = [
  'application_status',
  'application_message',
  'team_invitation',
  'opportunity_invitation',
  'upgrade_decision',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** universalNotifications' page size when none is asked for. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The bell shows the count up to this, then "99+". */
export const UNREAD_COUNT_SHOWN_MAX = 99;
