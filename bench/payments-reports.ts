// The payments list, the revenue and the balances (issue 21), measured on PostgreSQL. One paid
// opportunity with 100,000 payments, 20,000 refunds and 9,000 refund requests
// (payments-reports-data.ts); its organisation's owner reads, at 10 connections for BENCH_SECONDS
// each (after a warm-up), as the web app asks (the operations and fragments of its .graphql
// files):
//   opportunityPayments(first: 10) on a random page of all; the same sorted by NAME; a search `q`
//   for a last name (page 1); opportunityRevenue;
// and in the same run the applicant with the most applications reads userApplications(first: 10),
// the baseline. Each is measured in BENCH_ROUNDS rounds, taking turns (the order reversed every
// other round), since the machine is shared. Then req/s, p50/p95 and the ratio to the baseline.
// Before that, with the server behind a statement-counting proxy (bench/statement-proxy.ts), the
// SQL statements of one request of each, page 1 against page 500 and the last page.
// After it, the server stopped: EXPLAIN ANALYZE of the list's and the revenue's SQL; the same
// with candidate indexes built on the scratch database (tryIndexes), and one more round of the
// reads with them; then the
// organisation's books get a million ledger postings in balanced entries, and
// `services.payments.ledger.organisationBalances` (the running balances) is timed against summing
// the postings, BENCH_BALANCE_RUNS times each, with the EXPLAIN ANALYZE of both.
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/payments-reports.ts
//   A scratch database is created next to the one named and dropped afterwards. The measured
//   server is apps/server/src/main.ts under tsx in a process of its own.
// Env: BENCH_PAYMENTS (100000), BENCH_SECONDS (15), BENCH_ROUNDS (3), BENCH_BALANCE_RUNS (200),
//      BENCH_POSTINGS (1000000).
import { sql } from 'drizzle-orm';
import {
  Kind,
  parse,
  print,
  visit,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed';
import { BENCH_PASSWORD } from './application-data';
import { loadAverage, pct, signIn, startChild, type ChildServer } from './encore-processes';
import { load, machineDescription, repoRoot, type LoadResult } from './lib';
import { LAST_NAMES, ledgerShape, seedLedger, seedPaymentsReports } from './payments-reports-data';
import { plansOf } from './payments-reports-plans';
import { startStatementProxy } from './statement-proxy';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BALANCE_RUNS = Number(process.env.BENCH_BALANCE_RUNS ?? 200);
const LEDGER = ledgerShape(Number(process.env.BENCH_POSTINGS ?? 1_000_000));
const WARM_UP_SECONDS = 3;
const CONNECTIONS = 10;
const STATEMENT_SAMPLES = 15;
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl?.startsWith('postgres')) throw new Error('DATABASE_URL (PostgreSQL) is needed');

