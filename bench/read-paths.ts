// Encore's read paths beside PostGraphile 4 on the same data: the first page of opportunities by
// deadline with each one's organisation, the same with the total, a page filtered by type and
// genre, and one opportunity by its slug. Only the GraphQL API is measured, so the figures follow
// whatever the build does.
// Usage (read paths): npm run build, then
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/read-paths.ts
//     100,000 opportunities in a fresh database next to the one named (dropped afterwards); the
//     statements each request runs, then Encore and PostGraphile 4 alternately at 20 connections.
//   npx tsx bench/read-paths.ts
//     Encore alone on embedded PGlite with BENCH_OPPORTUNITIES (default 20,000), at 1 and 20
//     connections.
//   BENCH_SECONDS sets the length of each measured run (default 10).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { LIVE_OPPORTUNITY_STATUSES } from '../packages/core/src/index';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedLookups } from '../apps/server/src/modules/lookups/lookups.seed';
import { ask, badAnswers, loadRead, type ReadQuery } from './graphql-reads';
import {
  formatLoad,
  freePort,
  machineDescription,
  percentile,
  repoRoot,
  startBuiltServer,
  type LoadResult,
  type RunningServer,
} from './lib';
import { generateOpportunities } from './opportunity-data';
import { startStatementProxy, type StatementProxy } from './statement-proxy';

const serverUrl = process.env.DATABASE_URL;
const COUNT = serverUrl ? 100_000 : Number(process.env.BENCH_OPPORTUNITIES ?? 20_000);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = 20;
const ROUNDS = 2;
const SAMPLES = 50;

type Counted = Awaited<ReturnType<typeof statementsPer>>;

interface Pair {
  name: string;
  encore: ReadQuery;
  postgraphile: ReadQuery;
  /** How the two differ, printed with the figures. */
  note: string;
}

const ENCORE_ROW = 'id slug title deadline_date organisation { name }';
const POSTGRAPHILE_ROW = 'id slug title deadlineAt organisationByOrganisationId { name }';
// What Encore's search always applies: not deleted, not private, a live status. Encore derives
// the status from the dates on every read; PostGraphile reads the stored one, which the data
// generator sets the same way.
const LISTED = `isPrivate: { equalTo: false }, deletedAt: { isNull: true }, status: { in: [${LIVE_OPPORTUNITY_STATUSES.map((status) => `"${status}"`).join(', ')}] }`;
const randomSlug = () => ({ slug: `bench-${1 + Math.floor(Math.random() * COUNT)}` });

function encorePage(first: number, options: { total?: boolean; filter?: string } = {}): ReadQuery {
  const total = options.total ? 'paginatorInfo { total } ' : '';
  return {
    query: `query { opportunitySearch(input: { ${options.filter ?? ''}sort: { field: DEADLINE, asc: true } }, first: ${first}) { ${total}data { ${ENCORE_ROW} } } }`,
    rows: ['opportunitySearch', 'data'],
  };
}

function postgraphilePage(options: { total?: boolean; filter?: string } = {}): ReadQuery {
  const total = options.total ? 'totalCount ' : '';
  return {
    query: `query { allOpportunities(first: 20, orderBy: [DEADLINE_AT_ASC], filter: { ${LISTED}${options.filter ?? ''} }) { ${total}nodes { ${POSTGRAPHILE_ROW} } } }`,
    rows: ['allOpportunities', 'nodes'],
  };
}

