// Applications at scale (issue 6): 1,000,000 applications over 10,000 opportunities. The CSV
// export of the opportunity with 10,000 applications, timed to its last byte while the server's RSS
// is sampled (on the fresh process, and again after the loads); at 10 connections, the organiser's
// dashboard page of 50 (with ratings and payment status) and `userApplications`; then the SQL
// statements each request costs, counted on the wire, and the plans of the main queries.
// Usage: npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/applications.ts
//        (a fresh database is created next to the one named, and dropped afterwards; without
//        DATABASE_URL the embedded PGlite is used and the statement count is skipped)
// Env: BENCH_SECONDS (10) per load run; BENCH_APPLICATIONS (1,000,000), BENCH_OPPORTUNITIES
//      (10,000) and BENCH_APPLICANTS (200,000) to scale down; BENCH_DATABASE=<name> reuses a
//      database generated earlier (kept with BENCH_KEEP_DATABASE=1) instead of generating one;
//      BENCH_ONLY=<text> runs only the loads whose name contains it; BENCH_PROFILE=<dir> starts the
//      measured server with --cpu-prof and leaves its profile there.
import { sql } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedLookups } from '../apps/server/src/modules/lookups/lookups.seed';
import {
  BENCH_PASSWORD,
  describeGenerated,
  generateApplications,
  type GeneratedApplications,
} from './application-data';
import {
  cpuNow,
  formatLoad,
  freePort,
  load,
  machineDescription,
  startBuiltServer,
  type CpuSample,
  type LoadResult,
  type RunningServer,
} from './lib';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
const OPPORTUNITIES = Number(process.env.BENCH_OPPORTUNITIES ?? 10_000);
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 200_000);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = 10;
const EXPORT_RUNS = 3;
const RSS_SAMPLE_MS = 50;
const ONLY = process.env.BENCH_ONLY;
const PROFILE_DIR = process.env.BENCH_PROFILE;

const DASHBOARD_QUERY = `query Dashboard($id: ID!, $first: Int, $page: Int, $filters: ApplicationFilters) {
  opportunityApplications(id: $id, first: $first, page: $page, filters: $filters) {
    paginatorInfo { total currentPage lastPage }
    data { id code status payment_status name artist_name rate user_rate rating_count submitted_at }
  } }`;
const USER_APPLICATIONS_QUERY = `query Mine($first: Int, $page: Int) {
  userApplications(first: $first, page: $page) {
    paginatorInfo { total currentPage lastPage }
    data { id code status submitted_at opportunity { id title } }
  } }`;
// What the web app's /applications page asks (apps/web/src/features/applications/applications.graphql).
const USER_APPLICATIONS_PAGE_QUERY = `query UserApplications($first: Int, $page: Int) {
  userApplications(first: $first, page: $page) {
    paginatorInfo { count currentPage lastPage perPage total }
    data {
      id code status payment_status form_type created_at updated_at submitted_at
      viewer_can { edit withdraw message rate comment change_status }
      opportunity { id slug title time_zone deadline_date organisation { id slug name logo { id url thumb } } }
    } } }`;

