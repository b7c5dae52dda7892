import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which endpoint took it: analytics, tracking or metrics. */
    channel: text('channel').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    path: text('path'),
    properties: jsonb('properties')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull(),
    userId: uuid('user_id'),
    sessionId: text('session_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: createdAt(),
  },
  (table) => [
    index('analytics_events_channel_type_idx').on(table.channel, table.type, table.occurredAt),
    index('analytics_events_path_idx').on(table.path),
  ],
);
