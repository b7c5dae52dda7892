import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase, openTestDatabaseConnections } from '../../test/harness';
import { createDispatcher, type DispatcherOptions } from './dispatcher';
import { domainEvent, type DomainEvent } from './domain-events';
import { domainEventHandled, domainEvents } from './events.table';
import { DELIVERED_EVENTS_KEPT_DAYS, outboxPruneJob } from './events.jobs';
import { composeHandlers, type FeatureHandlers } from './handlers';
import { createOutbox } from './outbox';

let database: DatabaseHandle;
let now = new Date('2026-11-27T10:00:00Z');
const clock = () => now;
const quiet = { warn: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
afterEach(async () => {
  await database.db.delete(domainEvents);
});

const holder = (name: string) => ({
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'someone@example.test',
  name,
  locale: 'en' as const,
});
const changed = (aggregate: string, name: string) =>
  domainEvent('PasswordChanged', aggregate, holder(name));

/** A feature that notes what it was given, and fails when told to. */
function recorder(name = 'recorder', inTransaction = false) {
  const seen: string[] = [];
  const failing = new Map<string, number>();
  const feature: FeatureHandlers = {
    name,
    inTransaction,
    on: {
      async PasswordChanged(event: DomainEvent<'PasswordChanged'>) {
        const left = failing.get(event.payload.name) ?? 0;
        if (left > 0) {
          failing.set(event.payload.name, left - 1);
          throw new Error(`${event.payload.name} failed`);
        }
        seen.push(`${event.aggregate}/${event.payload.name}`);
      },
    },
  };
  return { feature, seen, failing };
}

function setUp(features: FeatureHandlers[], options: Partial<DispatcherOptions> = {}) {
  const outbox = createOutbox({ db: database.db, clock });
  const dispatcher = createDispatcher({
    db: database.db,
    handlers: composeHandlers(features),
    clock,
    log: quiet,
    backoffMs: () => 60_000,
    ...options,
  });
  return { outbox, dispatcher };
}

describe('the outbox', () => {
  it('delivers what a committed transaction recorded, and nothing of one rolled back', async () => {
    const { feature, seen } = recorder();
    const { outbox, dispatcher } = setUp([feature]);
    await outbox.transaction(async (_tx, record) => {
      await record(changed('user:1', 'kept'));
    });
    await expect(
      outbox.transaction(async (_tx, record) => {
        await record(changed('user:1', 'rolled back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await dispatcher.drain();
    expect(seen).toEqual(['user:1/kept']);
    const rows = await database.db.select().from(domainEvents);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([['delivered', 1]]);
  });

  it('tries a failed delivery again after its backoff, and only the handler that failed', async () => {
    const first = recorder('first');
    const second = recorder('second');
    second.failing.set('flaky', 1);
    const { outbox, dispatcher } = setUp([first.feature, second.feature]);
    await outbox.append(database.db, changed('user:2', 'flaky'));
    await dispatcher.drain();
    expect(first.seen).toEqual(['user:2/flaky']);
    expect(second.seen).toEqual([]);
    const [waiting] = await database.db.select().from(domainEvents);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toContain('second: flaky failed');
    expect(waiting!.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);

    await dispatcher.drain();
    expect(second.seen).toEqual([]);
    now = new Date(now.getTime() + 60_000);
    await dispatcher.drain();
    expect(second.seen).toEqual(['user:2/flaky']);
    expect(first.seen).toEqual(['user:2/flaky']);
    const [done] = await database.db.select().from(domainEvents);
    expect(done).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
  });

  it('sets an event aside after its last try, for an admin to send again', async () => {
    const { feature, seen, failing } = recorder();
    failing.set('broken', 2);
    const { outbox, dispatcher } = setUp([feature], { maxAttempts: 2, backoffMs: () => 0 });
    await outbox.append(database.db, changed('user:3', 'broken'));
    await dispatcher.drain();
    await dispatcher.drain();
    const [failed] = await database.db.select().from(domainEvents);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    await dispatcher.drain();
    expect(seen).toEqual([]);

    expect(await dispatcher.retry(failed!.id)).toBe(true);
    expect(await dispatcher.retry(failed!.id)).toBe(false);
    await dispatcher.drain();
    expect(seen).toEqual(['user:3/broken']);
  });

  it("keeps one aggregate's events in order, even while an earlier one waits for a retry", async () => {
    const { feature, seen, failing } = recorder();
    failing.set('a1', 1);
    const { outbox, dispatcher } = setUp([feature]);
    await outbox.append(
      database.db,
      changed('user:a', 'a1'),
      changed('user:b', 'b1'),
      changed('user:a', 'a2'),
      changed('user:b', 'b2'),
      changed('user:a', 'a3'),
    );
    await dispatcher.drain();
    expect(seen).toEqual(['user:b/b1', 'user:b/b2']);
    now = new Date(now.getTime() + 60_000);
    await dispatcher.drain();
    expect(seen).toEqual(['user:b/b1', 'user:b/b2', 'user:a/a1', 'user:a/a2', 'user:a/a3']);
  });

  it('runs a handler once per event however often the event is delivered', async () => {
    const outside = recorder('outside', false);
    const inside = recorder('inside', true);
    const { outbox, dispatcher } = setUp([outside.feature, inside.feature]);
    await outbox.append(database.db, changed('user:4', 'once'));
    await dispatcher.drain();
    // As if the process had died after the handlers and before the event was marked delivered.
    await database.db
      .update(domainEvents)
      .set({ status: 'pending', deliveredAt: null, nextAttemptAt: now });
    await dispatcher.drain();
    expect(outside.seen).toEqual(['user:4/once']);
    expect(inside.seen).toEqual(['user:4/once']);
    const handled = await database.db.select().from(domainEventHandled);
    expect(handled.map((row) => row.handler).sort()).toEqual(['inside', 'outside']);
  });

  it('rolls back what an in-transaction handler wrote when it fails, so its retry starts clean', async () => {
    let tries = 0;
    const writer: FeatureHandlers = {
      name: 'writer',
      inTransaction: true,
      on: {
        async PasswordChanged(event, { executor }) {
          tries += 1;
          await executor
            .update(domainEvents)
            .set({ lastError: `written by try ${tries}` })
            .where(eq(domainEvents.id, event.id));
          if (tries === 1) throw new Error('after its write');
        },
      },
    };
    const { outbox, dispatcher } = setUp([writer]);
    await outbox.append(database.db, changed('user:5', 'writes'));
    await dispatcher.drain();
    expect(tries).toBe(1);
    expect(await database.db.select().from(domainEventHandled)).toEqual([]);
    const [failed] = await database.db.select().from(domainEvents);
    expect(failed!.lastError).toBe('writer: after its write');
    now = new Date(now.getTime() + 60_000);
    await dispatcher.drain();
    expect(tries).toBe(2);
    expect(await database.db.select().from(domainEventHandled)).toHaveLength(1);
  });

  it('leaves an event taken by a process that stopped answering until its lease runs out', async () => {
    const { feature, seen } = recorder();
    const { outbox, dispatcher } = setUp([feature], { leaseMs: 30_000 });
    await outbox.append(database.db, changed('user:6', 'leased'));
    // Taken, as a process would before dying: the lease is set, nothing delivered.
    await database.db
      .update(domainEvents)
      .set({ leasedUntil: new Date(now.getTime() + 30_000), attempts: 1 });
    await dispatcher.drain();
    expect(seen).toEqual([]);
    now = new Date(now.getTime() + 30_000);
    await dispatcher.drain();
    expect(seen).toEqual(['user:6/leased']);
  });
});

describe('the running dispatcher', () => {
  it('delivers a commit made while a pass is delivering, without waiting for that pass', async () => {
    const seen: string[] = [];
    let releaseSlow: () => void = () => undefined;
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    const feature: FeatureHandlers = {
      name: 'ordered-by-hand',
      inTransaction: false,
      on: {
        async PasswordChanged(event: DomainEvent<'PasswordChanged'>) {
          if (event.payload.name === 'slow') await slowReleased;
          seen.push(event.payload.name);
        },
      },
    };
    // A poll far away: only a wake can deliver within the test.
    const { outbox, dispatcher } = setUp([feature], { pollMs: 60_000 });
    outbox.onAppended(() => dispatcher.wake());
    dispatcher.start();
    try {
      await outbox.transaction((_, record) => record(changed('user:slow', 'slow')));
      await expect.poll(() => dispatcher.inFlight(), { timeout: 5_000 }).toBeGreaterThan(0);
      await outbox.transaction((_, record) => record(changed('user:quick', 'quick')));
      await expect.poll(() => seen, { timeout: 5_000 }).toEqual(['quick']);
      releaseSlow();
      await expect.poll(() => seen, { timeout: 5_000 }).toEqual(['quick', 'slow']);
    } finally {
      releaseSlow();
      await dispatcher.stop();
    }
  });

  it("runs an event's handlers side by side, so one that waits holds back no other", async () => {
    let releaseMail: () => void = () => undefined;
    const mailReleased = new Promise<void>((resolve) => (releaseMail = resolve));
    const pushed: string[] = [];
    const mail: FeatureHandlers = {
      name: 'waiting-mail',
      inTransaction: false,
      on: { PasswordChanged: () => mailReleased },
    };
    const push: FeatureHandlers = {
      name: 'push',
      inTransaction: false,
      on: {
        async PasswordChanged(event: DomainEvent<'PasswordChanged'>) {
          pushed.push(event.payload.name);
        },
      },
    };
    const { outbox, dispatcher } = setUp([mail, push]);
    await outbox.append(database.db, changed('user:7', 'both'));
    const delivery = dispatcher.deliverDue();
    await expect.poll(() => pushed, { timeout: 5_000 }).toEqual(['both']);
    releaseMail();
    expect(await delivery).toBe(1);
  });
});

describe('pruning the outbox', () => {
  it('deletes delivered events older than the days kept, and keeps the rest', async () => {
    const { feature } = recorder();
    const { outbox, dispatcher } = setUp([feature]);
    await outbox.append(database.db, changed('user:8', 'old'));
    await dispatcher.drain();
    now = new Date(now.getTime() + (DELIVERED_EVENTS_KEPT_DAYS + 1) * 24 * 60 * 60 * 1000);
    await outbox.append(database.db, changed('user:8', 'recent'), changed('user:9', 'pending'));
    await database.db
      .update(domainEvents)
      .set({ nextAttemptAt: new Date(now.getTime() + 60_000) })
      .where(eq(domainEvents.aggregate, 'user:9'));
    await dispatcher.drain();
    await outboxPruneJob(dispatcher, clock).run();
    const left = await database.db
      .select({ aggregate: domainEvents.aggregate, status: domainEvents.status })
      .from(domainEvents)
      .orderBy(domainEvents.sequence);
    expect(left).toEqual([
      { aggregate: 'user:8', status: 'delivered' },
      { aggregate: 'user:9', status: 'pending' },
    ]);
  });
});

describe('several dispatchers on one outbox', () => {
  it('deliver each event once between them', async () => {
    const [one, two] = await openTestDatabaseConnections(2);
    try {
      const seen: string[] = [];
      const feature: FeatureHandlers = {
        name: 'shared',
        inTransaction: true,
        on: {
          async PasswordChanged(event) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            seen.push(event.payload.name);
          },
        },
      };
      const make = (handle: DatabaseHandle) =>
        createDispatcher({
          db: handle.db,
          handlers: composeHandlers([feature]),
          clock,
          log: quiet,
          batchSize: 7,
        });
      const outbox = createOutbox({ db: one!.db, clock });
      const names = Array.from({ length: 60 }, (_, index) => `event-${index}`);
      await outbox.append(
        one!.db,
        ...names.map((name, index) => changed(`user:${index % 9}`, name)),
      );
      await Promise.all([make(one!).drain(), make(two!).drain()]);
      expect([...seen].sort()).toEqual([...names].sort());
      // Within an aggregate, in the order written.
      for (let aggregate = 0; aggregate < 9; aggregate += 1) {
        const written = names.filter((_, index) => index % 9 === aggregate);
        expect(seen.filter((name) => written.includes(name))).toEqual(written);
      }
    } finally {
      await one!.close();
      await two!.close();
    }
  });
});
