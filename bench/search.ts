// opportunitySearch under load on 100,000 opportunities, side by side with the same SQL issued
// directly (node-postgres on PostgreSQL, in-process PGlite on the embedded database).
// Usage: npm run build && npx tsx bench/search.ts
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/search.ts
//        (a fresh database is created next to the one named, and dropped afterwards)
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { opportunitySearchSchema } from '../packages/core/src/index';
import { openDatabase, pgliteExtensions, type Database } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedLookups } from '../apps/server/src/modules/lookups/lookups.seed';
import { createLookupsService } from '../apps/server/src/modules/lookups/lookups.service';
import { createOpportunitySearch } from '../apps/server/src/modules/opportunities/opportunities.search';
import {
  cpuNow,
  formatLoad,
  load,
  machineDescription,
  percentile,
  startBuiltServer,
  type CpuSample,
} from './lib';
import { generateOpportunities } from './opportunity-data';

const COUNT = Number(process.env.BENCH_OPPORTUNITIES ?? 100_000);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const INPUT = {
  near: { latitude: 51.5072, longitude: -0.1276 },
  radius_km: 50,
  query: 'jazz',
  types: ['festival', 'gig', 'showcase', 'open_call'],
  is_free: false,
};
const PAGE = { first: 20, page: 1 };
const QUERY = `query Search($input: OpportunitySearchInput) {
  opportunitySearch(input: $input, first: 20) {
    paginatorInfo { total }
    data { id slug title distance deadline_date is_paid }
    facets { genres { value count } types { value count } countries { value count } }
  } }`;

const serverUrl = process.env.DATABASE_URL;
const benchDb = `encore_bench_${Date.now()}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-search-'));
const pgliteDir = path.join(dataDir, 'pglite');
const databaseUrl = serverUrl ? serverUrl.replace(/\/[^/]*$/, `/${benchDb}`) : undefined;

/**
 * An open loop: requests sent evenly at a fixed rate, each on time whether or not the earlier ones
 * have answered (autocannon's paced mode fires all its connections together, in bursts).
 */
async function loadAtRate(url: string, requestBody: string, rate: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let failures = 0;
  const send = () =>
    new Promise<void>((resolve) => {
      const begun = performance.now();
      const request = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            if (response.statusCode === 200 && !text.includes('"errors"')) {
              latencies.push(performance.now() - begun);
            } else failures += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        failures += 1;
        resolve();
      });
      request.end(requestBody);
    });
  const sent: Promise<void>[] = [];
  const started = performance.now();
  for (;;) {
    const elapsed = performance.now() - started;
    if (elapsed >= seconds * 1000) break;
    while (sent.length <= (elapsed * rate) / 1000) sent.push(send());
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(sent);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    total: latencies.length,
    failures,
  };
}

// Where the CPU went during the closed-loop run (Linux /proc): the machine is shared, so the time
// other processes took is shown too.
function cpuSince(before: CpuSample | undefined, serverPid: number | undefined, requests: number) {
  const after = cpuNow(serverPid);
  if (!before || !after || requests === 0) return undefined;
  const per = (key: keyof CpuSample) => (after[key] - before[key]) / requests;
  const busy = per('busy');
  return {
    server: per('server'),
    postgres: per('postgres'),
    loader: per('loader'),
    others: busy - per('server') - per('postgres') - per('loader'),
    idle: per('all') - busy,
  };
}

console.log(`machine: ${machineDescription()}`);
console.log(
  `database: ${serverUrl ? 'PostgreSQL server' : 'embedded PGlite'}; ${COUNT} opportunities; ${CONNECTIONS} connections, ${DURATION_SECONDS} s`,
);

if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${benchDb}`);
  await admin.end();
}

// 1. Data.
let started = performance.now();
const setup = await openDatabase({ databaseUrl, pgliteDir });
await runMigrations(setup);
await seedLookups(setup.db);
await generateOpportunities(setup.db, COUNT);
// The load's writes reach the disk now rather than during the measurements.
if (serverUrl) await setup.db.execute(sql`checkpoint`);
await setup.close();
console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// 2. The SQL the search runs, captured once, then issued directly.
interface Captured {
  query: string;
  params: unknown[];
}
const captured: Captured[] = [];
const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
// With the server's session settings (apps/server/src/db/client.ts: plans are kept), so that
// "direct" differs from the server by the server's own work only.
const pool = databaseUrl
  ? new pg.Pool({
      connectionString: databaseUrl,
      max: CONNECTIONS,
      options: '-c plan_cache_mode=force_generic_plan',
    })
  : undefined;
const pglite = pool
  ? undefined
  : await PGlite.create({ dataDir: pgliteDir, extensions: pgliteExtensions });
const capturing = (pool
  ? drizzleNodePg(pool, { schema, logger })
  : drizzlePglite(pglite!, { schema, logger })) as unknown as Database;
const search = createOpportunitySearch(
  capturing,
  createLookupsService(capturing),
  () => new Date(),
);
// The parts of the answer QUERY asks for: the total and facets, no organisations.
const answer = await search(opportunitySearchSchema.parse(INPUT), PAGE, {
  total: true,
  facets: true,
  organisations: false,
});
console.log(`results: ${answer.total} in total, ${answer.rows.length} on the page`);
const statements = [...captured];