function pairs(genre: string): Pair[] {
  return [
    {
      name: 'a. first page by deadline',
      encore: encorePage(20),
      postgraphile: postgraphilePage(),
      note: 'same rows; Encore also checks the status against the clock',
    },
    {
      name: 'b. first page with the total',
      encore: encorePage(20, { total: true }),
      postgraphile: postgraphilePage({ total: true }),
      note: 'paginatorInfo.total beside totalCount',
    },
    {
      name: `c. festival + ${genre}`,
      encore: encorePage(20, { filter: `types: [festival], genres: ["${genre}"], ` }),
      postgraphile: postgraphilePage({
        filter: `, types: { overlaps: ["festival"] }, genres: { overlaps: ["${genre}"] }`,
      }),
      note: 'array overlap (&&) on both: postgraphile-plugin-connection-filter',
    },
    {
      name: 'd. one opportunity by slug',
      encore: {
        query: `query ($slug: String!) { opportunity(slug: $slug) { ${ENCORE_ROW} } }`,
        variables: randomSlug,
        rows: ['opportunity'],
      },
      postgraphile: {
        query: `query ($slug: String!) { opportunityBySlug(slug: $slug) { ${POSTGRAPHILE_ROW} } }`,
        variables: randomSlug,
        rows: ['opportunityBySlug'],
      },
      note: 'a random slug each request; Encore also checks who may see it, looks up former slugs and records a view (a write)',
    },
  ];
}

/**
 * Statements per request, by the proxy's count over requests sent one at a time (the median, and
 * the mean, which includes what runs apart from requests), and the median time of one request.
 */
async function statementsPer(serverUrl: string, read: ReadQuery, proxy: StatementProxy) {
  const counts: number[] = [];
  const times: number[] = [];
  const first = proxy.statements();
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const before = proxy.statements();
    times.push(await ask(serverUrl, read));
    counts.push(proxy.statements() - before);
  }
  // Writes a request leaves running after its answer (Encore's view record) land meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 200));
  counts.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  return {
    median: percentile(counts, 50),
    mean: (proxy.statements() - first) / SAMPLES,
    p50: percentile(times, 50),
  };
}

/** PostGraphile 4 in its own process (bench/postgraphile-server.ts), ready to answer. */
async function startPostGraphile(databaseUrl: string): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/postgraphile-server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostGraphile exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// A run in which no request was answered has no percentiles.
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');
/** The mean over the runs that have the figure (a run without answers has no percentiles). */
function mean(results: LoadResult[], key: 'requestsPerSecond' | 'p50' | 'p99'): number {
  const known = results.map((result) => result[key]).filter(Number.isFinite);
  return known.reduce((sum, value) => sum + value, 0) / known.length;
}

const benchDb = `encore_bench_reads_${Date.now()}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-reads-'));
const databaseUrl = serverUrl ? serverUrl.replace(/\/[^/]*$/, `/${benchDb}`) : undefined;
/** Servers and proxies still running, stopped whatever happens. */
const running = new Set<{ stop(): Promise<void> } | { close(): Promise<void> }>();

async function stop(...things: ({ stop(): Promise<void> } | { close(): Promise<void> })[]) {
  await Promise.all(things.map((thing) => ('stop' in thing ? thing.stop() : thing.close())));
  for (const thing of things) running.delete(thing);
}

function started<Thing extends { stop(): Promise<void> } | { close(): Promise<void> }>(
  thing: Thing,
) {
  running.add(thing);
  return thing;
}

async function administer(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

/** Waits until no statement runs in the database but this one (at most 60 s). */
async function settle(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const deadline = performance.now() + 60_000;
  let quiet = 0;
  while (quiet < 3 && performance.now() < deadline) {
    const { rows } = await client.query<{ active: number }>(
      `select count(*)::int as active from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    quiet = rows[0]?.active === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.end();
}

