import { DIGEST_HOUR_UTC, NOTIFICATION_CHANNELS } from '@encore/core';
import type { NotificationChannel, NotificationType } from '../../../gql/graphql';

/** The four choices of each row, in the order a person reads them: most to least. */
export const CHANNEL_CHOICES: readonly NotificationChannel[] = NOTIFICATION_CHANNELS;

/** Where a kind is addressed in the `notificationSettings` copy of the `pages` namespace. */
export const kindLabelKey = (type: NotificationType) => `notificationSettings.kinds.${type}.label`;
export const kindDescriptionKey = (type: NotificationType) =>
  `notificationSettings.kinds.${type}.description`;
export const channelLabelKey = (channel: NotificationChannel) =>
  `notificationSettings.channels.${channel}`;

/** Where the notification settings live: the unsubscribe page and the bell's page link here. */
export const NOTIFICATION_SETTINGS_PATH = '/profile/update?tab=notifications';

/**
 * When the daily digest goes, as a time of day in the reader's own time zone ("10:00 CEST"). Taken
 * for today, so that summer time is counted as it is now.
 */
export function digestTimeOfDay(
  locale: string,
  { now = new Date(), timeZone }: { now?: Date; timeZone?: string } = {},
): string {
  const sendsAt = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC),
  );
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(sendsAt);
}
