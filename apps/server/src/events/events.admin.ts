import { pageOffset } from '@encore/core';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { PageRequest } from '@encore/core';
import { AppError } from '../lib/errors';
import type { Dispatcher } from './dispatcher';
import { domainEvents, type DomainEventRow } from './events.table';

/**
 * What an administrator sees of an event: where it stands and why it failed. Never the payload:
 * it holds people's addresses and names, and sealed tokens.
 */
export type AdminDomainEvent = Pick<
  DomainEventRow,
  'id' | 'name' | 'aggregate' | 'status' | 'attempts' | 'lastError' | 'occurredAt' | 'nextAttemptAt'
>;

const adminColumns = {
  id: domainEvents.id,
  name: domainEvents.name,
  aggregate: domainEvents.aggregate,
  status: domainEvents.status,
  attempts: domainEvents.attempts,
  lastError: domainEvents.lastError,
  occurredAt: domainEvents.occurredAt,
  nextAttemptAt: domainEvents.nextAttemptAt,
};

// A literal, not a bound value, so a generic plan can use the partial index on failed events.
const isFailed = sql`${domainEvents.status} = 'failed'`;

/**
 * The platform administrators' side of the outbox (issue 19): the deliveries that failed for
 * good, and a way to send one again once whatever stopped it (a mail server, an address) is put
 * right.
 */
export function createDomainEventsAdmin({
  db,
  dispatcher,
}: {
  db: Database;
  dispatcher: Pick<Dispatcher, 'retry'>;
}) {
  async function find(id: string): Promise<AdminDomainEvent | undefined> {
    const [row] = await db.select(adminColumns).from(domainEvents).where(eq(domainEvents.id, id));
    return row;
  }

  return {
    /** Failed events, the latest written first (the partial index on failed events' sequence). */
    async failed(page: PageRequest): Promise<{ rows: AdminDomainEvent[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select(adminColumns)
          .from(domainEvents)
          .where(isFailed)
          .orderBy(desc(domainEvents.sequence))
          .limit(page.first)
          .offset(pageOffset(page.page, page.first)),
        db.select({ value: count() }).from(domainEvents).where(isFailed),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /**
     * Puts a failed event back in line for a fresh round of tries, and answers it as it stands
     * now (the dispatcher may already have taken it). Only a failed event: one still pending is
     * being tried anyway, and one delivered must not be sent twice.
     */
    async retry(id: string): Promise<AdminDomainEvent> {
      const retried = await dispatcher.retry(id);
      const row = await find(id);
      if (!row) throw AppError.notFound('record');
      if (!retried) throw AppError.validation({ id: ['validation.event_not_failed'] });
      return row;
    },
  };
}

export type DomainEventsAdmin = ReturnType<typeof createDomainEventsAdmin>;
