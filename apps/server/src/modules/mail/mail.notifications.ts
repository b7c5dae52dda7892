import { DEFAULT_LOCALE, isNotificationType, isSupportedLocale } from '@encore/core';
import type { FeatureHandlers } from '../../events/handlers';
import type { NotificationDigests } from '../notifications/notifications.digest';
import type { NotificationPreferences } from '../notifications/notifications.preferences';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import type { MailService } from './mail.service';

/**
 * Kinds whose email its own event sends, with a letter of its own (mail.events.ts); the others are
 * mailed from the notification itself.
 */
const MAILED_BY_THEIR_EVENT = new Set([
  'application_status',
  'application_message',
  'upgrade_decision',
  'team_invitation',
  'opportunity_invitation',
]);

export interface NotificationMailDependencies {
  mail: MailService;
  publicUrl: string;
  users: Pick<UsersService, 'findActive'>;
  notifications: Pick<NotificationsService, 'byId'>;
  preferences: NotificationPreferences;
  digests: Pick<NotificationDigests, 'contents'>;
}

/**
 * The emails the notification centre sends: a notification of a kind its recipient gets by email
 * at once, and the daily digest of what they left unread. Each carries its one-click unsubscribe.
 */
export function notificationMailHandlers({
  mail,
  publicUrl,
  users,
  notifications,
  preferences,
  digests,
}: NotificationMailDependencies) {
  const linkTo = (urlPath: string | null) => (urlPath ? `${publicUrl}${urlPath}` : undefined);

  return {
    name: 'notification-mail',
    inTransaction: false,
    on: {
      async NotificationCreated({ payload }) {
        const notification = await notifications.byId(payload.userId, payload.notificationId);
        if (!notification || MAILED_BY_THEIR_EVENT.has(notification.type)) return;
        if (!isNotificationType(notification.type)) return;
        const channels = await preferences.channelsFor([payload.userId], notification.type);
        if (channels.get(payload.userId) !== 'email') return;
        const recipient = await users.findActive(payload.userId);
        if (!recipient) return;
        await mail.send({
          to: recipient.email,
          locale: isSupportedLocale(recipient.locale) ? recipient.locale : DEFAULT_LOCALE,
          template: 'notification',
          values: {
            name: recipient.name,
            title: notification.title,
            message: notification.message ?? '',
            actionUrl: linkTo(notification.urlPath),
          },
          unsubscribeUrl: preferences.unsubscribeLink(recipient.id, notification.type),
        });
      },
      async NotificationDigestDue({ payload }) {
        const recipient = await users.findActive(payload.userId);
        if (!recipient) return;
        const { rows, total } = await digests.contents(
          payload.userId,
          new Date(payload.since),
          new Date(payload.until),
        );
        // Read since the digest fell due, or moved off the digest: nothing is left to tell.
        if (rows.length === 0) return;
        await mail.send({
          to: recipient.email,
          locale: isSupportedLocale(recipient.locale) ? recipient.locale : DEFAULT_LOCALE,
          template: 'notification_digest',
          values: {
            name: recipient.name,
            count: total,
            actionUrl: `${publicUrl}/notifications`,
          },
          items: rows.map((row) => ({
            title: row.title,
            detail: row.message,
            url: linkTo(row.urlPath),
          })),
          unsubscribeUrl: preferences.unsubscribeLink(recipient.id, 'digest'),
        });
      },
    },
  } satisfies FeatureHandlers;
}