const benchDb = `encore_bench_reports_${Date.now()}`;
const databaseUrl = serverUrl.replace(/\/[^/]*$/, `/${benchDb}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-reports-'));
const log = (line: string) => console.log(line);
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

async function administer(statement: string, url = serverUrl!) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

const plans = plansOf((statement) => administer(statement, databaseUrl), log);

const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: '',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  SEED: 'none',
  RATE_LIMITS: 'off',
  PAYMENTS_PROVIDER: 'local',
};

// --- The web app's operations, with the fragments they use -----------------------------------------

function operationOf(file: string, name: string): string {
  const document = parse(readFileSync(path.join(repoRoot, file), 'utf8'));
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    } else if (definition.kind === Kind.OPERATION_DEFINITION && definition.name?.value === name) {
      operation = definition;
    }
  }
  if (!operation) throw new Error(`${name} is not in ${file}`);
  const used = new Set<string>();
  const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        if (used.has(spread.name.value)) return;
        used.add(spread.name.value);
        collect(fragments.get(spread.name.value)!);
      },
    });
  collect(operation);
  return [operation, ...[...used].map((fragment) => fragments.get(fragment)!)]
    .map(print)
    .join('\n');
}

const PAYMENTS_FILE = 'apps/web/src/features/opportunities/payments/payments.graphql';
const APPLICATIONS_FILE = 'apps/web/src/features/applications/applications.graphql';
const LIST = operationOf(PAYMENTS_FILE, 'OpportunityPayments');
const REVENUE = operationOf(PAYMENTS_FILE, 'OpportunityRevenue');
const MINE = operationOf(APPLICATIONS_FILE, 'UserApplications');

interface Read {
  name: string;
  as: 'owner' | 'applicant';
  query: string;
  variables: () => Record<string, unknown>;
  /** The answer's field; a paginator's `data` must not be empty. */
  field: string;
}

const randomPage = (pages: number) => 1 + Math.floor(Math.random() * pages);
const randomName = () => LAST_NAMES[Math.floor(Math.random() * LAST_NAMES.length)]!;

function readsOf(slug: string, listed: number): Read[] {
  const pages = Math.ceil(listed / 10);
  const list = (name: string, variables: () => Record<string, unknown>): Read => ({
    name,
    as: 'owner',
    query: LIST,
    variables: () => ({ slug, first: 10, ...variables() }),
    field: 'opportunityPayments',
  });
  return [
    list('opportunityPayments random page', () => ({ page: randomPage(pages) })),
    list('… sort NAME, random page', () => ({
      page: randomPage(pages),
      filters: { sort: 'NAME', asc: true },
    })),
    list('… q <last name>, page 1', () => ({ page: 1, filters: { q: randomName() } })),
    {
      name: 'opportunityRevenue',
      as: 'owner',
      query: REVENUE,
      variables: () => ({ slug }),
      field: 'opportunityRevenue',
    },
    {
      name: 'userApplications (baseline)',
      as: 'applicant',
      query: MINE,
      variables: () => ({ first: 10, page: 1 }),
      field: 'userApplications',
    },
  ];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isGood(read: Read, text: string): boolean {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isRecord(answer) || answer.errors !== undefined || !isRecord(answer.data)) return false;
  const value = answer.data[read.field];
  if (!isRecord(value)) return false;
  return !('data' in value) || (Array.isArray(value.data) && value.data.length > 0);
}

const bodyOf = (read: Read, variables = read.variables()) =>
  JSON.stringify({ query: read.query, variables });

async function ask(url: string, token: string, read: Read, variables?: Record<string, unknown>) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: bodyOf(read, variables),
  });
  const text = await response.text();
  if (!response.ok || !isGood(read, text)) {
    throw new Error(`${read.name}: HTTP ${response.status} ${text.slice(0, 600)}`);
  }
}

// --- Statements per request ------------------------------------------------------------------------

async function countStatements(
  reads: Read[],
  people: (url: string) => Promise<Record<Read['as'], string>>,
  listed: number,
) {
  const target = new URL(serverUrl!);
  const proxy = await startStatementProxy({
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  const proxied = new URL(databaseUrl);
  proxied.host = `127.0.0.1:${proxy.port}`;
  const server = await startChild({ ...serverEnv, DATABASE_URL: proxied.toString() });
  try {
    const tokens = await people(server.url);
    const [page, byName, search, revenue, mine] = reads as [Read, Read, Read, Read, Read];
    const lastPage = Math.ceil(listed / 10);
    const middle = Math.min(500, lastPage);
    const cases: Array<[string, Read, Record<string, unknown> | undefined]> = [
      ['opportunityPayments page 1', page, { ...page.variables(), page: 1 }],
      [`opportunityPayments page ${middle}`, page, { ...page.variables(), page: middle }],
      [
        `opportunityPayments page ${lastPage} (last)`,
        page,
        { ...page.variables(), page: lastPage },
      ],
      ['… sort NAME page 1', byName, { ...byName.variables(), page: 1 }],
      [`… sort NAME page ${middle}`, byName, { ...byName.variables(), page: middle }],
      ['… q "Silva" page 1', search, { ...search.variables(), filters: { q: 'Silva' } }],
      ['opportunityRevenue', revenue, undefined],
      ['userApplications(first: 10)', mine, undefined],
    ];
    // The start's own work (recurring jobs' first runs) out of the way first.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    log(
      `\nSQL statements per request (median of ${STATEMENT_SAMPLES}, one at a time, on the wire):`,
    );
    for (const [label, read, variables] of cases) {
      const counts: number[] = [];
      for (let i = 0; i < STATEMENT_SAMPLES; i++) {
        const from = proxy.statements();
        await ask(server.url, tokens[read.as], read, variables);
        counts.push(proxy.statements() - from);
      }
      log(
        `  ${label.padEnd(40)} ${pct(counts, 50)}  (min ${Math.min(...counts)}, max ${Math.max(...counts)})`,
      );
    }
  } finally {
    await server.stop();
    await proxy.close();
  }
}

// --- Throughput -----------------------------------------------------------------------------------

function loadOf(url: string, token: string, read: Read, seconds: number): Promise<LoadResult> {
  return load({
    url: `${url}/graphql`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    durationSeconds: seconds,
    drawBody: () => bodyOf(read),
    bodyIsGood: (text) => isGood(read, text),
  });
}

async function measureThroughput(
  reads: Read[],
  people: (url: string) => Promise<Record<Read['as'], string>>,
  rounds: number,
) {
  const server: ChildServer = await startChild(serverEnv);
  try {
    const tokens = await people(server.url);
    log(`\nwarm-up: ${WARM_UP_SECONDS} s each at ${CONNECTIONS} connections`);
    for (const read of reads) await loadOf(server.url, tokens[read.as], read, WARM_UP_SECONDS);
    const results = new Map<string, LoadResult[]>(reads.map((read) => [read.name, []]));
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? reads : [...reads].reverse();
      log(`\nround ${round} (load average ${loadAverage()}):`);
      for (const read of order) {
        const result = await loadOf(server.url, tokens[read.as], read, SECONDS);
        results.get(read.name)!.push(result);
        const bad = result.errors + result.non2xx + result.badBodies;
        log(
          `  ${read.name.padEnd(36)} ${result.requestsPerSecond.toFixed(1).padStart(7)} req/s   p50 ${ms(result.p50)}   p95 ${ms(result.p95)}   p99 ${ms(result.p99)}   (${result.total} requests${bad ? `, ${bad} BAD` : ''})`,
        );
      }
    }
    const mean = (name: string, pick: (result: LoadResult) => number) => {
      const runs = results.get(name)!;
      return runs.reduce((sum, result) => sum + pick(result), 0) / runs.length;
    };
    const baseline = mean(reads.at(-1)!.name, (result) => result.requestsPerSecond);
    log(`\nmean of ${rounds} round(s) (p50/p95: mean of the rounds'):`);
    for (const read of reads) {
      const rate = mean(read.name, (result) => result.requestsPerSecond);
      log(
        `  ${read.name.padEnd(36)} ${rate.toFixed(1).padStart(7)} req/s   p50 ${ms(mean(read.name, (r) => r.p50))}   p95 ${ms(mean(read.name, (r) => r.p95))}   ${((100 * rate) / baseline).toFixed(0).padStart(4)} % of userApplications`,
      );
    }
    // Requests autocannon dropped at the end are still being answered; let them finish.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  } finally {
    await server.stop();
  }
}

