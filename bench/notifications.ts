// The notification centre (issue 19), measured on PostgreSQL and Redis:
// 1. latency from the commit of a notification to its recipient's socket.io handler, with
//    BENCH_SOCKETS sockets of real people connected, beside a bare socket.io emit of the same
//    payload to the same room in the same run: on one server process (no Redis), then on two
//    sharing Redis (the notification committed through process A; sockets on B and on A);
// 2. the statements of `markAllNotificationsAsRead` (10,000 unread) and of the bell's count
//    (100,000 rows for one person), taken from the server's pool and explained;
// 3. the outbox's throughput: BENCH_EVENTS `NotificationCreated` delivered by one, then two,
//    server processes, every push counted on the recipients' sockets.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
//          npx tsx bench/notifications.ts
//   A scratch database is created next to the one named and dropped afterwards; Redis keys and
//   channels carry a prefix of the run's own. Process A runs in this process (one clock for the
//   commit and the clients); other processes run apps/server/src/main.ts under tsx.
// Env: BENCH_SOCKETS (1000), BENCH_DELIVERIES (1000 a layout), BENCH_EVENTS (10000: about 50 s
//      a layout at the rate measured on 2026-11-27), BENCH_MARK_ALL (10000), BENCH_BELL_ROWS
//      (100000), BENCH_HISTORY (100000 delivered events kept in the outbox for a quarter-length
//      latency run on one process; 0 skips it), BENCH_ONLY=latency|statements|outbox,
//      BENCH_PROFILE=<dir> starts the child processes with --cpu-prof and leaves their profiles.
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { BENCH_PASSWORD, rowsOf } from './application-data';
import {
  createInbox,
  inBatches,
  loadAverage,
  signIn,
  startChild,
  startInProcess,
  type ChildServer,
  type InProcessServer,
  type Person,
} from './encore-processes';
import { machineDescription } from './lib';
import {
  latencyOneProcess,
  latencyTwoProcesses,
  reportLatency,
  type Side,
  type Timings,
} from './notification-latency';
import { measureOutbox, OUTBOX_TABLE_HEADER } from './notification-outbox';
import { measureStatements } from './notification-statements';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const PROFILE_DIR = process.env.BENCH_PROFILE;
const MARK_ALL_ROWS = Number(process.env.BENCH_MARK_ALL ?? 10_000);
const BELL_ROWS = Number(process.env.BENCH_BELL_ROWS ?? 100_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 100_000);
const ONLY = process.env.BENCH_ONLY;
const WARM_UP = 50;
const EXPLAIN_RUNS = 3;
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!serverUrl) throw new Error('DATABASE_URL (PostgreSQL) is needed: processes share its outbox');

const stamp = Date.now();
const benchDb = `encore_bench_notifications_${stamp}`;
const databaseUrl = serverUrl.replace(/\/[^/]*$/, `/${benchDb}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-notifications-'));
const redisPrefix = `encore-bench-${stamp}`;
// Every process signs and checks the same tokens, as behind a load balancer.
const jwtSecret = randomBytes(48).toString('base64url');
const serverEnv = (withRedis: boolean): Record<string, string> => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: withRedis ? redisUrl : '',
  REDIS_PREFIX: redisPrefix,
  JWT_SECRET: jwtSecret,
  SEED: 'none',
  // Every sign-in comes from one address.
  RATE_LIMITS: 'off',
});

/** With BENCH_PROFILE, each child process leaves a CPU profile there when it stops. */
const childArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
const want = (part: string) => ONLY === undefined || ONLY === part;
const log = (line: string) => console.log(line);

async function administer(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

/** People with a password the bench knows (one argon2 hash for all), signed in through `login`. */
async function createPeople(db: Database, url: string, count: number): Promise<Person[]> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const rows = await rowsOf<{ id: string; email: string }>(
    db,
    sql`insert into users (name, email, password_hash, is_verified)
      select 'Listener ' || g, 'listener-' || g || '@bench.test', ${passwordHash}, true
      from generate_series(1, ${count}) g
      returning id, email`,
  );
  const begun = performance.now();
  const tokens = await inBatches(rows, 8, (row) => signIn(url, row.email, BENCH_PASSWORD));
  console.log(
    `${count} people signed in through \`login\` in ${((performance.now() - begun) / 1000).toFixed(1)} s`,
  );
  return rows.map((row, index) => ({ ...row, token: tokens[index]! }));
}

/**
 * Delivered events as the outbox keeps them (nothing prunes it yet: `dispatcher.prune` has no
 * caller), a minute apart, vacuumed and analysed as autovacuum would leave them; or, with 0,
 * those removed again and the table rewritten.
 */
