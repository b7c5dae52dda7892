/** What a notification is about: each kind has its own title and message in every language. */
export const NOTIFICATION_TYPES = [
  'application_status',
  'application_message',
  /** A teammate commented on or rated an application the recipient manages. */
  'application_review',
  /** Someone applied to an opportunity of the recipient's team. */
  'new_application',
  'team_invitation',
  'opportunity_invitation',
  /** Someone accepted or declined an invitation the recipient sent. */
  'invitation_answered',
  'upgrade_decision',
  /** A teammate published an opportunity of the recipient's organisation. */
  'opportunity_published',
  /** An opportunity the recipient has a draft for closes within CLOSING_SOON_HOURS. */
  'closing_soon',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** universalNotifications' page size when none is asked for. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The bell shows the count up to this, then "99+". */
export const UNREAD_COUNT_SHOWN_MAX = 99;