// --- Balances -------------------------------------------------------------------------------------

async function measureBalances(organisationId: string) {
  let begun = performance.now();
  const writer = await openDatabase({ databaseUrl });
  const postings = await seedLedger(writer.db, organisationId, LEDGER, log).finally(() =>
    writer.close(),
  );
  log(
    `ledger: ${postings.toLocaleString('en')} postings (${LEDGER.charges} charges, ${LEDGER.releases} releases, ${LEDGER.payouts} payouts) in ${((performance.now() - begun) / 1000).toFixed(1)} s`,
  );
  const config = loadConfig(serverEnv);
  const database = await openDatabase({ databaseUrl });
  const app = await buildApp({ config, database });
  try {
    const { ledger } = app.services.payments;
    begun = performance.now();
    const problems = await ledger.problems();
    log(
      `ledger.problems(): ${problems.length === 0 ? 'none' : problems.slice(0, 5).join('; ')} (${((performance.now() - begun) / 1000).toFixed(1)} s)`,
    );
    const summed = async () =>
      database.db.execute(sql`
        select account, currency, sum(amount) as amount from ledger_postings
        where organisation_id = ${organisationId} group by account, currency`);
    const running: number[] = [];
    const direct: number[] = [];
    const kept = await ledger.organisationBalances(organisationId);
    const sums = (await summed()) as unknown as {
      rows: Array<{ account: string; amount: string }>;
    };
    const agree = kept.every((balance) =>
      sums.rows.some(
        (row) => row.account === balance.account && -Number(row.amount) === balance.amount,
      ),
    );
    log(
      `balances: ${kept.map((balance) => `${balance.account} ${balance.amount} ${balance.currency}`).join(', ')}; the postings' sums ${agree ? 'agree' : 'DISAGREE'}`,
    );
    for (let run = 0; run < BALANCE_RUNS; run++) {
      let at = performance.now();
      await ledger.organisationBalances(organisationId);
      running.push(performance.now() - at);
      at = performance.now();
      await summed();
      direct.push(performance.now() - at);
    }
    log(
      `\nbalance reads, ${BALANCE_RUNS} each, taking turns (from the client, round trip included):`,
    );
    for (const [label, times] of [
      ['ledger.organisationBalances (running balances)', running],
      ['sum(amount) of the postings, by account and currency', direct],
    ] as const) {
      log(`  ${label.padEnd(54)} p50 ${ms(pct(times, 50))}   p95 ${ms(pct(times, 95))}`);
    }
    await plans.explain(
      'running balances',
      `select * from ledger_organisation_balances where organisation_id = '${organisationId}' order by currency, account`,
    );
    await plans.explain(
      'summing the postings',
      `select account, currency, sum(amount) from ledger_postings where organisation_id = '${organisationId}' group by account, currency`,
    );
  } finally {
    await app.close();
  }
}