/** The data, as bench/search.ts makes it, and a genre that festivals have (for the filtered page). */
async function generate(): Promise<string> {
  const begun = performance.now();
  const setup = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  await runMigrations(setup);
  await seedLookups(setup.db);
  await generateOpportunities(setup.db, COUNT);
  // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
  const { rows } = (await setup.db.execute(sql`
    select genre from opportunities, unnest(genres) genre
    where 'festival' = any(types) group by genre order by count(*) desc, genre limit 1`)) as unknown as {
    rows: { genre: string }[];
  };
  // The load's writes reach the disk now rather than during the measurements.
  if (serverUrl) await setup.db.execute(sql`checkpoint`);
  await setup.close();
  console.log(`generated in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
  if (!rows[0]) throw new Error('no festival has a genre');
  return rows[0].genre;
}

const encoreEnv = (url: string | undefined) => ({
  DATA_DIR: dataDir,
  SEED: 'none',
  DATABASE_URL: url ?? '',
});

/** Statements per request of each read, each side behind a counting proxy of its own. */
async function countStatements(databaseUrl: string, comparisons: Pair[]) {
  const database = new URL(databaseUrl);
  const target = { host: database.hostname, port: Number(database.port || 5432) };
  const throughProxy = (proxy: StatementProxy) => {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    return url.toString();
  };
  const encoreProxy = started(await startStatementProxy(target));
  const postgraphileProxy = started(await startStatementProxy(target));
  const encore = started(await startBuiltServer(encoreEnv(throughProxy(encoreProxy))));
  const postgraphile = started(await startPostGraphile(throughProxy(postgraphileProxy)));
  console.log(
    `\nstatements per request, median / mean, and the median time of one (${SAMPLES} requests one at a time, through the proxy):`,
  );
  const counts = new Map<string, { encore: Counted; postgraphile: Counted | undefined }>();
  const reads: [string, ReadQuery, ReadQuery | undefined][] = [
    ...comparisons.map((pair): [string, ReadQuery, ReadQuery] => [
      pair.name,
      pair.encore,
      pair.postgraphile,
    ]),
    ['a. with first: 5', encorePage(5), undefined],
    ['a. with first: 50', encorePage(50), undefined],
  ];
  for (const [name, ours, theirs] of reads) {
    const encoreCount = await statementsPer(encore.url, ours, encoreProxy);
    const postgraphileCount = theirs
      ? await statementsPer(postgraphile.url, theirs, postgraphileProxy)
      : undefined;
    counts.set(name, { encore: encoreCount, postgraphile: postgraphileCount });
    const shown = (count: Counted) =>
      `${count.median} / ${count.mean.toFixed(2)} in ${ms(count.p50)}`;
    console.log(
      `  ${name.padEnd(30)} Encore ${shown(encoreCount)}${postgraphileCount ? `   PostGraphile ${shown(postgraphileCount)}` : ''}`,
    );
  }
  await stop(encore, postgraphile);
  await stop(encoreProxy, postgraphileProxy);
  return counts;
}

/** Each pair under load, the two servers alternately so that neither gets the quieter minutes. */
async function compare(
  databaseUrl: string,
  comparisons: Pair[],
  counts: Awaited<ReturnType<typeof countStatements>>,
) {
  const encore = started(await startBuiltServer(encoreEnv(databaseUrl)));
  const postgraphile = started(await startPostGraphile(databaseUrl));
  const sides = [
    { name: 'Encore', server: encore, read: (pair: Pair) => pair.encore },
    { name: 'PostGraphile', server: postgraphile, read: (pair: Pair) => pair.postgraphile },
  ];
  const alone = (name: string) => {
    const { encore: ours, postgraphile: theirs } = counts.get(name)!;
    return `${ours.median} / ${theirs?.median ?? '–'}, ${ms(ours.p50)} / ${theirs ? ms(theirs.p50) : '–'}`;
  };
  const table: string[] = [];
  for (const pair of comparisons) {
    console.log(`\n${pair.name} (${pair.note}), ${CONNECTIONS} connections`);
    for (const side of sides) console.log(`  ${side.name}: ${side.read(pair).query}`);
    // A run ends with requests still in the database; the next one starts once they are done.
    const run = async (side: (typeof sides)[number], seconds: number) => {
      const result = await loadRead(side.server.url, side.read(pair), CONNECTIONS, seconds);
      await settle(databaseUrl);
      return result;
    };
    for (const side of sides) await run(side, WARM_UP_SECONDS);
    const [ours, theirs]: LoadResult[][] = [[], []];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [index, side] of sides.entries()) {
        const result = await run(side, DURATION_SECONDS);
        (index === 0 ? ours : theirs)!.push(result);
        console.log(
          `  ${formatLoad(`${side.name}, round ${round}`, result)}   bad answers ${badAnswers(result)}`,
        );
      }
    }
    const ratio = mean(ours!, 'requestsPerSecond') / mean(theirs!, 'requestsPerSecond');
    const figures = (runs: LoadResult[]) => [
      mean(runs, 'requestsPerSecond').toFixed(0),
      ms(mean(runs, 'p50')),
      ms(mean(runs, 'p99')),
    ];
    for (const [index, side] of sides.entries()) {
      const [rate, p50, p99] = figures(index === 0 ? ours! : theirs!);
      console.log(
        `  ${side.name.padEnd(12)} mean of ${ROUNDS}: ${rate} req/s   p50 ${p50}   p99 ${p99}`,
      );
    }
    console.log(`  Encore / PostGraphile: ${ratio.toPrecision(2)} × the requests per second`);
    table.push(
      `| ${pair.name} | ${figures(ours!).join(' | ')} | ${figures(theirs!).join(' | ')} | ${ratio.toPrecision(2)} | ${alone(pair.name)} |`,
    );
  }
  await stop(encore, postgraphile);
  console.log(
    `\n${COUNT} opportunities on PostgreSQL, ${CONNECTIONS} connections, mean of ${ROUNDS} runs of ${DURATION_SECONDS} s each:\n`,
  );
  console.log(
    '| read | Encore req/s | p50 | p99 | PostGraphile 4 req/s | p50 | p99 | Encore / PostGraphile | one at a time: statements, time (Encore / PostGraphile) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of table) console.log(row);
}

/** Encore alone on PGlite: what one visitor waits, and under load. */
async function measurePglite(comparisons: Pair[]) {
  const encore = started(await startBuiltServer(encoreEnv(undefined)));
  const [firstPage, withTotal, , bySlug] = comparisons;
  const table: string[] = [];
  for (const pair of [firstPage!, withTotal!, bySlug!]) {
    console.log(`\n${pair.name}: ${pair.encore.query}`);
    for (const connections of [1, CONNECTIONS]) {
      await loadRead(encore.url, pair.encore, connections, WARM_UP_SECONDS);
      const result = await loadRead(encore.url, pair.encore, connections, DURATION_SECONDS);
      console.log(
        `  ${formatLoad(`${connections} connection${connections > 1 ? 's' : ''}`, result)}   bad answers ${badAnswers(result)}`,
      );
      table.push(
        `| ${pair.name} | ${connections} | ${result.requestsPerSecond.toFixed(0)} | ${ms(result.p50)} | ${ms(result.p99)} |`,
      );
    }
  }
  await stop(encore);
  console.log(`\n${COUNT} opportunities on PGlite, Encore, ${DURATION_SECONDS} s per run:\n`);
  console.log('| read | connections | req/s | p50 | p99 |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of table) console.log(row);
}

console.log(`machine: ${machineDescription()}`);
console.log(
  `database: ${serverUrl ? 'PostgreSQL server' : 'embedded PGlite'}; ${COUNT} opportunities; ${DURATION_SECONDS} s per run after ${WARM_UP_SECONDS} s of warm-up`,
);
try {
  if (serverUrl) await administer(`create database ${benchDb}`);
  const comparisons = pairs(await generate());
  if (databaseUrl) {
    // The load runs without the proxy: it would share this process, and the machine's cores,
    // with the load generator.
    await compare(databaseUrl, comparisons, await countStatements(databaseUrl, comparisons));
  } else {
    await measurePglite(comparisons);
  }
} finally {
  await stop(...running);
  rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) await administer(`drop database if exists ${benchDb} with (force)`);
}
