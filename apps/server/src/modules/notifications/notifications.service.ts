import {
  DEFAULT_LOCALE,
  formatMoney,
  isSupportedLocale,
  pageOffset,
  type Locale,
  type NotificationType,
  type PageRequest,
} from '@encore/core';
import { and, count, desc, eq, not } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { translatorFor } from '../../lib/i18n';
import type { UsersService } from '../users/users.service';
import { notificationAggregate } from './notifications.events';
import type { NotificationPreferences } from './notifications.preferences';
import { notifications, type NotificationRow } from './notifications.table';

/** One recipient's notice of something that happened. */
export interface NotificationNotice {
  userId: string;
  type: NotificationType;
  /** What it is about (`application:…`). */
  subject: string;
  urlPath: string | null;
  /** The values the type's title and message name, already in words (a title, a name). */
  params: Record<string, string>;
  /**
   * Values that are themselves translation keys, translated in the recipient's language: a key,
   * or keys tried in turn (the first that exists) with the values they name
   * (`{ key: 'notifications:refund_status.team_note', values: { note } }`).
   */
  translatedParams?: Record<string, string | TranslatedParam>;
  /** Amounts and moments, written the way the recipient's language writes them. */
  localisedParams?: Record<string, LocalisedParam>;
}

export interface TranslatedParam {
  key: string | string[];
  values?: Record<string, string>;
}

/**
 * A value each recipient reads in their own language: an amount in minor units, or a moment (an
 * ISO instant) as a date, with its time and the zone's name when `time` is set (a team may sit in
 * another zone than its opportunity's), in the time zone given.
 */
export type LocalisedParam =
  { money: number; currency: string } | { moment: string; timeZone: string; time: boolean };

function localised(param: LocalisedParam, locale: Locale): string {
  if ('money' in param) return formatMoney(param.money, param.currency, locale);
  const date = { year: 'numeric', month: 'long', day: 'numeric' } as const;
  const time = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat(locale, {
    ...date,
    ...(param.time ? time : {}),
    timeZone: param.timeZone,
  }).format(new Date(param.moment));
}

export interface NotificationsDependencies {
  db: Database;
  users: UsersService;
  outbox: Outbox;
  clock: Clock;
  preferences: NotificationPreferences;
}

/**
 * The notification centre (issue 19): a row a recipient, written by event handlers in the
 * recipient's language; read, counted and marked read by its recipient only.
 */
export function createNotificationsService({
  db,
  users,
  outbox,
  clock,
  preferences,
}: NotificationsDependencies) {
  const ownedBy = (userId: string) => eq(notifications.userId, userId);
  const unread = not(notifications.isRead);

  async function unreadCount(userId: string): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(notifications)
      .where(and(ownedBy(userId), unread));
    return row?.value ?? 0;
  }

  /** Drops the notices of kinds their recipients turned off. */
  async function withoutSilenced(notices: NotificationNotice[]): Promise<NotificationNotice[]> {
    const silenced = new Set<string>();
    for (const type of new Set(notices.map((notice) => notice.type))) {
      const userIds = notices.filter((notice) => notice.type === type).map((n) => n.userId);
      for (const [userId, channel] of await preferences.channelsFor(userIds, type)) {
        if (channel === 'off') silenced.add(`${type}:${userId}`);
      }
    }
    return notices.filter((notice) => !silenced.has(`${notice.type}:${notice.userId}`));
  }

  return {
    unreadCount,

    /**
     * Writes the notices of one event, each in its recipient's language, and records each as a
     * `NotificationCreated` event (the realtime channel pushes it from there). A redelivered event
     * writes nothing twice.
     */
    async notify(eventId: string, notices: NotificationNotice[]): Promise<NotificationRow[]> {
      notices = await withoutSilenced(notices);
      if (notices.length === 0) return [];
      const recipients = new Map(
        (await users.byIds([...new Set(notices.map((notice) => notice.userId))])).map((user) => [
          user.id,
          user,
        ]),
      );
      const now = clock();
      const values = notices.flatMap((notice) => {
        const recipient = recipients.get(notice.userId);
        if (!recipient) return [];
        const locale = isSupportedLocale(recipient.locale) ? recipient.locale : DEFAULT_LOCALE;
        const t = translatorFor(locale);
        const words = {
          ...notice.params,
          ...Object.fromEntries(
            Object.entries(notice.translatedParams ?? {}).map(([name, key]) => [
              name,
              typeof key === 'string' ? t(key) : t(key.key, key.values ?? {}),
            ]),
          ),
          ...Object.fromEntries(
            Object.entries(notice.localisedParams ?? {}).map(([name, param]) => [
              name,
              localised(param, locale),
            ]),
          ),
        };
        // A sentence that ends with an optional value (a note) has nothing after it when it is empty.
        const message = t(`notifications:${notice.type}.message`, {
          ...words,
          defaultValue: '',
        }).trim();
        return [
          {
            userId: notice.userId,
            type: notice.type,
            title: t(`notifications:${notice.type}.title`, words),
            message: message === '' ? null : message,
            urlPath: notice.urlPath,
            eventId,
            subject: notice.subject,
            params: words,
            createdAt: now,
            updatedAt: now,
          },
        ];
      });
      if (values.length === 0) return [];
      return outbox.transaction(async (tx, record) => {
        const rows = await tx
          .insert(notifications)
          .values(values)
          .onConflictDoNothing({ target: [notifications.eventId, notifications.userId] })
          .returning();
        await record(
          ...rows.map((row) =>
            domainEvent('NotificationCreated', notificationAggregate(row.userId), {
              notificationId: row.id,
              userId: row.userId,
            }),
          ),
        );
        return rows;
      });
    },

    /** A page of the recipient's notifications, the newest first; all, read or unread. */
    async page(
      userId: string,
      request: PageRequest,
      isRead: boolean | null,
    ): Promise<{ rows: NotificationRow[]; total: number }> {
      const where = and(
        ownedBy(userId),
        isRead === null ? undefined : eq(notifications.isRead, isRead),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(request.first)
          .offset(pageOffset(request.page, request.first)),
        db.select({ value: count() }).from(notifications).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async byId(userId: string, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), ownedBy(userId)));
      return row;
    },

    /** Marks one of the recipient's own as read; anyone else's is not found. */
    async markRead(userId: string, id: string): Promise<NotificationRow> {
      const [row] = await db
        .update(notifications)
        .set({ isRead: true, updatedAt: clock() })
        .where(and(eq(notifications.id, id), ownedBy(userId)))
        .returning();
      if (!row) throw AppError.notFound('notification');
      return row;
    },

    /** Marks every unread one of the recipient's as read, in one statement. */
    async markAllRead(userId: string): Promise<void> {
      await db
        .update(notifications)
        .set({ isRead: true, updatedAt: clock() })
        .where(and(ownedBy(userId), unread));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
