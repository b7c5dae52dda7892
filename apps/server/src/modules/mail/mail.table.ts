import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Without SMTP_URL, mail lands here so a developer (or the demo) can read it at /dev/mail. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    locale: text('locale').notNull(),
    template: text('template').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);

export type OutboxRow = typeof mailOutbox.$inferSelect;
