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
  /** An applicant asked for their fee back, or took the request back (to its payments team). */
  'refund_request',
  /** The recipient's own refund: their request was answered, the money was sent or it failed. */
  'refund_status',
  /** A refund the payments team did not make itself: made at the answer-by date, or failed. */
  'refund_outcome',
  /** Paid applications to the recipient's opportunity are undecided and its answer-by date nears. */
  'answer_by_soon',
  /** Money left the balance of the recipient's organisation for its bank account. */
  'payout_sent',
  /** The bank refused a payout of the recipient's organisation: the money is back in its balance. */
  'payout_failed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A draft's applicant is reminded when its opportunity closes within this many hours. */
export const CLOSING_SOON_HOURS = 48;

/** universalNotifications' page size when none is asked for. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The bell shows the count up to this, then "99+". */
export const UNREAD_COUNT_SHOWN_MAX = 99;

/**
 * How a person hears of a kind: in the notification centre only; there and by email at once;
 * there and in the daily digest email; or not at all.
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The kinds a person tunes in their settings. An invitation is not among them: its email carries
 * the only link that accepts it, and may go to someone without an account.
 */
export const TUNABLE_NOTIFICATION_TYPES = NOTIFICATION_TYPES.filter(
  (type) => type !== 'team_invitation' && type !== 'opportunity_invitation',
);

/** Where each kind goes until its recipient chooses otherwise. */
export const DEFAULT_NOTIFICATION_CHANNELS: Record<NotificationType, NotificationChannel> = {
  application_status: 'email',
  application_message: 'email',
  application_review: 'in_app',
  new_application: 'digest',
  team_invitation: 'email',
  opportunity_invitation: 'email',
  invitation_answered: 'in_app',
  upgrade_decision: 'email',
  opportunity_published: 'in_app',
  closing_soon: 'email',
  refund_request: 'email',
  refund_status: 'email',
  refund_outcome: 'email',
  answer_by_soon: 'email',
  payout_sent: 'in_app',
  payout_failed: 'email',
};

/** The daily digest goes out once a day from this hour (UTC), with what is still unread. */
export const DIGEST_HOUR_UTC = 8;

/** The most notifications a digest lists; it says how many more there are. */
export const DIGEST_MAX_ITEMS = 20;

export const isNotificationType = (value: string): value is NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(value);
