import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The outbox: domain events, written in the transaction of the change they tell of, delivered to
 * their handlers after it commits. Not the change logs (`organisation_events`,
 * `opportunity_events`), which record who did what for people to read.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events were written in; handlers see an aggregate's events in this order. */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    name: text('name').notNull(),
    /** What the event is about, as `type:id` (`application:…`): the unit of ordering. */
    aggregate: text('aggregate').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** `pending` until every handler has taken it, then `delivered`; `failed` after the last try. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A dispatcher holds the event until then; after a crash another takes it up. */
    leasedUntil: timestamp('leased_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('domain_events_due_idx')
      .on(table.nextAttemptAt, table.sequence)
      .where(sql`${table.status} = 'pending'`),
    index('domain_events_pending_aggregate_idx')
      .on(table.aggregate, table.sequence)
      .where(sql`${table.status} = 'pending'`),
    index('domain_events_failed_idx')
      .on(table.sequence)
      .where(sql`${table.status} = 'failed'`),
  ],
);

/** Which handler has taken which event: a handler runs once per event, however often it is delivered. */
export const domainEventHandled = pgTable(
  'domain_event_handled',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.handler] })],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