async function outboxHistory(db: Database, count: number) {
  if (count > 0) {
    await db.execute(sql`
      insert into domain_events (name, aggregate, payload, occurred_at, next_attempt_at, status, attempts, delivered_at)
      select 'NotificationCreated', 'notifications:history-' || g % 5000,
        jsonb_build_object('notificationId', gen_random_uuid(), 'userId', gen_random_uuid()),
        now() - g * interval '1 minute', now() - g * interval '1 minute', 'delivered', 1,
        now() - g * interval '1 minute'
      from generate_series(1, ${count}) g`);
    await db.execute(sql`vacuum analyze domain_events`);
  } else {
    await db.execute(sql`delete from domain_events where aggregate like 'notifications:history-%'`);
    // Rewritten, so that the next layouts do not scan the pages the history left empty.
    await db.execute(sql`vacuum full analyze domain_events`);
  }
}

// --- The run -----------------------------------------------------------------------------------------

console.log(`machine: ${machineDescription()}`);
console.log(`load average at the start: ${loadAverage()}`);
{
  const redis = new Redis(redisUrl);
  const info = await redis.info('server');
  await redis.quit();
  const version = /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.end();
  console.log(
    `PostgreSQL ${rows[0]?.server_version} at ${new URL(serverUrl).host}, Redis ${version}`,
  );
}
console.log(
  `${SOCKETS} sockets, ${DELIVERIES} deliveries a layout after ${WARM_UP} warm-up ones, ${EVENTS} outbox events`,
);

await administer(`create database ${benchDb}`);
const stoppable: Array<{ stop(): Promise<void> } | InProcessServer> = [];
const stopAll = async () => {
  for (const thing of stoppable.splice(0).reverse()) {
    await ('stop' in thing ? thing.stop() : thing.close()).catch(() => undefined);
  }
};
try {
  const single = await startInProcess(serverEnv(false));
  stoppable.push(single);
  const people = await createPeople(single.database.db, single.url, SOCKETS + 2);
  const listeners = people.slice(0, SOCKETS);
  const [markAll, bell] = people.slice(SOCKETS);

  if (want('statements')) {
    log('');
    await measureStatements(single, markAll!, bell!, {
      databaseUrl,
      markAllRows: MARK_ALL_ROWS,
      bellRows: BELL_ROWS,
      explainRuns: EXPLAIN_RUNS,
      log,
    });
  }

  const latency = new Map<string, Map<Side, Timings>>();
  const latencyOptions = { warmUp: WARM_UP, deliveries: DELIVERIES, log };
  if (want('latency')) {
    latency.set(
      'one process',
      await latencyOneProcess(single, listeners, createInbox(), latencyOptions),
    );
    if (HISTORY > 0) {
      await outboxHistory(single.database.db, HISTORY);
      const layout = `one process, ${HISTORY} delivered events in the outbox`;
      latency.set(
        layout,
        await latencyOneProcess(single, listeners, createInbox(), {
          ...latencyOptions,
          deliveries: Math.ceil(DELIVERIES / 4),
          heading: layout,
        }),
      );
      await outboxHistory(single.database.db, 0);
    }
  }
  await single.close();
  stoppable.splice(stoppable.indexOf(single), 1);

  let b: ChildServer | undefined;
  if (want('latency')) {
    const a = await startInProcess(serverEnv(true));
    stoppable.push(a);
    b = await startChild(serverEnv(true), childArgs);
    stoppable.push(b);
    latency.set(
      'two processes, Redis',
      await latencyTwoProcesses(a, b, listeners, createInbox(), latencyOptions),
    );
    await a.close();
    stoppable.splice(stoppable.indexOf(a), 1);
  }
  if (latency.size > 0) {
    log('\nlatency, ms from commit (or emit) to the client handler:');
    log('| layout | socket on | path | deliveries | p50 | p95 | p99 | lost |');
    log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [layout, timings] of latency) reportLatency(layout, timings).forEach(log);
  }

  if (want('outbox')) {
    b ??= await startChild(serverEnv(true), childArgs);
    if (!stoppable.includes(b)) stoppable.push(b);
    const writer = await openDatabase({ databaseUrl });
    stoppable.push({ stop: () => writer.close() });
    log(`\noutbox: ${EVENTS} NotificationCreated events, one transaction`);
    const first = await measureOutbox(writer, databaseUrl, [b], listeners, EVENTS);
    const second = await startChild(serverEnv(true), childArgs);
    stoppable.push(second);
    const both = await measureOutbox(writer, databaseUrl, [b, second], listeners, EVENTS);
    [...OUTBOX_TABLE_HEADER, first.row, both.row, ...first.notes, ...both.notes].forEach(log);
  }
  console.log(`\nload average at the end: ${loadAverage()}`);
} finally {
  await stopAll();
  await administer(`drop database if exists ${benchDb} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
  const redis = new Redis(redisUrl);
  for (let cursor = '0', first = true; first || cursor !== '0'; first = false) {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  }
  await redis.quit();
}
