// The statements of `markAllNotificationsAsRead` and of the bell's count as the server sends them,
// at scale, and their plans (bench/notifications.ts, part 2).
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import { graphqlAs, ms, pct, type InProcessServer, type Person } from './encore-processes';
import { captureStatements, connectExplainer, explainStatement, type SentStatement } from './plans';

export interface StatementOptions {
  databaseUrl: string;
  /** Unread notifications of the person who marks all read. */
  markAllRows: number;
  /** Notifications of the person whose bell is counted. */
  bellRows: number;
  explainRuns: number;
  log: (line: string) => void;
}

/** `count` notifications of one person, the newest a minute old, one a minute before that. */
async function addNotifications(db: Database, userId: string, count: number) {
  await db.execute(sql`
    insert into notifications (user_id, type, title, message, url_path, event_id, subject, params, created_at, updated_at)
    select ${userId}, 'application_message', 'New message about Summer Jazz Festival 2027',
      'Amira Haddad (SJF-' || lpad((g % 10000)::text, 4, '0') || '): Thank you for the recording. Could your trio play a second set on the Saturday evening?',
      '/application/' || a.id || '/review', gen_random_uuid(), 'application:' || a.id,
      jsonb_build_object('sender', 'Amira Haddad', 'opportunity', 'Summer Jazz Festival 2027'),
      now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${count}) g, lateral (select gen_random_uuid() as id) a`);
}

/**
 * Sends the GraphQL operation with the person's token, once to warm the server's caches and once
 * with its pool watched; the statement on `notifications` it ran, and the request's time.
 */
async function statementOf(server: InProcessServer, person: Person, query: string) {
  await graphqlAs(server.url, person.token, query);
  const capture = captureStatements(server.database);
  let elapsed: number;
  try {
    ({ ms: elapsed } = await graphqlAs(server.url, person.token, query));
  } finally {
    capture.stop();
  }
  const statement = capture.sent.find(({ text }) => text.includes('"notifications"'));
  if (!statement) throw new Error(`${query} sent nothing on notifications`);
  return { statement, ms: elapsed };
}

async function explainRuns(
  explainer: pg.Client,
  label: string,
  statement: SentStatement,
  before: () => Promise<void>,
  { explainRuns: count, log }: StatementOptions,
) {
  const runs = [];
  for (let run = 0; run < count; run += 1) {
    await before();
    runs.push(await explainStatement(explainer, statement));
  }
  const last = runs[runs.length - 1]!;
  log(
    `  ${label}: execution ${runs.map((run) => ms(run.executionMs)).join(', ')} (planning ${runs.map((run) => ms(run.planningMs)).join(', ')}); nodes: ${last.nodes.join(' ← ')}`,
  );
  for (const line of last.lines) log(`      ${line}`);
}

export async function measureStatements(
  server: InProcessServer,
  markAll: Person,
  bell: Person,
  options: StatementOptions,
) {
  const { markAllRows, bellRows, log } = options;
  const db = server.database.db;
  const explainer = await connectExplainer(options.databaseUrl);
  const vacuum = async () => void (await explainer.query('vacuum analyze notifications'));
  try {
    const begun = performance.now();
    await addNotifications(db, markAll.id, markAllRows);
    await addNotifications(db, bell.id, bellRows);
    // As autovacuum would soon after a load: the visibility map, fresh statistics.
    await vacuum();
    log(
      `statements: ${markAllRows} unread notifications for one person, ${bellRows} for another, written in ${((performance.now() - begun) / 1000).toFixed(1)} s`,
    );

    const bellQuery = '{ unreadNotificationsCount }';
    const unreadBell = await statementOf(server, bell, bellQuery);
    log(`  the bell's count sends: ${unreadBell.statement.text}`);
    log(`    values: ${JSON.stringify(unreadBell.statement.values)}`);
    const requestTimes = async () => {
      const times = [];
      for (let run = 0; run < 20; run += 1) {
        times.push((await graphqlAs(server.url, bell.token, bellQuery)).ms);
      }
      return `\`unreadNotificationsCount\` over HTTP, 20 requests: p50 ${ms(pct(times, 50))}, max ${ms(Math.max(...times))}`;
    };
    await explainRuns(
      explainer,
      `count, ${bellRows} rows all unread`,
      unreadBell.statement,
      vacuum,
      options,
    );
    log(`  ${await requestTimes()}`);
    await db.execute(sql`
      update notifications set is_read = true
      where user_id = ${bell.id}
        and id not in (select id from notifications where user_id = ${bell.id} order by created_at desc limit 1000)`);
    await explainRuns(
      explainer,
      `count, ${bellRows} rows, 1,000 unread`,
      unreadBell.statement,
      vacuum,
      options,
    );
    log(`  ${await requestTimes()}`);

    const markAllQuery = 'mutation { markAllNotificationsAsRead }';
    const resetMarkAll = async () => {
      await db.execute(
        sql`update notifications set is_read = false where user_id = ${markAll.id} and is_read`,
      );
      await vacuum();
    };
    // The first request marks all read: the warming one is sent with nothing unread left.
    await graphqlAs(server.url, markAll.token, markAllQuery);
    await resetMarkAll();
    const capture = captureStatements(server.database);
    let firstMs: number;
    try {
      ({ ms: firstMs } = await graphqlAs(server.url, markAll.token, markAllQuery));
    } finally {
      capture.stop();
    }
    const marking = capture.sent.find(({ text }) => text.includes('"notifications"'));
    if (!marking) throw new Error('markAllNotificationsAsRead sent nothing on notifications');
    log(`  "mark all as read" sends: ${marking.text}`);
    log(`    values: ${JSON.stringify(marking.values)}`);
    const requests = [firstMs];
    for (let run = 1; run < options.explainRuns; run += 1) {
      await resetMarkAll();
      requests.push((await graphqlAs(server.url, markAll.token, markAllQuery)).ms);
    }
    log(
      `  \`markAllNotificationsAsRead\` over HTTP with ${markAllRows} unread: ${requests.map(ms).join(', ')}`,
    );
    // Each explained run is rolled back, and starts from the vacuumed table as the requests did.
    await resetMarkAll();
    await explainRuns(
      explainer,
      `mark all read, ${markAllRows} unread (rolled back)`,
      marking,
      vacuum,
      options,
    );
  } finally {
    await explainer.end();
  }
}