// --- The run ---------------------------------------------------------------------------------------

log(`payments reports benchmark: ${machineDescription()}`);
const { rows: version } = await administer('show server_version');
log(
  `PostgreSQL ${(version[0] as { server_version: string }).server_version}; load average ${loadAverage()}`,
);
await administer(`create database ${benchDb}`);
let failed = false;
try {
  const setup = await openDatabase({ databaseUrl });
  await runMigrations(setup);
  await seedDatabase(setup.db, { demo: false });
  const begun = performance.now();
  const data = await seedPaymentsReports(setup.db, { payments: PAYMENTS, log });
  await setup.close();
  log(
    `data in ${((performance.now() - begun) / 1000).toFixed(1)} s: ${Object.entries(data.rows)
      .map(([table, count]) => `${table} ${count.toLocaleString('en')}`)
      .join(', ')}`,
  );
  const reads = readsOf(data.slug, data.listed);
  const people = async (url: string) => ({
    owner: await signIn(url, data.ownerEmail, BENCH_PASSWORD),
    applicant: await signIn(url, data.applicantEmail, BENCH_PASSWORD),
  });
  await countStatements(reads, people, data.listed);
  await measureThroughput(reads, people, ROUNDS);
  log(`\nload average after the runs: ${loadAverage()}`);
  await plans.explainReports(data.opportunityId, data.listed);
  await plans.tryIndexes(data.opportunityId, data.listed);
  // The service's own SQL with the indexes there (the planner picks them where it can).
  await measureThroughput(reads, people, 1);
  await measureBalances(data.organisationId);
  log(`\nload average at the end: ${loadAverage()}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await administer(`drop database if exists ${benchDb} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
