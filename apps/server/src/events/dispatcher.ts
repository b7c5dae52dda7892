import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import type { Clock } from '../lib/clock';
import type { DomainEvent, DomainEventMap, DomainEventName } from './domain-events';
import { domainEventHandled, domainEvents, type DomainEventRow } from './events.table';
import type { EventHandler, EventHandlerRegistry, FeatureHandlers } from './handlers';

export interface DispatcherOptions {
  db: Database;
  handlers: EventHandlerRegistry;
  clock: Clock;
  log: { warn: (details: object, message: string) => void };
  /** How long a dispatcher holds the events it took; another takes them up after a crash. */
  leaseMs?: number;
  batchSize?: number;
  /** Tries before an event is set aside as failed, for an admin to look at and retry. */
  maxAttempts?: number;
  /** How often to look for due events when nothing has woken the dispatcher. */
  pollMs?: number;
  /** The wait before try `attempt + 1`. */
  backoffMs?: (attempt: number) => number;
}

export const DISPATCH_DEFAULTS = {
  leaseMs: 60_000,
  batchSize: 50,
  maxAttempts: 10,
  pollMs: 1_000,
  /** 2 s, 4 s, 8 s … up to an hour: a mail server down for the night is still caught up. */
  backoffMs: (attempt: number) => Math.min(2 ** attempt * 1_000, 3_600_000),
} as const;

/** After a write, look again this often for a while: its transaction may commit a little later. */
const EAGER_POLL_MS = 20;
const EAGER_FOR_MS = 1_000;
/** Passes one process runs side by side when commits come faster than one pass delivers. */
const MAX_LOOP_PASSES = 4;

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2_000);

const asEvent = (row: DomainEventRow): DomainEvent =>
  ({
    id: row.id,
    sequence: row.sequence,
    name: row.name,
    aggregate: row.aggregate,
    payload: row.payload,
    occurredAt: row.occurredAt,
  }) as DomainEvent;

/**
 * Delivers the outbox's events to their handlers after commit: at least once, one aggregate's
 * events in the order they were written, with retries and backoff. Several processes may run one
 * each: an event is taken under a lease (`FOR UPDATE SKIP LOCKED`), and a process that dies
 * holding it lets it go when the lease runs out. A handler runs once per event (the
 * `domain_event_handled` record), so a redelivery repeats only what had not been done.
 */
