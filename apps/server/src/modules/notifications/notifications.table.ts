import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * One row a recipient (fan-out on write): what happened, in the recipient's language, and where to
 * look. Written by event handlers only, once per event and recipient.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message'),
    urlPath: text('url_path'),
    isRead: boolean('is_read').notNull().default(false),
    /** The event it tells of: a redelivered event notifies no one twice. */
    eventId: uuid('event_id').notNull(),
    /** What it is about (`application:…`), so that what concerns one thing can be grouped. */
    subject: text('subject').notNull(),
    /** What the title and message were made from, to be written again (another language). */
    params: jsonb('params')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('notifications_event_user_idx').on(table.eventId, table.userId),
    index('notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
    // The bell's count and "mark all as read" read only the unread ones.
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`not ${table.isRead}`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** A person's choice of channel for one kind; a kind without a row goes its default way. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    channel: text('channel').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/** When each person's daily digest last went out: a digest names what came since. */
export const notificationDigests = pgTable('notification_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type NotificationPreferenceRow = typeof notificationPreferences.$inferSelect;
