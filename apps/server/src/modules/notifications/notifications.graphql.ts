import {
  DEFAULT_PAGE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationType,
} from '@encore/core';
import { z } from 'zod';
import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import { paginatorType, toPage } from '../../graphql/pagination';
import { parseInput } from '../../lib/validation';
import { registerNotificationPreferencesGraphQL } from './notifications.preferences.graphql';
import type { NotificationRow } from './notifications.table';

// The arguments SEED-SPEC names (`per_page`, not `first`), checked under their own names.
const pageSchema = z.strictObject({
  page: z.number().int().min(1).max(MAX_PAGE),
  per_page: z.number().int().min(1).max(MAX_PAGE_SIZE),
});
const idSchema = z.strictObject({ notification_id: z.uuid() });

const typeOf = (row: NotificationRow): NotificationType =>
  NOTIFICATION_TYPES.find((type) => type === row.type) ?? 'application_status';

/** The notification centre: each signed-in person reads and marks their own notifications only. */
export function registerNotificationsGraphQL(): void {
  const NotificationTypeEnum = builder.enumType('NotificationType', {
    values: NOTIFICATION_TYPES,
  });

  registerNotificationPreferencesGraphQL(NotificationTypeEnum);

  const NotificationRef = builder.objectRef<NotificationRow>('Notification').implement({
    description: 'Something that happened that concerns the viewer, in their language.',
    fields: (t) => ({
      id: t.exposeID('id'),
      type: t.field({ type: NotificationTypeEnum, resolve: typeOf }),
      title: t.exposeString('title'),
      message: t.exposeString('message', { nullable: true }),
      url_path: t.exposeString('urlPath', {
        nullable: true,
        description: 'Where to look, a path of the web app (`/application/…`).',
      }),
      is_read: t.exposeBoolean('isRead'),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      updated_at: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
    }),
  });
  const NotificationPaginator = paginatorType('Notification', NotificationRef);

  builder.queryFields((t) => ({
    universalNotifications: t.field({
      type: NotificationPaginator,
      description:
        "The viewer's notifications, the newest first: all, or only read or unread ones.",
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      args: {
        page: t.arg.int({ required: false }),
        per_page: t.arg.int({ required: false }),
        is_read: t.arg.boolean({ required: false }),
      },
      resolve: async (_root, args, context) => {
        const asked = parseInput(
          pageSchema,
          { page: args.page ?? DEFAULT_PAGE, per_page: args.per_page ?? NOTIFICATIONS_PAGE_SIZE },
          context.t,
          '',
        );
        const request = { first: asked.per_page, page: asked.page };
        const { rows, total } = await context.services.notifications.page(
          context.viewer.user!.id,
          request,
          args.is_read ?? null,
        );
        return toPage(rows, total, request);
      },
    }),
    unreadNotificationsCount: t.int({
      description: "How many of the viewer's notifications are unread (the bell).",
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      resolve: (_root, _args, context) =>
        context.services.notifications.unreadCount(context.viewer.user!.id),
    }),
  }));

  builder.mutationFields((t) => ({
    markNotificationAsRead: t.field({
      type: NotificationRef,
      description: "Marks one of the viewer's notifications as read; anyone else's is not found.",
      extensions: access({ record: 'notification', allows: ['applicant'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      args: { notification_id: t.arg.id({ required: true }) },
      resolve: (_root, args, context) => {
        const { notification_id } = parseInput(
          idSchema,
          { notification_id: args.notification_id },
          context.t,
          '',
        );
        return context.services.notifications.markRead(context.viewer.user!.id, notification_id);
      },
    }),
    markAllNotificationsAsRead: t.boolean({
      description: "Marks every unread notification of the viewer's as read.",
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      resolve: async (_root, _args, context) => {
        await context.services.notifications.markAllRead(context.viewer.user!.id);
        return true;
      },
    }),
  }));
}