export function createDispatcher(options: DispatcherOptions) {
  const { db, handlers, clock, log } = options;
  const leaseMs = options.leaseMs ?? DISPATCH_DEFAULTS.leaseMs;
  const batchSize = options.batchSize ?? DISPATCH_DEFAULTS.batchSize;
  const maxAttempts = options.maxAttempts ?? DISPATCH_DEFAULTS.maxAttempts;
  const pollMs = options.pollMs ?? DISPATCH_DEFAULTS.pollMs;
  const backoffMs = options.backoffMs ?? DISPATCH_DEFAULTS.backoffMs;

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  /** Passes the loop has under way. */
  let loopPasses = 0;
  let eagerUntil = 0;
  let wokenDuringPass = false;

  /**
   * Takes the due events that head their aggregate (no earlier event of it still pending), so one
   * batch holds at most one event an aggregate and its events can be delivered side by side.
   * Written so that no plan can be quadratic: the heads are worked out once (a materialized CTE,
   * one pass over the pending events), and the ones to lock are looked up by key from an array.
   * As a correlated "no earlier pending event" check, an `IN` subquery or a join with the CTE,
   * the planner, going by the statistics of a quiet outbox, nested a scan of a burst of thousands
   * of pending events inside another and took seconds a claim (bench/RESULTS.md, issue 19).
   * A few more candidates than the batch are looked up, for those another process has locked.
   */
  async function claim(): Promise<DomainEventRow[]> {
    const now = clock();
    const isDue = sql`next_attempt_at <= ${now} and (leased_until is null or leased_until <= ${now})`;
    const due = sql`
      with heads as materialized (
        select distinct on (aggregate) id, sequence, next_attempt_at, leased_until
        from domain_events
        where status = 'pending'
        order by aggregate, sequence
      )
      select id from domain_events
      where id = any(array(
          select id from heads where ${isDue} order by sequence limit ${batchSize * 4}
        ))
        and status = 'pending' and ${isDue}
      order by sequence
      limit ${batchSize}
      for update skip locked`;
    const rows = await db
      .update(domainEvents)
      .set({
        leasedUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${domainEvents.attempts} + 1`,
      })
      .where(sql`${domainEvents.id} in (${due})`)
      .returning();
    return rows.sort((one, other) => one.sequence - other.sequence);
  }

  async function alreadyHandled(executor: Executor, eventId: string, handler: string) {
    const [row] = await executor
      .select({ eventId: domainEventHandled.eventId })
      .from(domainEventHandled)
      .where(and(eq(domainEventHandled.eventId, eventId), eq(domainEventHandled.handler, handler)));
    return row !== undefined;
  }

  async function runHandler(feature: FeatureHandlers, event: DomainEvent): Promise<void> {
    const handle = feature.on[event.name as DomainEventName] as EventHandler<DomainEventName>;
    const record = { eventId: event.id, handler: feature.name };
    if (feature.inTransaction) {
      await db.transaction(async (tx) => {
        const taken = await tx
          .insert(domainEventHandled)
          .values(record)
          .onConflictDoNothing()
          .returning({ eventId: domainEventHandled.eventId });
        if (taken.length > 0) await handle(event, { executor: tx });
      });
      return;
    }
    if (await alreadyHandled(db, event.id, feature.name)) return;
    await handle(event, { executor: db });
    await db.insert(domainEventHandled).values(record).onConflictDoNothing();
  }

  async function deliver(row: DomainEventRow): Promise<void> {
    const event = asEvent(row);
    const failures: string[] = [];
    // An event's handlers are independent of each other (each records its own run), so one
    // waiting on a mail server does not hold back the push to the recipient's socket.
    await Promise.all(
      handlers.of(event.name).map(async (feature) => {
        try {
          await runHandler(feature, event);
        } catch (error) {
          failures.push(`${feature.name}: ${errorText(error)}`);
          log.warn(
            { err: error, event: event.name, eventId: event.id, handler: feature.name },
            'event handler failed',
          );
        }
      }),
    );
    const now = clock();
    if (failures.length === 0) {
      await db
        .update(domainEvents)
        .set({ status: 'delivered', deliveredAt: now, leasedUntil: null, lastError: null })
        .where(eq(domainEvents.id, row.id));
      return;
    }
    const spent = row.attempts >= maxAttempts;
    const lastError = failures.sort().join('\n');
    await db.transaction(async (tx) => {
      await tx
        .update(domainEvents)
        .set({
          status: spent ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
          leasedUntil: null,
          lastError,
        })
        .where(eq(domainEvents.id, row.id));
      // Whoever cares that it never arrived (a message shown as not delivered) hears of it; a
      // report that cannot be delivered itself is not reported again.
      if (spent && row.name !== 'DeliveryAbandoned') {
        const abandoned: DomainEventMap['DeliveryAbandoned'] = {
          eventId: row.id,
          name: row.name,
          aggregate: row.aggregate,
          payload: row.payload,
          lastError,
        };
        await tx.insert(domainEvents).values({
          name: 'DeliveryAbandoned',
          aggregate: row.aggregate,
          payload: abandoned,
          occurredAt: now,
          nextAttemptAt: now,
        });
      }
    });
  }

  /** Passes under way in this process, the loop's and any caller's. */
  const inFlight = new Set<Promise<number>>();

  /** One pass: the due events taken and delivered; how many. */
  function deliverDue(): Promise<number> {
    const run = (async () => {
      const rows = await claim();
      await Promise.all(rows.map((row) => deliver(row)));
      return rows.length;
    })();
    inFlight.add(run);
    void run.then(
      () => inFlight.delete(run),
      () => inFlight.delete(run),
    );
    return run;
  }

  function schedule(delayMs: number) {
    if (!running) return;
    clearTimeout(timer);
    clearImmediate(immediate);
    // setTimeout(0) waits a millisecond or more; a commit's events go out in this turn's wake.
    if (delayMs === 0) {
      immediate = setImmediate(() => void loop());
      return;
    }
    timer = setTimeout(() => void loop(), delayMs);
    timer.unref();
  }

  async function loop(): Promise<void> {
    if (!running || loopPasses >= MAX_LOOP_PASSES) return;
    loopPasses += 1;
    wokenDuringPass = false;
    let delivered = 0;
    try {
      delivered = await deliverDue();
    } catch (error) {
      log.warn({ err: error }, 'event dispatch failed');
    } finally {
      loopPasses -= 1;
    }
    const wokenMeanwhile = wokenDuringPass;
    wokenDuringPass = false;
    if (delivered > 0 || wokenMeanwhile) schedule(0);
    // Another pass still under way schedules what follows it.
    else if (loopPasses === 0) schedule(Date.now() < eagerUntil ? EAGER_POLL_MS : pollMs);
  }

  return {
    deliverDue,

    /** How many passes this process has under way. */
    inFlight: () => inFlight.size,

    start(): void {
      if (running) return;
      running = true;
      schedule(0);
    },

    /** Events were written: look now, and often for a moment while their transaction commits. */
    wake(): void {
      eagerUntil = Date.now() + EAGER_FOR_MS;
      // A commit's events need not wait for the delivery of the previous commit's to finish:
      // passes side by side take different events (SKIP LOCKED). At the limit, the next pass
      // starts as soon as one ends, since those under way may have looked before this commit.
      if (loopPasses < MAX_LOOP_PASSES) schedule(0);
      else wokenDuringPass = true;
    },

    async stop(): Promise<void> {
      running = false;
      clearTimeout(timer);
      clearImmediate(immediate);
      await Promise.allSettled([...inFlight]);
    },

    /**
     * Delivers until nothing is due now (events set aside for a later try stay so): for tests and
     * for a process about to stop.
     */
    async drain(): Promise<void> {
      for (;;) {
        // What this process has taken is finished first: taken events are skipped by a new pass.
        await Promise.allSettled([...inFlight]);
        const delivered = await deliverDue();
        // Next batch: an aggregate's later events become due as its earlier ones are delivered.
        if (delivered === 0 && inFlight.size === 0) return;
      }
    },

    /** Puts a failed event back in line now (an admin's retry); false if it has not failed. */
    async retry(eventId: string): Promise<boolean> {
      const rows = await db
        .update(domainEvents)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: clock(), leasedUntil: null })
        .where(and(eq(domainEvents.id, eventId), eq(domainEvents.status, 'failed')))
        .returning({ id: domainEvents.id });
      if (rows.length > 0) this.wake();
      return rows.length > 0;
    },

    /** Deletes delivered events older than `before`; how many. */
    async prune(before: Date): Promise<number> {
      const rows = await db
        .delete(domainEvents)
        .where(and(eq(domainEvents.status, 'delivered'), lt(domainEvents.deliveredAt, before)))
        .returning({ id: domainEvents.id });
      return rows.length;
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