const serverUrl = process.env.DATABASE_URL;
const reused = process.env.BENCH_DATABASE;
const keep = process.env.BENCH_KEEP_DATABASE === '1' || reused !== undefined;
const benchDb = reused ?? `encore_bench_apps_${Date.now()}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-applications-'));
const pgliteDir = path.join(dataDir, 'pglite');
const databaseUrl = serverUrl ? serverUrl.replace(/\/[^/]*$/, `/${benchDb}`) : undefined;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (kib: number) => `${(kib / 1024).toFixed(0)} MB`;

// --- Where the CPU went (Linux /proc) --------------------------------------------------------

function cpuLine(before: CpuSample, after: CpuSample, requests: number): string {
  const per = (key: keyof CpuSample) => (after[key] - before[key]) / Math.max(1, requests);
  const others = per('busy') - per('server') - per('postgres') - per('loader');
  return `CPU per request: server ${ms(per('server'))}, PostgreSQL processes ${ms(per('postgres'))}, load generator ${ms(per('loader'))}, other processes ${ms(others)}, idle ${ms(per('all') - per('busy'))} (of ${os.cpus().length} cores)`;
}

/** VmRSS and VmHWM of a process, in KiB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

// --- GraphQL --------------------------------------------------------------------------------

interface GraphQLAnswer {
  data?: Record<string, unknown>;
  errors?: unknown;
}
async function graphql(url: string, query: string, variables: object, token?: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as GraphQLAnswer;
  if (!response.ok || answer.errors) {
    throw new Error(`GraphQL ${response.status}: ${JSON.stringify(answer.errors ?? answer)}`);
  }
  return answer.data!;
}
async function signIn(url: string, email: string): Promise<string> {
  const data = await graphql(
    url,
    'mutation Login($input: LoginInput!) { login(input: $input) { access_token } }',
    { input: { email, password: BENCH_PASSWORD, remember_me: false } },
  );
  return (data.login as { access_token: string }).access_token;
}

// --- The statements a request costs, counted on the wire ------------------------------------

interface Statement {
  text: string;
  params: Array<string | null>;
}

/**
 * A TCP proxy in front of PostgreSQL that reads the frontend protocol: every Execute (extended
 * protocol, what node-postgres sends for a parameterised query) and every simple Query is one
 * statement run, recorded with its text (from the Parse it refers to) and parameters (from Bind).
 * Nothing is changed on the way; the server's own pool connects through it.
 */
async function startCountingProxy(target: { host: string; port: number }) {
  let recorded: Statement[] = [];
  const cstring = (buffer: Buffer, at: number): [string, number] => {
    const end = buffer.indexOf(0, at);
    return [buffer.toString('utf8', at, end), end + 1];
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    const prepared = new Map<string, string>();
    const portals = new Map<string, Statement>();
    let pending: Buffer = Buffer.alloc(0);
    let startedUp = false;
    const handle = (type: string, body: Buffer) => {
      if (type === 'P') {
        const [name, next] = cstring(body, 0);
        prepared.set(name, cstring(body, next)[0]);
      } else if (type === 'B') {
        const [portal, afterPortal] = cstring(body, 0);
        const [statement, afterStatement] = cstring(body, afterPortal);
        let at = afterStatement;
        const formats = body.readInt16BE(at);
        const binary = Array.from(
          { length: formats },
          (_, i) => body.readInt16BE(at + 2 + i * 2) === 1,
        );
        at += 2 + formats * 2;
        const count = body.readInt16BE(at);
        at += 2;
        const params: Array<string | null> = [];
        for (let i = 0; i < count; i++) {
          const length = body.readInt32BE(at);
          at += 4;
          if (length < 0) {
            params.push(null);
            continue;
          }
          const isBinary = binary.length === 1 ? binary[0] : binary[i];
          params.push(
            isBinary
              ? `\\x${body.toString('hex', at, at + length)}`
              : body.toString('utf8', at, at + length),
          );
          at += length;
        }
        portals.set(portal, {
          text: prepared.get(statement) ?? `(statement ${statement})`,
          params,
        });
      } else if (type === 'E') {
        const [portal] = cstring(body, 0);
        recorded.push(portals.get(portal) ?? { text: '(unknown portal)', params: [] });
      } else if (type === 'Q') {
        recorded.push({ text: cstring(body, 0)[0], params: [] });
      }
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (!startedUp) {
          // Untyped: the startup message, or an SSL / GSS encryption request before it.
          if (pending.length < 8 || pending.length < pending.readInt32BE(0)) break;
          const length = pending.readInt32BE(0);
          const code = pending.readInt32BE(4);
          pending = pending.subarray(length);
          if (code !== 80_877_103 && code !== 80_877_104) startedUp = true;
          continue;
        }
        if (pending.length < 5) break;
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) break;
        handle(String.fromCharCode(pending[0]!), pending.subarray(5, 1 + length));
        pending = pending.subarray(1 + length);
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    take(): Statement[] {
      const taken = recorded;
      recorded = [];
      return taken;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Statements grouped by text, first 110 characters, with how often each ran. */
function summarise(statements: Statement[]): string[] {
  const counts = new Map<string, number>();
  for (const { text } of statements) {
    const short = text.replace(/\s+/g, ' ').slice(0, 110);
    counts.set(short, (counts.get(short) ?? 0) + 1);
  }
  return [...counts].map(([text, count]) => `${String(count).padStart(4)} × ${text}`);
}

// --- The CSV export --------------------------------------------------------------------------

interface ExportRun {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** Data rows (CRLF-terminated records after the heading). */
  rows: number;
  columns: number;
  bareLineBreaks: number;
  rssBefore: number;
  rssPeak: number;
  hwm: number;
}

async function timeExport(url: string, token: string, pid: number): Promise<ExportRun> {
  // The peak RSS is reset (Linux: 5 > clear_refs), so VmHWM afterwards is this export's peak.
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not permitted: VmHWM is then the process's peak since it started
  }
  const rssBefore = memoryOf(pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
  }, RSS_SAMPLE_MS);
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) {
    clearInterval(sampler);
    throw new Error(`export: HTTP ${response.status} ${await response.text()}`);
  }
  let firstByteMs = 0;
  let bytes = 0;
  let records = 0;
  let bareLineBreaks = 0;
  let columns = 1;
  let quoted = false;
  let previous = 0;
  // Node's ReadableStream is async-iterable; the DOM typings that graphql-yoga's types pull in
  // (through @whatwg-node/fetch) do not say so.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    // Records end in CRLF outside quotes. A bare LF outside quotes is counted apart: a
    // spreadsheet would start a new row there.
    for (const byte of chunk) {
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x2c && !quoted && records === 0) columns += 1;
      else if (byte === 0x0a && !quoted) {
        if (previous === 0x0d) records += 1;
        else bareLineBreaks += 1;
      }
      previous = byte;
    }
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  const after = memoryOf(pid);
  rssPeak = Math.max(rssPeak, after.rss);
  return {
    firstByteMs,
    totalMs,
    bytes,
    rows: records - 1,
    columns,
    bareLineBreaks,
    rssBefore,
    rssPeak,
    hwm: after.hwm,
  };
}

// --- The run ---------------------------------------------------------------------------------

console.log(`machine: ${machineDescription()}`);
console.log(
  `database: ${serverUrl ? 'PostgreSQL server' : 'embedded PGlite'}; ${APPLICATIONS} applications over ${OPPORTUNITIES} opportunities, ${APPLICANTS} applicants; ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run after ${WARM_UP_SECONDS} s of warm-up`,
);
console.log(`load average at the start: ${loadAverage()}`);

if (serverUrl && !reused) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${benchDb}`);
  await admin.end();
}

