import {
  DEFAULT_NOTIFICATION_CHANNELS,
  DIGEST_HOUR_UTC,
  DIGEST_MAX_ITEMS,
  TUNABLE_NOTIFICATION_TYPES,
} from '@encore/core';
import { and, count, desc, gt, inArray, lte, not, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import type { RecurringJob } from '../../lib/jobs';
import { notificationAggregate } from './notifications.events';
import type { NotificationPreferences } from './notifications.preferences';
import { notifications, type NotificationRow } from './notifications.table';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many people's digests one run claims; the next run takes the rest. */
const DIGESTS_A_RUN = 500;
/** The digest job looks this often whether a digest has fallen due. */
export const DIGEST_EVERY_MS = 10 * 60 * 1000;

/** The digest `now` belongs to: today's at DIGEST_HOUR_UTC, or yesterday's before that hour. */
export function digestSlot(now: Date): Date {
  const slot = new Date(now);
  slot.setUTCHours(DIGEST_HOUR_UTC, 0, 0, 0);
  return slot.getTime() > now.getTime() ? new Date(slot.getTime() - DAY_MS) : slot;
}

// Never empty: without a kind that goes to the digest by default the statement would not parse.
const digestByDefault = [
  '',
  ...TUNABLE_NOTIFICATION_TYPES.filter((type) => DEFAULT_NOTIFICATION_CHANNELS[type] === 'digest'),
];

export interface NotificationDigestsDependencies {
  db: Database;
  outbox: Outbox;
  clock: Clock;
  preferences: NotificationPreferences;
}

/**
 * The daily digest: once a day, everyone who left notifications of a digest kind unread since
 * their last digest gets one email listing them. Claiming a person's digest and recording the event
 * that mails it is one statement and one transaction, so several processes never send two.
 */
export function createNotificationDigests({
  db,
  outbox,
  clock,
  preferences,
}: NotificationDigestsDependencies) {
  return {
    /** Claims the digests due now and records a `NotificationDigestDue` for each; answers how many. */
    async claimDue(): Promise<number> {
      const slot = digestSlot(clock());
      const until = sql`${slot.toISOString()}::timestamptz`;
      const firstSince = sql`${new Date(slot.getTime() - DAY_MS).toISOString()}::timestamptz`;
      const typesByDefault = sql.join(
        digestByDefault.map((type) => sql`${type}`),
        sql`, `,
      );
      return outbox.transaction(async (tx, record) => {
        // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
        const claimed = (await tx.execute(sql`
          with due as (
            select n.user_id, coalesce(max(d.sent_at), ${firstSince}) as since
            from notifications n
            left join notification_preferences p on p.user_id = n.user_id and p.type = n.type
            left join notification_digests d on d.user_id = n.user_id
            where not n.is_read
              and n.created_at <= ${until}
              and n.created_at > coalesce(d.sent_at, ${firstSince})
              and (p.channel = 'digest'
                or (p.channel is null and n.type in (${typesByDefault})))
            group by n.user_id
            limit ${DIGESTS_A_RUN}
          ), claimed as (
            insert into notification_digests (user_id, sent_at)
            select user_id, ${until} from due
            on conflict (user_id) do update set sent_at = excluded.sent_at
              where notification_digests.sent_at < excluded.sent_at
            returning user_id
          )
          select claimed.user_id, due.since from claimed join due using (user_id)`)) as unknown as {
          rows: Array<{ user_id: string; since: Date | string }>;
        };
        await record(
          ...claimed.rows.map((row) =>
            domainEvent('NotificationDigestDue', notificationAggregate(row.user_id), {
              userId: row.user_id,
              since: new Date(row.since).toISOString(),
              until: slot.toISOString(),
            }),
          ),
        );
        return claimed.rows.length;
      });
    },

    /**
     * What a person's digest lists: their notifications from the window that are still unread and
     * of a kind they get by digest, the newest first, and how many there are in all.
     */
    async contents(
      userId: string,
      since: Date,
      until: Date,
    ): Promise<{ rows: NotificationRow[]; total: number }> {
      const types = await preferences.digestTypes(userId);
      if (types.length === 0) return { rows: [], total: 0 };
      const where = and(
        eq(notifications.userId, userId),
        not(notifications.isRead),
        inArray(notifications.type, types),
        gt(notifications.createdAt, since),
        lte(notifications.createdAt, until),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(DIGEST_MAX_ITEMS),
        db.select({ value: count() }).from(notifications).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type NotificationDigests = ReturnType<typeof createNotificationDigests>;

export function notificationDigestJob(digests: NotificationDigests): RecurringJob {
  return {
    name: 'notification-digest',
    everyMs: DIGEST_EVERY_MS,
    run: async () => {
      await digests.claimDue();
    },
  };
}
