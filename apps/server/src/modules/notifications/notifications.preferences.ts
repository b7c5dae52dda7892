import {
  DEFAULT_NOTIFICATION_CHANNELS,
  isNotificationType,
  TUNABLE_NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
} from '@encore/core';
import { and, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Sealer } from '../../lib/sealed';
import type { UsersService } from '../users/users.service';
import { notificationPreferences } from './notifications.table';

/** What an unsubscribe link stops: the emails of one kind, or the daily digest. */
export type UnsubscribeScope = NotificationType | 'digest';

const isTunable = (type: NotificationType) =>
  (TUNABLE_NOTIFICATION_TYPES as readonly NotificationType[]).includes(type);

const unsubscribeClaim = z.strictObject({ u: z.uuid(), s: z.string() });

export interface NotificationPreferencesDependencies {
  db: Database;
  users: Pick<UsersService, 'findActive'>;
  sealer: Sealer;
  clock: Clock;
  publicUrl: string;
}

/**
 * Each person's channel per kind of notification. Only choices that differ from the defaults are
 * kept, so a new kind reaches everyone its default way.
 */
export function createNotificationPreferences({
  db,
  users,
  sealer,
  clock,
  publicUrl,
}: NotificationPreferencesDependencies) {
  async function chosen(userIds: readonly string[], types?: readonly NotificationType[]) {
    if (userIds.length === 0) return [];
    return db
      .select()
      .from(notificationPreferences)
      .where(
        and(
          inArray(notificationPreferences.userId, [...userIds]),
          types ? inArray(notificationPreferences.type, [...types]) : undefined,
        ),
      );
  }

  async function set(
    userId: string,
    types: readonly NotificationType[],
    channel: NotificationChannel,
  ): Promise<void> {
    if (types.length === 0) return;
    const now = clock();
    await db
      .insert(notificationPreferences)
      .values(types.map((type) => ({ userId, type, channel, updatedAt: now })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { channel, updatedAt: now },
      });
  }

  async function of(userId: string): Promise<Record<NotificationType, NotificationChannel>> {
    const channels = { ...DEFAULT_NOTIFICATION_CHANNELS };
    for (const row of await chosen([userId])) {
      if (isNotificationType(row.type)) channels[row.type] = row.channel as NotificationChannel;
    }
    return channels;
  }

  return {
    of,

    /** Each recipient's channel for one kind (an invitation always goes its default way). */
    async channelsFor(
      userIds: readonly string[],
      type: NotificationType,
    ): Promise<Map<string, NotificationChannel>> {
      const channels = new Map(userIds.map((id) => [id, DEFAULT_NOTIFICATION_CHANNELS[type]]));
      if (!isTunable(type)) return channels;
      for (const row of await chosen(userIds, [type])) {
        channels.set(row.userId, row.channel as NotificationChannel);
      }
      return channels;
    },

    /** The kinds that go to the person's digest now. */
    async digestTypes(userId: string): Promise<NotificationType[]> {
      const channels = await of(userId);
      return TUNABLE_NOTIFICATION_TYPES.filter((type) => channels[type] === 'digest');
    },

    async update(
      userId: string,
      type: NotificationType,
      channel: NotificationChannel,
    ): Promise<NotificationChannel> {
      if (!isTunable(type)) {
        throw AppError.validation({ type: ['validation.notification_type_fixed'] });
      }
      await set(userId, [type], channel);
      return channel;
    },

    /**
     * The address that stops one kind's emails, or the digest, without signing in: a sealed token
     * says whose and what, so it cannot be made up for someone else.
     */
    unsubscribeLink(userId: string, scope: UnsubscribeScope): string {
      const token = sealer.seal(JSON.stringify({ u: userId, s: scope }));
      return `${publicUrl}/unsubscribe?token=${token}`;
    },

    /**
     * Follows an unsubscribe link: the kinds it names that still reach the person by email (or by
     * the digest) stay in the notification centre only. Nothing else changes; following it twice
     * changes nothing more. Answers the kinds it names.
     */
    async unsubscribe(token: string): Promise<NotificationType[]> {
      let claim: z.infer<typeof unsubscribeClaim>;
      try {
        claim = unsubscribeClaim.parse(JSON.parse(sealer.unseal(token)));
      } catch {
        throw AppError.validation({ token: ['validation.unsubscribe_link_invalid'] });
      }
      const scope = claim.s;
      const mailed: NotificationChannel = scope === 'digest' ? 'digest' : 'email';
      const named =
        scope === 'digest'
          ? [...TUNABLE_NOTIFICATION_TYPES]
          : TUNABLE_NOTIFICATION_TYPES.filter((type) => type === scope);
      if (named.length === 0) {
        throw AppError.validation({ token: ['validation.unsubscribe_link_invalid'] });
      }
      // The account was closed since the email went: there is nothing left to stop.
      if (!(await users.findActive(claim.u))) return [];
      const channels = await of(claim.u);
      await set(
        claim.u,
        named.filter((type) => channels[type] === mailed),
        'in_app',
      );
      return scope === 'digest' ? named.filter((type) => channels[type] === mailed) : named;
    },
  };
}

export type NotificationPreferences = ReturnType<typeof createNotificationPreferences>;
