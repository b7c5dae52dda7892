// opportunitySearch under load on 100,000 opportunities, side by side with the same SQL issued
// directly (node-postgres on PostgreSQL, in-process PGlite on the embedded database).
// Usage: npm run build && npx tsx bench/search.ts
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/search.ts
//        (a fresh database is created next to the one named, and dropped afterwards)
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { mkdtempSync, rmSync } from 'node:fs';
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
import { formatLoad, load, machineDescription, percentile, startBuiltServer } from './lib';
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
await setup.close();
console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// 2. The SQL the search runs, captured once, then issued directly.
interface Captured {
  query: string;
  params: unknown[];
}
const captured: Captured[] = [];
const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
const pool = databaseUrl
  ? new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS })
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
const answer = await search(opportunitySearchSchema.parse(INPUT), PAGE);
console.log(`results: ${answer.total} in total, ${answer.rows.length} on the page`);
const statements = [...captured];

const runDirect = (statement: Captured) =>
  pool
    ? pool.query(statement.query, statement.params as unknown[])
    : pglite!.query(statement.query, statement.params as unknown[]);

console.log('\nplans:');
for (const statement of statements.slice(0, 2)) {
  const explained = pool
    ? await pool.query(
        `explain (analyze, costs off) ${statement.query}`,
        statement.params as unknown[],
      )
    : await pglite!.query<Record<string, string>>(
        `explain (analyze, costs off) ${statement.query}`,
        statement.params as unknown[],
      );
  for (const row of explained.rows as Record<string, string>[])
    console.log(`  ${Object.values(row)[0]}`);
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
      await Promise.all(statements.map(runDirect));
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
const graphql = await load({
  url: `${server.url}/graphql`,
  body,
  connections: CONNECTIONS,
  durationSeconds: DURATION_SECONDS,
  bodyIsGood,
});
await server.stop();

console.log(formatLoad('opportunitySearch (GraphQL)', graphql));
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
