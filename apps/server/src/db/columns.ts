import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension): emails and slugs compare without regard to case. */
export const citext = customType<{ data: string }>({
  dataType: () => 'citext',
});

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });

/** A moment in time with its time zone, read as a Date. */
export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
