// The outbox's throughput (bench/notifications.ts, part 3): a batch of `NotificationCreated`
// events delivered by the dispatchers of one or more server processes, every push counted on the
// recipients' sockets; and the dispatchers' claim, explained as they plan it.
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database, DatabaseHandle } from '../apps/server/src/db/client';
import { createDispatcher } from '../apps/server/src/events/dispatcher';
import { domainEvent } from '../apps/server/src/events/domain-events';
import { composeHandlers } from '../apps/server/src/events/handlers';
import { createOutbox } from '../apps/server/src/events/outbox';
import { notificationAggregate } from '../apps/server/src/modules/notifications/notifications.events';
import { notifications } from '../apps/server/src/modules/notifications/notifications.table';
import { rowsOf } from './application-data';
import {
  connectSockets,
  createInbox,
  ms,
  sleep,
  type ChildServer,
  type Person,
} from './encore-processes';
import { cpuNow, processCpuMs } from './lib';
import { APPLICATION_ID, closeAll } from './notification-latency';
import {
  captureStatements,
  connectExplainer,
  explainStatement,
  queryableOf,
  type ExplainedStatement,
  type SentStatement,
} from './plans';

export const OUTBOX_TABLE_HEADER = [
  '| processes | events | delivered a second | first → last push | commit → last push | pushes received | lost | duplicated | outbox afterwards | PostgreSQL transactions an event | CPU an event: each process | PostgreSQL CPU an event | machine busy |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];

/** Transactions committed in the database so far (a statement outside one is one). */
async function transactionsSoFar(db: Database): Promise<number> {
  // Statistics reach the shared counters when a backend is idle for a moment.
  await sleep(1_100);
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select xact_commit::int as count from pg_stat_database where datname = current_database()`,
  );
  return row?.count ?? 0;
}

/**
 * The dispatchers' claim, as the app's dispatcher sends it: taken from one made here, without
 * handlers, on an outbox with nothing due (so it takes nothing); its times move to `now` when used.
 */
async function claimStatement(writer: DatabaseHandle) {
  const dispatcher = createDispatcher({
    db: writer.db,
    handlers: composeHandlers([]),
    clock: () => new Date(),
    log: { warn: () => undefined },
  });
  const capture = captureStatements(writer);
  const takenAt = Date.now();
  try {
    await dispatcher.deliverDue();
  } finally {
    capture.stop();
  }
  const claim = capture.sent.find(({ text }) => text.startsWith('update "domain_events"'));
  if (!claim) throw new Error('the dispatcher sent no claim');
  const isTime = (value: unknown): value is string =>
    typeof value === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value);
  return (): SentStatement => ({
    text: claim.text,
    values: claim.values.map((value) =>
      isTime(value) ? new Date(Date.parse(value) + Date.now() - takenAt).toISOString() : value,
    ),
  });
}

const planOf = (explained: ExplainedStatement) =>
  `${ms(explained.executionMs)} (planning ${ms(explained.planningMs)}): ${explained.nodes.join(' ← ')}`;

/**
 * `events` notifications, round robin over the listeners, with their `NotificationCreated`
 * events, committed in one transaction through the app's outbox; the processes' dispatchers find
 * them at their next poll (within a second) and push each to its recipient's socket. Returns the
 * table row and notes on the claim.
 */
export async function measureOutbox(
  writer: DatabaseHandle,
  databaseUrl: string,
  processes: ChildServer[],
  listeners: Person[],
  events: number,
): Promise<{ row: string; notes: string[] }> {
  const db = writer.db;
  const inbox = createInbox();
  const sockets = await connectSockets(
    listeners.map((person, index) => ({
      url: processes[index % processes.length]!.url,
      token: person.token,
    })),
    inbox,
  );
  const claim = await claimStatement(writer);
  // The outbox's statistics as autovacuum leaves a table in use (a fresh database has none, and
  // then the claim's plan is another: RESULTS.md, issue 19).
  await db.execute(sql`vacuum analyze domain_events`);
  const transactionsBefore = await transactionsSoFar(db);
  const batchAt = new Date();
  const outbox = createOutbox({ db, clock: () => batchAt });
  let claimAtCommit: ExplainedStatement | undefined;
  const ids = await outbox.transaction(async (tx, record) => {
    const written: string[] = [];
    for (let start = 0; start < events; start += 1_000) {
      const rows = await tx
        .insert(notifications)
        .values(
          Array.from({ length: Math.min(1_000, events - start) }, (_, offset) => ({
            userId: listeners[(start + offset) % listeners.length]!.id,
            type: 'application_message',
            title: 'New message about Summer Jazz Festival 2027',
            message: 'Amira Haddad (SJF-0042): Could your trio play a second set on Saturday?',
            urlPath: `/application/${APPLICATION_ID}/review`,
            eventId: randomUUID(),
            subject: `application:${APPLICATION_ID}`,
            createdAt: batchAt,
            updatedAt: batchAt,
          })),
        )
        .returning({ id: notifications.id, userId: notifications.userId });
      await record(
        ...rows.map((row) =>
          domainEvent('NotificationCreated', notificationAggregate(row.userId), {
            notificationId: row.id,
            userId: row.userId,
          }),
        ),
      );
      written.push(...rows.map((row) => row.id));
    }
    // The first claim as the dispatchers will plan it once this commits: with the statistics
    // the table had before the batch (autoanalyze comes later).
    claimAtCommit = await explainStatement(queryableOf(tx), claim(), { savepoint: true });
    return written;
  });
  const committed = performance.now();
  const cpuBefore = processes.map((server) => processCpuMs(server.pid));
  const machineBefore = cpuNow(processes[0]!.pid);
  const complete = await inbox.receivedAll(ids.length, 300_000);
  // A push sent twice would come a moment later.
  await sleep(1_000);
  const cpuMs = processes.map((server, index) => processCpuMs(server.pid) - cpuBefore[index]!);
  const machineAfter = cpuNow(processes[0]!.pid);
  const transactions = (await transactionsSoFar(db)) - transactionsBefore;
  closeAll(sockets);

  let lost = 0;
  let duplicated = 0;
  let first = Infinity;
  let last = 0;
  for (const id of ids) {
    const times = inbox.arrivals.get(id);
    if (!times) {
      lost += 1;
      continue;
    }
    duplicated += times.length - 1;
    first = Math.min(first, times[0]!);
    last = Math.max(last, times[0]!);
  }
  const [outcome] = await rowsOf<{ delivered: number; other: number; handled: number }>(
    db,
    sql`select count(*) filter (where e.status = 'delivered')::int as delivered,
        count(*) filter (where e.status <> 'delivered')::int as other,
        (select count(*)::int from domain_event_handled h join domain_events d on d.id = h.event_id
          where d.occurred_at = ${batchAt} and h.handler = 'notification-push') as handled
      from domain_events e where e.occurred_at = ${batchAt} and e.name = 'NotificationCreated'`,
  );
  const [table] = await rowsOf<{ rows: number; analyzedAfter: number | null }>(
    db,
    sql`select n_live_tup::int as rows,
        extract(epoch from last_autoanalyze - ${batchAt}::timestamptz)::float as "analyzedAfter"
      from pg_stat_user_tables where relname = 'domain_events'`,
  );
  const explainer = await connectExplainer(databaseUrl);
  const claimAfter = await explainStatement(explainer, claim());
  await explainer.end();

  const seconds = (last - first) / 1000;
  const postgresMs =
    machineBefore && machineAfter ? machineAfter.postgres - machineBefore.postgres : NaN;
  const busy =
    machineBefore && machineAfter
      ? (machineAfter.busy - machineBefore.busy) / (machineAfter.all - machineBefore.all)
      : NaN;
  const perEvent = (value: number) => (value / ids.length).toFixed(2);
  const analyzed = table?.analyzedAfter;
  return {
    row: `| ${processes.length} | ${ids.length} | **${(ids.length / seconds).toFixed(0)}/s** | ${seconds.toFixed(1)} s | ${((last - committed) / 1000).toFixed(1)} s | ${inbox.received() - duplicated} | ${lost} | ${duplicated} | ${outcome?.delivered} delivered, ${outcome?.other} not; ${outcome?.handled} handled | ${perEvent(transactions)} | ${cpuMs.map(perEvent).join(' + ')} ms | ${perEvent(postgresMs)} ms | ${(busy * 100).toFixed(0)} % |${complete ? '' : ' (timed out)'}`,
    notes: [
      `  ${processes.length} process(es): the claim (50 a pass) with the batch pending, as planned at its commit: ${claimAtCommit ? planOf(claimAtCommit) : '?'}`,
      `  ${processes.length} process(es): the claim once all was delivered (${table?.rows ?? '?'} rows in the outbox): ${planOf(claimAfter)}`,
      `  ${processes.length} process(es): autoanalyze of domain_events ${analyzed === null || analyzed === undefined || analyzed < 0 ? 'did not run during the run' : `ran ${analyzed.toFixed(1)} s after the commit`}`,
    ],
  };
}