// On PostgreSQL the server prepares the search statement once per connection (a named statement,
// planned generically after a few runs); issued directly, it is prepared the same way.
const runDirect = (statement: Captured, index: number) =>
  pool
    ? pool.query({
        name: `bench_search_${index}`,
        text: statement.query,
        values: statement.params as unknown[],
      })
    : pglite!.query(statement.query, statement.params as unknown[]);

console.log('\nplans:');
for (const [index, statement] of statements.entries()) {
  let explained: { rows: Record<string, string>[] };
  if (pool) {
    // The plan the server runs: the prepared statement's, after the runs that settle it.
    const client = await pool.connect();
    const literal = (value: unknown): string =>
      value === null || value === undefined
        ? 'null'
        : Array.isArray(value)
          ? client.escapeLiteral(`{${value.map((item) => JSON.stringify(item)).join(',')}}`)
          : client.escapeLiteral(String(value));
    await client.query(`prepare bench_plan_${index} as ${statement.query}`);
    const execute = `execute bench_plan_${index}(${statement.params.map(literal).join(', ')})`;
    for (let run = 0; run < 6; run += 1) await client.query(execute);
    explained = await client.query(`explain (analyze, buffers, costs off) ${execute}`);
    await client.query(`deallocate bench_plan_${index}`);
    client.release();
  } else {
    // PGlite plans every statement (drizzle cannot name them there): the plan of a warm run.
    for (let run = 0; run < 6; run += 1) await runDirect(statement, index);
    explained = await pglite!.query<Record<string, string>>(
      `explain (analyze, buffers, costs off) ${statement.query}`,
      statement.params as unknown[],
    );
  }
  for (const row of explained.rows) console.log(`  ${Object.values(row)[0]}`);
  console.log('');
}

// One request = the search's statements together, as the server runs them.
const latencies: number[] = [];
let requests = 0;
const deadline = performance.now() + DURATION_SECONDS * 1000;
started = performance.now();
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < deadline) {
      const begun = performance.now();
      await Promise.all(statements.map((statement, index) => runDirect(statement, index)));
      latencies.push(performance.now() - begun);
      requests += 1;
    }
  }),
);
const directSeconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const direct = {
  requestsPerSecond: requests / directSeconds,
  p95: percentile(latencies, 95),
};
await pool?.end();
await pglite?.close();

// 3. The same search through the server's GraphQL endpoint.
const server = await startBuiltServer({
  DATA_DIR: dataDir,
  SEED: 'none',
  DATABASE_URL: databaseUrl ?? '',
});
const body = JSON.stringify({ query: QUERY, variables: { input: INPUT } });
const bodyIsGood = (text: string) => !text.includes('"errors"');
await load({
  url: `${server.url}/graphql`,
  body,
  connections: CONNECTIONS,
  durationSeconds: 3,
  bodyIsGood,
});
const before = cpuNow(server.child.pid);
const graphql = await load({
  url: `${server.url}/graphql`,
  body,
  connections: CONNECTIONS,
  durationSeconds: DURATION_SECONDS,
  bodyIsGood,
});
const spent = cpuSince(before, server.child.pid, graphql.total);
// Below saturation, for scale: the same search at a fixed rate, half the one just reached. The
// target's figure is the closed loop above, where 20 connections keep the machine busy.
const steadyRate = Math.max(10, Math.round(graphql.requestsPerSecond / 20) * 10);
const steady = await loadAtRate(`${server.url}/graphql`, body, steadyRate, DURATION_SECONDS);
await server.stop();

console.log(formatLoad('opportunitySearch (GraphQL)', graphql));
if (spent) {
  console.log(
    `  CPU per request: server ${spent.server.toFixed(2)} ms, PostgreSQL processes ${spent.postgres.toFixed(2)} ms, load generator ${spent.loader.toFixed(2)} ms, other processes ${spent.others.toFixed(2)} ms (${spent.idle.toFixed(2)} ms of ${os.cpus().length} cores idle)`,
  );
}
console.log(
  `${`GraphQL, ${steadyRate} req/s sent evenly`.padEnd(34)}   p50 ${steady.p50.toFixed(1)} ms   p95 ${steady.p95.toFixed(1)} ms   p99 ${steady.p99.toFixed(1)} ms   failures ${steady.failures}   (${steady.total} requests, open loop)`,
);
console.log(
  `${'same SQL, direct'.padEnd(34)} ${direct.requestsPerSecond.toFixed(0).padStart(7)} req/s   p95 ${direct.p95.toFixed(1)} ms   (${requests} requests of ${statements.length} statements)`,
);
console.log(
  `GraphQL reaches ${((graphql.requestsPerSecond / direct.requestsPerSecond) * 100).toFixed(0)}% of the direct rate; bad answers: ${graphql.badBodies + graphql.non2xx + graphql.errors}`,
);

rmSync(dataDir, { recursive: true, force: true });
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${benchDb} with (force)`);
  await admin.end();
}
