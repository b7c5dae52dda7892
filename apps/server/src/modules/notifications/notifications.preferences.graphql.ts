import {
  NOTIFICATION_CHANNELS,
  TUNABLE_NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
} from '@encore/core';
import { z } from 'zod';
import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import { parseInput } from '../../lib/validation';

interface PreferenceShape {
  type: NotificationType;
  channel: NotificationChannel;
}

/** A sealed unsubscribe token is about a hundred characters; anything far longer is not one. */
const UNSUBSCRIBE_TOKEN_MAX = 512;
const tokenSchema = z.strictObject({ token: z.string().min(1).max(UNSUBSCRIBE_TOKEN_MAX) });
const preferenceSchema = z.strictObject({
  type: z.enum(TUNABLE_NOTIFICATION_TYPES),
  channel: z.enum(NOTIFICATION_CHANNELS),
});

/**
 * How each person hears of each kind of notification (in the centre, by email at once, in the
 * daily digest, or not at all), and what an email's unsubscribe link changes.
 */
export function registerNotificationPreferencesGraphQL(
  NotificationTypeEnum: ReturnType<typeof builder.enumType<string, readonly NotificationType[]>>,
): void {
  const NotificationChannelEnum = builder.enumType('NotificationChannel', {
    description:
      'in_app: the notification centre only; email: there and by email at once; digest: there and in the daily digest email; off: not at all.',
    values: NOTIFICATION_CHANNELS,
  });

  const PreferenceRef = builder.objectRef<PreferenceShape>('NotificationPreference').implement({
    description: 'How the viewer hears of one kind of notification.',
    fields: (t) => ({
      type: t.field({ type: NotificationTypeEnum, resolve: (row) => row.type }),
      channel: t.field({ type: NotificationChannelEnum, resolve: (row) => row.channel }),
    }),
  });

  builder.queryFields((t) => ({
    notificationPreferences: t.field({
      type: [PreferenceRef],
      description:
        "The viewer's channel for each kind they may tune (security emails and invitations always go).",
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      resolve: async (_root, _args, context) => {
        const channels = await context.services.notificationPreferences.of(context.viewer.user!.id);
        return TUNABLE_NOTIFICATION_TYPES.map((type) => ({ type, channel: channels[type] }));
      },
    }),
  }));

  builder.mutationFields((t) => ({
    updateNotificationPreference: t.field({
      type: PreferenceRef,
      description: 'Chooses how the viewer hears of one kind of notification.',
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      args: {
        type: t.arg({ type: NotificationTypeEnum, required: true }),
        channel: t.arg({ type: NotificationChannelEnum, required: true }),
      },
      resolve: async (_root, args, context) => {
        const { type, channel } = parseInput(preferenceSchema, args, context.t, '');
        await context.services.notificationPreferences.update(
          context.viewer.user!.id,
          type,
          channel,
        );
        return { type, channel };
      },
    }),
    unsubscribeFromNotifications: t.field({
      type: [NotificationTypeEnum],
      description:
        "Follows an email's unsubscribe link without signing in: the kinds it names stop coming by email (or in the digest) and stay in the notification centre. Answers those kinds.",
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      args: { token: t.arg.string({ required: true }) },
      resolve: (_root, args, context) => {
        const { token } = parseInput(tokenSchema, args, context.t, '');
        return context.services.notificationPreferences.unsubscribe(token);
      },
    }),
  }));
}
