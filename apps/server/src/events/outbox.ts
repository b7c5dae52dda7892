import type { Database, Executor, Transaction } from '../db/client';
import type { Clock } from '../lib/clock';
import type { NewDomainEvent } from './domain-events';
import { domainEvents } from './events.table';

/**
 * Where services write what happened: in the transaction of the change, so an event exists if and
 * only if its change was committed. Nothing here runs a side effect; the dispatcher does, after
 * the commit.
 */
export function createOutbox({ db, clock }: { db: Database; clock: Clock }) {
  const listeners = new Set<() => void>();
  const appended = () => {
    for (const listener of listeners) listener();
  };

  async function append(executor: Executor, ...events: NewDomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const occurredAt = clock();
    await executor.insert(domainEvents).values(
      events.map((event) => ({
        name: event.name,
        aggregate: event.aggregate,
        payload: event.payload,
        occurredAt,
        nextAttemptAt: occurredAt,
      })),
    );
    appended();
  }

  return {
    append,

    /**
     * Runs `work` in a transaction and tells the dispatcher once it has committed, so what it
     * recorded is delivered at once rather than at the next poll.
     */
    async transaction<T>(
      work: (tx: Transaction, record: (...events: NewDomainEvent[]) => Promise<void>) => Promise<T>,
    ): Promise<T> {
      const result = await db.transaction((tx) => work(tx, (...events) => append(tx, ...events)));
      appended();
      return result;
    },

    /** Called after events were written (maybe not yet committed) and after a commit. */
    onAppended(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