let server: RunningServer | undefined;
let counting: RunningServer | undefined;
try {
  // 1. Data.
  const started = performance.now();
  const setup = await openDatabase({ databaseUrl, pgliteDir });
  let generated: GeneratedApplications;
  if (reused) {
    // A database generated before a migration was added gets it now.
    await runMigrations(setup);
    generated = await describeGenerated(setup.db);
    console.log(`reusing database ${benchDb}`);
  } else {
    await runMigrations(setup);
    await seedLookups(setup.db);
    generated = await generateApplications(setup.db, {
      opportunities: OPPORTUNITIES,
      applications: APPLICATIONS,
      applicants: APPLICANTS,
      log: (line) => console.log(line),
    });
    // The generation's writes reach the disk now rather than during the measurements.
    if (serverUrl) await setup.db.execute(sql`checkpoint`);
    console.log(
      `generated in ${((performance.now() - started) / 1000).toFixed(1)} s (load average ${loadAverage()})`,
    );
  }
  if (serverUrl) {
    const sizes = (await setup.db.execute(sql`
      select relname as table, pg_size_pretty(pg_total_relation_size(oid)) as size
      from pg_class where relname in ('applications', 'application_reviews', 'application_status_changes', 'users')
      order by pg_total_relation_size(oid) desc`)) as unknown as {
      rows: Array<{ table: string; size: string }>;
    };
    console.log(
      `sizes with indexes and TOAST: ${sizes.rows.map((row) => `${row.table} ${row.size}`).join(', ')}`,
    );
  }
  await setup.close();
  console.log(`rows: ${JSON.stringify(generated.rows)}`);
  const largest = generated.largestOpportunity;
  console.log(
    `largest opportunity: ${largest.slug} "${largest.title}", ${largest.applications} applications; manager ${generated.manager.email}; applicant ${generated.applicant.email} with ${generated.applicant.applications} applications`,
  );

  // 2. The server, and the two people it is measured for.
  const serverEnv = { DATA_DIR: dataDir, SEED: 'none', DATABASE_URL: databaseUrl ?? '' };
  server = await startBuiltServer(
    serverEnv,
    PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
  );
  const pid = server.child.pid!;
  const managerToken = await signIn(server.url, generated.manager.email);
  const applicantToken = await signIn(server.url, generated.applicant.email);
  console.log(`\nserver started: RSS ${mb(memoryOf(pid).rss)} after two sign-ins`);

  // The export, on the fresh process first, then again once the loads have grown its heap.
  const exportUrl = `${server.url}/api/opportunities/${largest.id}/applications.csv`;
  const runExports = async (when: string, runs: number) => {
    console.log(
      `\nCSV export of ${largest.slug} (${largest.applications} applications), ${when}, ${runs} run(s) one after the other:`,
    );
    for (let run = 1; run <= runs; run++) {
      const result = await timeExport(exportUrl, managerToken, pid);
      console.log(
        `  run ${run}: last byte after ${ms(result.totalMs)} (first byte ${ms(result.firstByteMs)}); ${(result.bytes / 2 ** 20).toFixed(1)} MiB, ${result.rows} rows of ${result.columns} columns (+ ${result.bareLineBreaks} unquoted bare line feeds inside cells); server RSS ${mb(result.rssBefore)} before, peak ${mb(result.rssPeak)} sampled every ${RSS_SAMPLE_MS} ms, VmHWM ${mb(result.hwm)}; load average ${loadAverage()}`,
      );
    }
  };
  if (!ONLY) await runExports('on the fresh server', EXPORT_RUNS);

  const dashboard = (variables: object) =>
    JSON.stringify({ query: DASHBOARD_QUERY, variables: { id: largest.id, ...variables } });
  const variants: Array<{ name: string; body: string; token: string; field: string }> = [
    {
      name: 'dashboard, page 1 of 50',
      body: dashboard({ first: 50, page: 1 }),
      token: managerToken,
      field: 'opportunityApplications',
    },
    {
      name: 'dashboard, in review + shortlisted, by rate',
      body: dashboard({
        first: 50,
        page: 1,
        filters: { status: ['IN_REVIEW', 'SHORTLISTED'], sort: 'rate' },
      }),
      token: managerToken,
      field: 'opportunityApplications',
    },
    {
      name: 'dashboard, page 100 of 50',
      body: dashboard({ first: 50, page: 100 }),
      token: managerToken,
      field: 'opportunityApplications',
    },
    {
      name: 'userApplications, first 10',
      body: JSON.stringify({ query: USER_APPLICATIONS_QUERY, variables: { first: 10, page: 1 } }),
      token: applicantToken,
      field: 'userApplications',
    },
    {
      name: 'userApplications, web page query',
      body: JSON.stringify({
        query: USER_APPLICATIONS_PAGE_QUERY,
        variables: { first: 10, page: 1 },
      }),
      token: applicantToken,
      field: 'userApplications',
    },
  ];

  console.log('\none answer of each (checked before the load):');
  for (const variant of variants) {
    const data = await graphql(
      server.url,
      (JSON.parse(variant.body) as { query: string }).query,
      (JSON.parse(variant.body) as { variables: object }).variables,
      variant.token,
    );
    const page = data[variant.field] as { paginatorInfo: { total: number }; data: unknown[] };
    console.log(
      `  ${variant.name}: ${page.data.length} rows of ${page.paginatorInfo.total}; first ${JSON.stringify(page.data[0])}`,
    );
  }

  console.log(`\nload at ${CONNECTIONS} connections:`);
  const results: Array<{ name: string; result: LoadResult }> = [];
  for (const variant of variants) {
    if (ONLY && !variant.name.includes(ONLY)) continue;
    const target = {
      url: `${server.url}/graphql`,
      body: variant.body,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${variant.token}` },
      connections: CONNECTIONS,
      bodyIsGood: (text: string) =>
        text.includes(`"${variant.field}":{"paginatorInfo"`) && !text.includes('"errors"'),
    };
    await load({ ...target, durationSeconds: WARM_UP_SECONDS });
    const before = cpuNow(pid);
    const result = await load({ ...target, durationSeconds: DURATION_SECONDS });
    const after = cpuNow(pid);
    results.push({ name: variant.name, result });
    console.log(formatLoad(variant.name, result), `  bad answers ${result.badBodies}`);
    if (before && after) console.log(`${' '.repeat(36)}${cpuLine(before, after, result.total)}`);
    console.log(
      `${' '.repeat(36)}load average ${loadAverage()}; server RSS ${mb(memoryOf(pid).rss)}`,
    );
  }

  if (!ONLY) await runExports('after the loads', 1);
  // autocannon reports before its last requests are answered; they finish before the server stops.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await server.stop();
  server = undefined;

  // 4. Statements per request, on a second server process whose pool connects through the
  // counting proxy; each request is made three times and the last one counted (caches warm), the
  // first one shown too (a process that has not seen the viewer or the opportunity yet).
  if (databaseUrl) {
    const target = new URL(databaseUrl);
    const proxy = await startCountingProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    const proxied = new URL(databaseUrl);
    proxied.host = `127.0.0.1:${proxy.port}`;
    counting = await startBuiltServer({ ...serverEnv, DATABASE_URL: proxied.toString() });
    proxy.take();
    const countOf = async (query: string, variables: object, token: string) => {
      const counts: number[] = [];
      let last: Statement[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        proxy.take();
        await graphql(counting!.url, query, variables, token);
        last = proxy.take();
        counts.push(last.length);
      }
      return { counts, last };
    };
    console.log('\nSQL statements per request (first request of the process, then warm):');
    const measured: Array<{ name: string; query: string; variables: object; token: string }> = [
      {
        name: 'dashboard, page of 50',
        query: DASHBOARD_QUERY,
        variables: { id: largest.id, first: 50 },
        token: managerToken,
      },
      {
        name: 'dashboard, page of 10',
        query: DASHBOARD_QUERY,
        variables: { id: largest.id, first: 10 },
        token: managerToken,
      },
      {
        name: 'dashboard, filtered, page of 50',
        query: DASHBOARD_QUERY,
        variables: {
          id: largest.id,
          first: 50,
          filters: { status: ['IN_REVIEW', 'SHORTLISTED'], sort: 'rate' },
        },
        token: managerToken,
      },
      {
        name: 'userApplications, first 10',
        query: USER_APPLICATIONS_QUERY,
        variables: { first: 10 },
        token: applicantToken,
      },
      {
        name: 'userApplications, first 5',
        query: USER_APPLICATIONS_QUERY,
        variables: { first: 5 },
        token: applicantToken,
      },
      {
        name: 'userApplications, web page query, 10',
        query: USER_APPLICATIONS_PAGE_QUERY,
        variables: { first: 10 },
        token: applicantToken,
      },
      {
        name: 'userApplications, web page query, 5',
        query: USER_APPLICATIONS_PAGE_QUERY,
        variables: { first: 5 },
        token: applicantToken,
      },
    ];
    const lastOf = new Map<string, Statement[]>();
    for (const item of measured) {
      const { counts, last } = await countOf(item.query, item.variables, item.token);
      lastOf.set(item.name, last);
      console.log(`  ${item.name.padEnd(40)} ${counts.join(' / ')} statements`);
    }
    for (const name of [
      'dashboard, page of 50',
      'dashboard, page of 10',
      'userApplications, first 10',
      'userApplications, web page query, 10',
    ]) {
      console.log(`\n  ${name}, warm, by statement:`);
      for (const line of summarise(lastOf.get(name) ?? [])) console.log(`    ${line}`);
    }
    await counting.stop();
    counting = undefined;
    await proxy.close();

    // 5. Plans: the page statements as the server sent them, run again with their parameters.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const explain = async (title: string, statement: Statement | undefined) => {
      if (!statement) return;
      const plan = await client.query<Record<string, string>>(
        `explain (analyze, buffers) ${statement.text}`,
        statement.params,
      );
      console.log(
        `\n${title}:\n  ${statement.text.replace(/\s+/g, ' ')}\n  params ${JSON.stringify(statement.params)}`,
      );
      for (const row of plan.rows) console.log(`  ${Object.values(row)[0]}`);
    };
    const pageStatement = (name: string) =>
      lastOf.get(name)?.find((s) => /from "applications"/.test(s.text) && /limit/i.test(s.text));
    const countStatement = (name: string) =>
      lastOf
        .get(name)
        ?.find(
          (s) =>
            /from "applications"/.test(s.text) &&
            /count\(\*\)/.test(s.text) &&
            !/limit/i.test(s.text),
        );
    await explain('plan: dashboard page of 50, main query', pageStatement('dashboard, page of 50'));
    // The total rides with the page (an init plan) unless a statement of its own counts it.
    await explain('plan: dashboard page of 50, total', countStatement('dashboard, page of 50'));
    await explain(
      'plan: dashboard filtered by status, by rate',
      pageStatement('dashboard, filtered, page of 50'),
    );
    await explain(
      'plan: userApplications, main query',
      pageStatement('userApplications, first 10'),
    );
    await client.end();
  } else {
    console.log('\n(statement counts and plans: PostgreSQL only)');
  }

  console.log('\nsummary:');
  for (const { name, result } of results) console.log(formatLoad(name, result));
} finally {
  await server?.stop();
  await counting?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl && !keep) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${benchDb} with (force)`);
    await admin.end();
  } else if (serverUrl) {
    console.log(`database ${benchDb} kept`);
  }
}
