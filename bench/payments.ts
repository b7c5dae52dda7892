// Checkout on the local processor (issue 20), measured on PostgreSQL: 50 published PAID_INTERNAL
// opportunities of one organisation whose payout account is connected through the processor's
// onboarding, each with an early-bird tier of 10 slots, a regular tier without a limit, a 20 %
// coupon with 5 slots and a 100 % coupon with 1; 50 FREE opportunities beside them; 1,000
// applicants signed in through `login`, each with a complete application awaiting payment on one of
// the paid opportunities (saveApplication + submitApplication over GraphQL) and a draft on a free
// one.
//
// Default mode: 1,000 free submissions (submitApplication on the FREE opportunities), 20 at a time,
// and 1,000 checkouts, 20 at a time, taking turns in 5 rounds of 200 (the first of the two
// alternating; each waits for the outbox to deliver the events it caused), so that the load of
// the machine's other users falls on both alike. A checkout is done as the web app pays: `startCheckout` with the early-bird
// tier (and, for some, a coupon), the card confirmed through the processor's browser API
// (`POST /processor/v1/payment_intents/:id/confirm`), then `refreshPayment` until SUCCEEDED (a
// 100 % coupon is SUCCEEDED at once). An applicant told the early-bird tier is full (a validation
// error on `input.payment_option_id`) starts again with the regular tier; one told the coupon is
// used up (on `input.coupon_code`) starts again without it; both are counted. Prints checkouts and
// free submissions a second, p50/p95 of a whole checkout and of a submission, and the ratio.
//
// BENCH_ONLY=kill: the same checkouts while the server (a child process) is killed with SIGKILL
// 3–5 times at random moments and started again on the same port; each client repeats the step
// the kill interrupted (startCheckout, or the confirmation, both idempotent). A payer whose
// refreshPayment is cut off does not ask again (the tab was closed): the processor's event in the
// outbox and the reconciliation must settle it. Then the reconciliation runs from an in-process
// services instance on the same database with its clock past RECONCILE_AFTER_MS.
//
// Both modes then check: no tier or coupon oversold (filled/used ≤ slots, and equal to the payments
// holding them), no application charged twice (at most one succeeded intent at the processor per
// application, one `charge:<payment id>` ledger entry per succeeded card payment and none
// otherwise), `ledger.problems()` empty, and every payment a client saw succeed SUCCEEDED with its
// application sent.
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/payments.ts
//        DATABASE_URL=… BENCH_ONLY=kill npx tsx bench/payments.ts
//   A scratch database is created next to the one named and dropped afterwards. The measured
//   server is apps/server/src/main.ts under tsx in a process of its own (SEED=none, RATE_LIMITS=off:
//   every request comes from one address); setup and checks use the services in this process.
// Afterwards (default mode) the server is started again behind a statement-counting proxy and
// BENCH_SAMPLE (20) more applicants submit and pay one at a time: the SQL statements of each.
// Env: BENCH_APPLICANTS (1000), BENCH_CONCURRENCY (20), BENCH_ROUNDS (5), BENCH_SAMPLE (20),
//      BENCH_SEED (the order and the kill moments; a number), BENCH_PROFILE=<dir> starts the
//      server with --cpu-prof, leaves its profiles there and prints the phases' marks on the
//      monotonic clock the profiles' timestamps use.
import { createOpportunitySchema } from '@encore/core';
import { sql } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { createViewerAccess } from '../apps/server/src/modules/access/access';
import { Viewer } from '../apps/server/src/modules/access/viewer';
import {
  organisationMembers,
  organisations,
} from '../apps/server/src/modules/organisations/organisations.table';
import { RECONCILE_AFTER_MS } from '../apps/server/src/modules/payments/payments.reconciliation';
import { BENCH_PASSWORD, rowsOf } from './application-data';
import { inBatches, loadAverage, pct, signIn, sleep } from './encore-processes';
import { startStatementProxy } from './statement-proxy';
import {
  cpuNow,
  freePort,
  machineDescription,
  processCpuMs,
  repoRoot,
  type CpuSample,
} from './lib';

const MODE = process.env.BENCH_ONLY === 'kill' ? 'kill' : 'measure';
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
/** Turns the free submissions and the checkouts take (default mode). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Applicants more, for the statement count after the measured runs (default mode only). */
const SAMPLE = MODE === 'measure' ? Number(process.env.BENCH_SAMPLE ?? 20) : 0;
const PAID_OPPORTUNITIES = 50;
const FREE_OPPORTUNITIES = 50;
const EARLY_SLOTS = 10;
const DISCOUNT = { code: 'SAVE20', value: 20, slots: 5 };
const FREE_PASS = { code: 'FREEPASS', value: 100, slots: 1 };
const CARD = '4242 4242 4242 4242';
const PROFILE_DIR = process.env.BENCH_PROFILE;
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl?.startsWith('postgres')) {
  throw new Error('DATABASE_URL (PostgreSQL) is needed: the bench and the server share it');
}

const stamp = Date.now();
const benchDb = `encore_bench_payments_${stamp}`;
const databaseUrl = serverUrl.replace(/\/[^/]*$/, `/${benchDb}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-payments-'));

// A small seeded generator: the same order and kill moments for the same BENCH_SEED.
let seed = Number(process.env.BENCH_SEED ?? stamp % 1_000_000);
const seedUsed = seed;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const shuffled = <T>(items: T[]): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

const log = (line: string) => console.log(line);
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

async function administer(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

// --- The server, a process of its own on one port, and the services in this process ---------------

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: '',
  PUBLIC_URL: url,
  // Every process (and every restart) signs and checks the same tokens.
  JWT_SECRET: randomBytes(48).toString('base64url'),
  SEED: 'none',
  // Every sign-in and card confirmation comes from one address.
  RATE_LIMITS: 'off',
  PAYMENTS_PROVIDER: 'local',
};

interface Server {
  child: ChildProcess;
  pid: number;
  startMs: number;
}

/** apps/server/src/main.ts under tsx (the source this process runs too), on the bench's port. */
async function startServer(): Promise<Server> {
  const nodeArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  const begun = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, ...serverEnv, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode})`);
    }
    if (performance.now() > deadline) throw new Error('server did not answer /healthz in 120 s');
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await sleep(25);
  }
  return { child, pid: child.pid!, startMs: performance.now() - begun };
}

async function stopServer(server: Server) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** The server's services in this process (no HTTP), for setup and checks; `clock` as tests move it. */
async function openServices(clock?: () => Date) {
  const config = loadConfig(serverEnv);
  const database = await openDatabase({ databaseUrl });
  const app = await buildApp({ config, database, ...(clock ? { clock } : {}) });
  return { services: app.services, db: database.db, close: () => app.close() };
}
type Services = Awaited<ReturnType<typeof openServices>>['services'];

// --- GraphQL and the processor's browser API, over HTTP -------------------------------------------

interface GraphQLError {
  message: string;
  extensions?: { code?: string; validation?: Record<string, string[]> };
}

/** A network failure (the server died under the request), as opposed to an answer. */
class ServerGone extends Error {}

/** An answer that means a bug: a 5xx, an INTERNAL error, or anything the flow does not expect. */
class Unexpected extends Error {}

async function post(path: string, body: unknown, token?: string) {
  let response: Response;
  try {
    response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new ServerGone(String((error as Error).cause ?? error));
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ServerGone(String((error as Error).cause ?? error));
  }
  return { status: response.status, text };
}

async function graphql<Data>(
  query: string,
  variables: Record<string, unknown>,
  token: string,
): Promise<{ data?: Data; errors?: GraphQLError[] }> {
  const { status, text } = await post('/graphql', { query, variables }, token);
  let answer: { data?: Data; errors?: GraphQLError[] };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw new Unexpected(`HTTP ${status}: ${text.slice(0, 500)}`);
  }
  if (status >= 500 || answer.errors?.some((error) => error.extensions?.code === 'INTERNAL')) {
    throw new Unexpected(`HTTP ${status}: ${text.slice(0, 1000)}`);
  }
  return answer;
}

/** The data of an answer that must have no errors. */
async function must<Data>(query: string, variables: Record<string, unknown>, token: string) {
  const answer = await graphql<Data>(query, variables, token);
  if (answer.errors || !answer.data) {
    throw new Unexpected(`${query.slice(0, 60)}…: ${JSON.stringify(answer.errors ?? answer)}`);
  }
  return answer.data;
}

const SAVE = `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }`;
const SUBMIT = `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id status payment_status } }`;
const SESSION = `payment { id status method amount coupon } client_secret`;
const START = `mutation($application: ID!, $input: CheckoutInput) { startCheckout(application: $application, input: $input) { ${SESSION} } }`;
const REFRESH = `mutation($application: ID!) { refreshPayment(application: $application) { ${SESSION} } }`;

interface Session {
  payment: { id: string; status: string; method: string; amount: number; coupon: string | null };
  client_secret: string | null;
}

// --- Setup ---------------------------------------------------------------------------------------

interface PaidOpportunity {
  id: string;
  early: string;
  regular: string;
}

interface Applicant {
  id: string;
  email: string;
  token: string;
  paid: PaidOpportunity;
  paidApplication: string;
  freeApplication: string;
  /** The coupon this applicant types at checkout, if any. */
  coupon: string | undefined;
}

const PUBLISHABLE = {
  time_zone: 'Europe/Lisbon',
  summary: 'Play the harbour stage.',
  description: '<p>Three songs on the harbour stage.</p>',
  deadline_date: '2027-10-01 23:59',
  start_date: '2027-11-01 19:00',
  end_date: '2027-11-02 23:00',
  types: ['festival'],
  target: ['INDIVIDUALS', 'BANDS'],
  is_virtual: true,
};

/** The organisation, its connected payout account, and the opportunities with tiers and coupons. */
async function buildMarket(services: Services, db: Database) {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const [owner] = await rowsOf<{ id: string; email: string }>(
    db,
    sql`insert into users (name, email, password_hash, is_verified)
      values ('Maya Owner', 'owner@payments-bench.test', ${passwordHash}, true)
      returning id, email`,
  );
  const [organisation] = await db
    .insert(organisations)
    .values({ name: 'Harbour Lights', slug: `harbour-lights-${stamp}` })
    .returning();
  await db.insert(organisationMembers).values({
    organisationId: organisation!.id,
    userId: owner!.id,
    email: owner!.email,
    role: 'owner',
    status: 'accepted',
  });

  // Connected as the owner would through the processor's onboarding form; the processor's
  // account.updated event arrives through the outbox.
  const { accounts, local } = services.payments;
  if (!local) throw new Error('the local processor is not running');
  const step = await accounts.updateAccountLink({
    id: organisation!.id,
    slug: organisation!.slug,
    name: organisation!.name,
    email: 'payments@harbour-lights.test',
  });
  if (step.url) {
    await local.onboarding.submit(new URL(step.url).searchParams.get('link')!, {
      businessType: 'COMPANY',
      country: 'PT',
      defaultCurrency: 'EUR',
      payout: {
        type: 'BANK_ACCOUNT',
        holderName: organisation!.name,
        accountNumber: 'PT50000201231234567890154',
      },
    });
  }
  await services.events.dispatcher.drain();
  const account = await accounts.of(organisation!.id);
  if (!account?.chargesEnabled) throw new Error('the payout account does not take charges');

  const actor = { id: owner!.id, email: owner!.email };
  const access = createViewerAccess(
    new Viewer({ id: owner!.id, role: 'organiser' }),
    services.organisations,
    services.opportunities,
  );
  const publish = async (title: string, fields: Record<string, unknown>) => {
    const row = await services.opportunities.create(
      createOpportunitySchema.parse({
        organisation_id: organisation!.id,
        title,
        ...PUBLISHABLE,
        ...fields,
      }),
      actor,
    );
    return services.opportunities.publish(row.id, actor);
  };
  const paid: PaidOpportunity[] = [];
  for (let n = 1; n <= PAID_OPPORTUNITIES; n++) {
    const opportunity = await publish(`Riverside Open Call ${n}`, {
      payment_type: 'PAID_INTERNAL',
      payment_options: [
        { title: 'Early bird', cost: 1000, currency: 'EUR', slots: EARLY_SLOTS },
        { title: 'Regular', cost: 2000, currency: 'EUR' },
      ],
    });
    const [tiers = []] = await services.opportunities.paymentOptionsOf([opportunity.id]);
    const couponActor = { id: owner!.id, access };
    for (const coupon of [DISCOUNT, FREE_PASS]) {
      await services.payments.coupons.create(
        opportunity.id,
        { name: coupon.code, ...coupon },
        couponActor,
      );
    }
    paid.push({ id: opportunity.id, early: tiers[0]!.id, regular: tiers[1]!.id });
  }
  const free: string[] = [];
  for (let n = 1; n <= FREE_OPPORTUNITIES; n++) {
    free.push((await publish(`Harbour Free Stage ${n}`, { payment_type: 'FREE' })).id);
  }
  await services.events.dispatcher.drain();
  return { paid, free, passwordHash };
}

const answersOf = (name: string, email: string) => ({
  full_name: name,
  email,
  address: { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' },
});

/**
 * The applicants: accounts written straight to the table (one argon2 hash for all), signed in
 * through `login`; a complete application on a paid opportunity, submitted (awaiting payment), and
 * a complete draft on a free one.
 */
async function enrol(
  db: Database,
  market: Awaited<ReturnType<typeof buildMarket>>,
): Promise<Applicant[]> {
  const rows = await rowsOf<{ id: string; email: string; name: string }>(
    db,
    sql`insert into users (name, email, password_hash, is_verified)
      select 'Applicant ' || g, 'applicant-' || g || '@payments-bench.test', ${market.passwordHash}, true
      from generate_series(1, ${APPLICANTS + SAMPLE}) g
      order by g
      returning id, email, name`,
  );
  let begun = performance.now();
  const tokens = await inBatches(rows, 8, (row) => signIn(url, row.email, BENCH_PASSWORD));
  log(
    `${rows.length} applicants signed in through \`login\` in ${seconds(performance.now() - begun)}`,
  );
  begun = performance.now();
  const applicants = await inBatches(rows, CONCURRENCY, async (row, index) => {
    const token = tokens[index]!;
    const paid = market.paid[index % market.paid.length]!;
    // The n-th applicant of an opportunity: 7 try the 20 % coupon (5 slots), 2 the 100 % one (1).
    const nth = Math.floor(index / market.paid.length);
    const coupon = nth < 7 ? DISCOUNT.code : nth < 9 ? FREE_PASS.code : undefined;
    const answers = answersOf(row.name, row.email);
    const saved = await must<{ saveApplication: { id: string } }>(
      SAVE,
      { input: { opportunity_id: paid.id, form_type: 'INDIVIDUAL', answers } },
      token,
    );
    const paidApplication = saved.saveApplication.id;
    const submitted = await must<{ submitApplication: { payment_status: string | null } }>(
      SUBMIT,
      { input: { id: paidApplication } },
      token,
    );
    if (!submitted.submitApplication.payment_status) {
      throw new Unexpected(`a paid application is not awaiting payment: ${paidApplication}`);
    }
    const freeSaved = await must<{ saveApplication: { id: string } }>(
      SAVE,
      {
        input: {
          opportunity_id: market.free[index % market.free.length],
          form_type: 'INDIVIDUAL',
          answers,
        },
      },
      token,
    );
    return {
      id: row.id,
      email: row.email,
      token,
      paid,
      paidApplication,
      freeApplication: freeSaved.saveApplication.id,
      coupon,
    };
  });
  log(
    `${applicants.length} paid applications submitted (awaiting payment) and ${applicants.length} free drafts saved in ${seconds(performance.now() - begun)}`,
  );
  return applicants;
}

// --- The kill switch -------------------------------------------------------------------------------

/** Whether the server is up; a client whose request the kill cut off waits here for the restart. */
let current: Server;
let serverUp: Promise<void> = Promise.resolve();
const restarts: number[] = [];

async function killAndRestart() {
  let resolveUp!: () => void;
  serverUp = new Promise((resolve) => (resolveUp = resolve));
  const exited = once(current.child, 'exit');
  current.child.kill('SIGKILL');
  await exited;
  current = await startServer();
  restarts.push(current.startMs);
  resolveUp();
}

/** Runs a step; in kill mode, a step the kill cut off is run again once the server is back. */
async function step<Result>(
  run: () => Promise<Result>,
  counts: { repeated: number },
): Promise<Result> {
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof ServerGone) || MODE !== 'kill') throw error;
      counts.repeated += 1;
      await serverUp;
      // The restart may be under way already although serverUp was taken before the kill.
      await sleep(10);
      await serverUp;
    }
  }
}

// --- One checkout ------------------------------------------------------------------------------------

interface CheckoutOutcome {
  ms: number;
  fellBackToRegular: boolean;
  droppedCoupon: boolean;
  method: string;
  /** The client saw the payment succeed (the confirmation's or the checkout's answer). */
  sawSuccess: boolean;
  /** The client saw SUCCEEDED from refreshPayment (or from startCheckout, for a 100 % coupon). */
  sawSettled: boolean;
  refreshes: number;
  steps: { start: number[]; confirm: number[]; refresh: number[] };
}

const counters = { repeated: 0, refreshesCutOff: 0 };
type StepName = 'start' | 'confirm' | 'refresh';
/** While statements are counted: the count so far, and what each step's requests ran. */
let statementProbe: (() => number) | undefined;
const statementsOfSteps: Record<StepName, number> = { start: 0, confirm: 0, refresh: 0 };

async function checkout(
  applicant: Applicant,
  firstOption: 'early' | 'regular' = 'early',
): Promise<CheckoutOutcome> {
  const begun = performance.now();
  const steps = { start: [] as number[], confirm: [] as number[], refresh: [] as number[] };
  const timed = async <Result>(key: StepName, run: () => Promise<Result>) => {
    const at = performance.now();
    const statementsAt = statementProbe?.();
    const result = await run();
    steps[key].push(performance.now() - at);
    if (statementProbe && statementsAt !== undefined) {
      statementsOfSteps[key] += statementProbe() - statementsAt;
    }
    return result;
  };
  let option = applicant.paid[firstOption];
  let coupon = applicant.coupon;
  let fellBackToRegular = false;
  let droppedCoupon = false;
  let session: Session | undefined;
  while (!session) {
    const input = { payment_option_id: option, ...(coupon ? { coupon_code: coupon } : {}) };
    const answer = await step(
      () =>
        timed('start', () =>
          graphql<{ startCheckout: Session }>(
            START,
            { application: applicant.paidApplication, input },
            applicant.token,
          ),
        ),
      counters,
    );
    if (answer.data?.startCheckout) {
      session = answer.data.startCheckout;
      break;
    }
    const problem = answer.errors?.[0]?.extensions;
    if (problem?.code === 'VALIDATION' && problem.validation?.['input.payment_option_id']) {
      if (option === applicant.paid.regular) {
        throw new Unexpected(`the regular tier (no limit) refused: ${JSON.stringify(answer)}`);
      }
      option = applicant.paid.regular;
      fellBackToRegular = true;
      continue;
    }
    if (problem?.code === 'VALIDATION' && problem.validation?.['input.coupon_code'] && coupon) {
      coupon = undefined;
      droppedCoupon = true;
      continue;
    }
    throw new Unexpected(
      `startCheckout ${JSON.stringify({ application: applicant.paidApplication, input })}: ${JSON.stringify(answer.errors)}`,
    );
  }
  const base = { fellBackToRegular, droppedCoupon, method: session.payment.method, steps };
  if (session.payment.status === 'SUCCEEDED') {
    return {
      ...base,
      ms: performance.now() - begun,
      sawSuccess: true,
      sawSettled: true,
      refreshes: 0,
    };
  }
  const secret = session.client_secret;
  if (!secret) throw new Unexpected(`no client secret: ${JSON.stringify(session)}`);
  const intentId = secret.slice(0, secret.indexOf('_secret_'));
  const confirmed = await step(
    () =>
      timed('confirm', () =>
        post(`/processor/v1/payment_intents/${intentId}/confirm`, {
          client_secret: secret,
          card_number: CARD,
        }),
      ),
    counters,
  );
  const intent = JSON.parse(confirmed.text) as { status?: string };
  if (confirmed.status !== 200 || intent.status !== 'succeeded') {
    throw new Unexpected(`confirm ${intentId}: HTTP ${confirmed.status} ${confirmed.text}`);
  }
  let refreshes = 0;
  for (;;) {
    refreshes += 1;
    let answer: { data?: { refreshPayment: Session }; errors?: GraphQLError[] };
    try {
      answer = await timed('refresh', () =>
        graphql<{ refreshPayment: Session }>(
          REFRESH,
          { application: applicant.paidApplication },
          applicant.token,
        ),
      );
    } catch (error) {
      if (!(error instanceof ServerGone) || MODE !== 'kill') throw error;
      // The payer closed the tab: the outbox and the reconciliation must settle it.
      counters.refreshesCutOff += 1;
      return { ...base, ms: Number.NaN, sawSuccess: true, sawSettled: false, refreshes };
    }
    const status = answer.data?.refreshPayment.payment.status;
    if (status === 'SUCCEEDED') break;
    if (!answer.data || refreshes >= 100) {
      throw new Unexpected(
        `refreshPayment ${applicant.paidApplication}: ${JSON.stringify(answer)}`,
      );
    }
    await sleep(20);
  }
  return { ...base, ms: performance.now() - begun, sawSuccess: true, sawSettled: true, refreshes };
}

// --- The outbox -----------------------------------------------------------------------------------

/** Events due and not yet delivered. */
async function pendingEvents(db: Database): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from domain_events where status = 'pending' and next_attempt_at <= now()`,
  );
  return row!.count;
}

/** Waits until the outbox has delivered everything due; how long that took. */
async function outboxIdle(db: Database): Promise<number> {
  const begun = performance.now();
  while ((await pendingEvents(db)) > 0) await sleep(50);
  return performance.now() - begun;
}

/** With BENCH_PROFILE: the monotonic clock (µs, the one a .cpuprofile's timestamps are on). */
const profileMark = (label: string) => {
  if (PROFILE_DIR) log(`  profile mark ${label}: ${process.hrtime.bigint() / 1000n} µs`);
};

// --- Statements an operation costs --------------------------------------------------------------

/**
 * The server started again with its database behind a counting proxy; then, one at a time, a free
 * submission and a checkout (regular tier, no coupon) for each sample applicant, each followed by
 * the events it caused (until the outbox has nothing pending). The dispatcher's idle polling,
 * counted for 3 s beforehand, is taken off.
 */
async function countStatements(db: Database, sample: Applicant[]): Promise<string[]> {
  const target = new URL(serverUrl!);
  const proxy = await startStatementProxy({
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  const direct = serverEnv.DATABASE_URL!;
  const proxied = new URL(direct);
  proxied.host = `127.0.0.1:${proxy.port}`;
  serverEnv.DATABASE_URL = proxied.toString();
  const server = await startServer();
  serverEnv.DATABASE_URL = direct;
  try {
    const pending = () => pendingEvents(db);
    // The start's own work first (recurring jobs' first runs, whose events keep the dispatcher
    // polling every 20 ms for a second after each wake): then 1 s windows until two agree.
    while ((await pending()) > 0) await sleep(100);
    let idlePerMs = Number.POSITIVE_INFINITY;
    await sleep(3000);
    for (let window = 0; window < 30; window++) {
      const from = proxy.statements();
      await sleep(1000);
      const rate = (proxy.statements() - from) / 1000;
      const settled = Math.abs(rate - idlePerMs) <= Math.max(2 / 1000, idlePerMs * 0.2);
      idlePerMs = rate;
      if (settled) break;
    }
    const measure = async (run: () => Promise<unknown>) => {
      const from = proxy.statements();
      const begun = performance.now();
      await run();
      const own = proxy.statements() - from;
      while ((await pending()) > 0) await sleep(20);
      const all = proxy.statements() - from - idlePerMs * (performance.now() - begun);
      return { own, all };
    };
    statementProbe = () => proxy.statements();
    const free: Array<{ own: number; all: number }> = [];
    const paid: Array<{ own: number; all: number }> = [];
    for (const applicant of sample) {
      free.push(
        await measure(() =>
          must(SUBMIT, { input: { id: applicant.freeApplication } }, applicant.token),
        ),
      );
      paid.push(await measure(() => checkout({ ...applicant, coupon: undefined }, 'regular')));
    }
    const median = (values: number[]) => pct(values, 50).toFixed(0);
    return [
      `\nstatements (median of ${sample.length}, one at a time; "with events": until the outbox is idle, the dispatcher's idle polling (${(idlePerMs * 1000).toFixed(1)}/s) taken off):`,
      `  free submission: ${median(free.map((f) => f.own))} during the request, ${median(free.map((f) => f.all))} with the events it causes`,
      `  checkout (start, confirm, refreshPayment ×1+): ${median(paid.map((p) => p.own))} during the requests, ${median(paid.map((p) => p.all))} with the events they cause`,
      `  by step, mean during the request: ${(['start', 'confirm', 'refresh'] as const).map((key) => `${key} ${(statementsOfSteps[key] / sample.length).toFixed(1)}`).join(', ')}`,
    ];
  } finally {
    statementProbe = undefined;
    await stopServer(server);
    await proxy.close();
  }
}

// --- Checks --------------------------------------------------------------------------------------

async function verify(services: Services, db: Database, applicants: Applicant[]) {
  const lines: string[] = [];
  const problems: string[] = [];
  const tiers = await rowsOf<{ id: string; slots: number | null; filled: number; held: number }>(
    db,
    sql`select o.id, o.slots, o.filled_slots as filled,
        (select count(*)::int from payments p where p.payment_option_id = o.id and p.holds_slots) as held
      from opportunity_payment_options o`,
  );
  const oversoldTiers = tiers.filter((t) => t.slots !== null && t.filled > t.slots);
  const tiersOff = tiers.filter((t) => t.filled !== t.held);
  const couponRows = await rowsOf<{
    id: string;
    code: string;
    slots: number | null;
    used: number;
    held: number;
  }>(
    db,
    sql`select c.id, c.code::text as code, c.slots, c.used_slots as used,
        (select count(*)::int from payments p where p.coupon_id = c.id and p.holds_slots) as held
      from coupons c`,
  );
  const oversoldCoupons = couponRows.filter((c) => c.slots !== null && c.used > c.slots);
  const couponsOff = couponRows.filter((c) => c.used !== c.held);
  lines.push(
    `oversold: ${oversoldTiers.length} tiers, ${oversoldCoupons.length} coupons; slots not equal to the payments holding them: ${tiersOff.length} tiers, ${couponsOff.length} coupons (of ${tiers.length} tiers, ${couponRows.length} coupons)`,
  );
  if (oversoldTiers.length + oversoldCoupons.length + tiersOff.length + couponsOff.length > 0) {
    problems.push(
      `slots: ${JSON.stringify({ oversoldTiers, oversoldCoupons, tiersOff, couponsOff })}`,
    );
  }
  const [filled] = await rowsOf<{ early: number; regular: number; discount: number; pass: number }>(
    db,
    sql`select
        (select coalesce(sum(filled_slots), 0)::int from opportunity_payment_options where slots is not null) as early,
        (select coalesce(sum(filled_slots), 0)::int from opportunity_payment_options where slots is null) as regular,
        (select coalesce(sum(used_slots), 0)::int from coupons where value < 100) as discount,
        (select coalesce(sum(used_slots), 0)::int from coupons where value = 100) as pass`,
  );
  lines.push(
    `slots taken: early bird ${filled!.early} (of ${PAID_OPPORTUNITIES * EARLY_SLOTS}), regular ${filled!.regular}; ${DISCOUNT.code} ${filled!.discount} (of ${PAID_OPPORTUNITIES * DISCOUNT.slots}), ${FREE_PASS.code} ${filled!.pass} (of ${PAID_OPPORTUNITIES * FREE_PASS.slots})`,
  );

  const doubled = await rowsOf<{ application: string; succeeded: number }>(
    db,
    sql`select metadata->>'application_id' as application, count(*)::int as succeeded
      from local_processor_payment_intents where status = 'succeeded'
      group by 1 having count(*) > 1`,
  );
  const [charges] = await rowsOf<{
    card_paid: number;
    free_coupon: number;
    with_one_entry: number;
    stray_entries: number;
    succeeded_intents: number;
  }>(
    db,
    sql`select
      (select count(*)::int from payments where status = 'SUCCEEDED' and method = 'INTERNAL_PAYMENT') as card_paid,
      (select count(*)::int from payments where status = 'SUCCEEDED' and method = 'FREE_COUPON') as free_coupon,
      (select count(*)::int from payments p where p.status = 'SUCCEEDED' and p.method = 'INTERNAL_PAYMENT'
        and (select count(*) from ledger_entries e where e.idempotency_key = 'charge:' || p.id) = 1) as with_one_entry,
      (select count(*)::int from ledger_entries e where e.idempotency_key like 'charge:%'
        and not exists (select 1 from payments p where 'charge:' || p.id = e.idempotency_key
          and p.status = 'SUCCEEDED' and p.method = 'INTERNAL_PAYMENT')) as stray_entries,
      (select count(*)::int from local_processor_payment_intents where status = 'succeeded') as succeeded_intents`,
  );
  const c = charges!;
  lines.push(
    `double charges: ${doubled.length} applications with more than one succeeded intent; ${c.succeeded_intents} succeeded intents for ${c.card_paid} card payments SUCCEEDED (+ ${c.free_coupon} FREE_COUPON); ${c.with_one_entry} of them with exactly one charge entry, ${c.stray_entries} charge entries of no succeeded card payment`,
  );
  if (
    doubled.length > 0 ||
    c.with_one_entry !== c.card_paid ||
    c.stray_entries > 0 ||
    c.succeeded_intents !== c.card_paid
  ) {
    problems.push(`charges: ${JSON.stringify({ doubled, charges: c })}`);
  }
  const [events] = await rowsOf<{ failed: number; pending: number }>(
    db,
    sql`select (count(*) filter (where status = 'failed'))::int as failed,
        (count(*) filter (where status = 'pending'))::int as pending
      from domain_events`,
  );
  lines.push(`outbox: ${events!.failed} events failed, ${events!.pending} pending`);
  if (events!.failed > 0) problems.push(`${events!.failed} events failed in the outbox`);
  const ledgerProblems = await services.payments.ledger.problems();
  lines.push(
    `ledger problems(): ${ledgerProblems.length === 0 ? 'none' : ledgerProblems.join('; ')}`,
  );
  if (ledgerProblems.length > 0) problems.push(`ledger: ${ledgerProblems.join('; ')}`);

  const states = await rowsOf<{
    application: string;
    status: string;
    payment_status: string | null;
    payment: string | null;
  }>(
    db,
    sql`select a.id as application, a.status, a.payment_status, p.status as payment
      from applications a left join payments p on p.application_id = a.id
      where a.id = any(${sql.raw(`array[${applicants.map((a) => `'${a.paidApplication}'`).join(',')}]::uuid[]`)})`,
  );
  const notPaid = states.filter((s) => s.payment !== 'SUCCEEDED');
  const notSent = states.filter(
    (s) => s.status !== 'SUBMITTED' || s.payment_status !== 'SUCCEEDED',
  );
  lines.push(
    `paid applications: ${states.length - notPaid.length} of ${applicants.length} with a SUCCEEDED payment, ${states.length - notSent.length} sent (SUBMITTED, payment_status SUCCEEDED)`,
  );
  return { lines, problems, notPaid, notSent };
}

// --- The run -------------------------------------------------------------------------------------

log(`machine: ${machineDescription()}, ${os.cpus()[0]?.model ?? ''}`);
log(`load average at the start: ${loadAverage()}`);
{
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.end();
  log(
    `PostgreSQL ${rows[0]?.server_version} at ${new URL(serverUrl).host}; mode ${MODE}; seed ${seedUsed}`,
  );
}
log(
  `${APPLICANTS} applicants, ${PAID_OPPORTUNITIES} PAID_INTERNAL opportunities (early bird ${EARLY_SLOTS} slots at EUR 10, regular at EUR 20; ${DISCOUNT.code} ${DISCOUNT.value} % × ${DISCOUNT.slots}, ${FREE_PASS.code} ${FREE_PASS.value} % × ${FREE_PASS.slots}), ${FREE_OPPORTUNITIES} FREE; ${CONCURRENCY} at a time`,
);

await administer(`create database ${benchDb}`);
let failed = false;
const open: Array<() => Promise<void>> = [];
try {
  // Setup through the services in this process, on the migrated database.
  const setupDatabase = await openDatabase({ databaseUrl });
  await runMigrations(setupDatabase);
  await seedDatabase(setupDatabase.db, { demo: false });
  await setupDatabase.close();
  const begun = performance.now();
  const setup = await openServices();
  const market = await buildMarket(setup.services, setup.db);
  await setup.close();
  log(
    `market built (organisation connected, ${PAID_OPPORTUNITIES + FREE_OPPORTUNITIES} opportunities published, ${PAID_OPPORTUNITIES * 2} coupons) in ${seconds(performance.now() - begun)}`,
  );

  current = await startServer();
  open.push(() => stopServer(current));
  log(`server started in ${seconds(current.startMs)} (pid ${current.pid})`);
  const writer = await openDatabase({ databaseUrl });
  open.push(() => writer.close());
  const enrolled = await enrol(writer.db, market);
  const applicants = enrolled.slice(0, APPLICANTS);
  const sample = enrolled.slice(APPLICANTS);

  // Default mode: free submissions and checkouts take turns, ROUNDS rounds of APPLICANTS / ROUNDS
  // each (which goes first alternates), each followed by the delivery of the events it caused, so
  // that the load of the machine's other users falls on both alike. Kill mode: checkouts only.
  const order = shuffled(applicants);
  const rounds = MODE === 'measure' ? ROUNDS : 1;
  const perRound = Math.ceil(order.length / rounds);
  const tally = {
    free: { n: 0, wall: 0, drain: 0, latencies: [] as number[], cpu: noCpu() },
    checkout: { n: 0, wall: 0, drain: 0, cpu: noCpu() },
  };
  const outcomes: Array<CheckoutOutcome & { application: string }> = [];
  let done = 0;
  const killAt =
    MODE === 'kill'
      ? Array.from({ length: 3 + Math.floor(random() * 3) }, () =>
          Math.floor((0.05 + random() * 0.85) * applicants.length),
        ).sort((a, b) => a - b)
      : [];
  const kills: Array<{ after: number; restartMs: number }> = [];
  let killer = Promise.resolve();
  const maybeKill = () => {
    while (killAt.length > 0 && done >= killAt[0]!) {
      const after = killAt.shift()!;
      // A random moment within the next 0–300 ms, whatever the clients are doing then.
      const delay = Math.floor(random() * 300);
      killer = killer.then(async () => {
        await sleep(delay);
        await killAndRestart();
        kills.push({ after, restartMs: restarts.at(-1)! });
        log(
          `  killed -9 after ${after} checkouts (+${delay} ms); restarted in ${seconds(restarts.at(-1)!)}`,
        );
      });
    }
  };
  if (MODE === 'measure') {
    log(`outbox idle after the setup (${seconds(await outboxIdle(writer.db))})\n`);
  }
  for (let round = 0; round < rounds; round++) {
    const slice = order.slice(round * perRound, (round + 1) * perRound);
    const phases =
      MODE === 'kill'
        ? (['checkout'] as const)
        : round % 2 === 0
          ? (['free', 'checkout'] as const)
          : (['checkout', 'free'] as const);
    const said: string[] = [];
    for (const phase of phases) {
      const before = cpuSample();
      profileMark(`round ${round + 1} ${phase} start`);
      const begun = performance.now();
      if (phase === 'free') {
        await inBatches(slice, CONCURRENCY, async (applicant) => {
          const at = performance.now();
          const data = await must<{ submitApplication: { status: string } }>(
            SUBMIT,
            { input: { id: applicant.freeApplication } },
            applicant.token,
          );
          tally.free.latencies.push(performance.now() - at);
          if (data.submitApplication.status !== 'SUBMITTED') {
            throw new Unexpected(
              `free submission ${applicant.freeApplication}: ${JSON.stringify(data)}`,
            );
          }
        });
      } else {
        const got = await inBatches(slice, CONCURRENCY, async (applicant) => {
          const outcome = await checkout(applicant);
          done += 1;
          maybeKill();
          return { ...outcome, application: applicant.paidApplication };
        });
        outcomes.push(...got);
        await killer;
      }
      const wall = performance.now() - begun;
      const drain = MODE === 'measure' ? await outboxIdle(writer.db) : 0;
      profileMark(`round ${round + 1} ${phase} end (events delivered)`);
      const into = tally[phase];
      into.n += slice.length;
      into.wall += wall;
      into.drain += drain;
      addCpu(into.cpu, before, cpuSample());
      said.push(`${phase} ${((slice.length / wall) * 1000).toFixed(1)}/s`);
    }
    if (MODE === 'measure') log(`round ${round + 1}: ${said.join(', ')}`);
  }

  const settled = outcomes.filter((o) => o.sawSettled);
  const latencies = settled.map((o) => o.ms);
  const { checkout: paid } = tally;
  const perSecond = (paid.n / paid.wall) * 1000;
  const count = (test: (o: CheckoutOutcome) => boolean) => outcomes.filter(test).length;
  if (MODE === 'measure') {
    const { free } = tally;
    const freePerSecond = (free.n / free.wall) * 1000;
    const freeWithEvents = (free.n / (free.wall + free.drain)) * 1000;
    log(
      `\nfree submissions: ${free.n} in ${seconds(free.wall)}: ${freePerSecond.toFixed(1)}/s, p50 ${ms(pct(free.latencies, 50))}, p95 ${ms(pct(free.latencies, 95))}`,
    );
    log(
      `  the events they caused delivered in ${seconds(free.drain)} more: ${freeWithEvents.toFixed(1)}/s with them`,
    );
    log(cpuLine(free.cpu, free.n, 'submission, with its events'));
    const withEvents = (paid.n / (paid.wall + paid.drain)) * 1000;
    log(
      `\ncheckouts: ${paid.n} in ${seconds(paid.wall)}: ${perSecond.toFixed(1)}/s, whole checkout (start → confirm → SUCCEEDED) p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))} (${latencies.length} timed)`,
    );
    log(
      `  the events they caused delivered in ${seconds(paid.drain)} more: ${withEvents.toFixed(1)}/s with them`,
    );
    log(cpuLine(paid.cpu, paid.n, 'checkout, with its events'));
    checkoutDetails();
    log(
      `\nratio: ${perSecond.toFixed(1)} checkouts/s ÷ ${freePerSecond.toFixed(1)} free submissions/s = ${((perSecond / freePerSecond) * 100).toFixed(0)} % (target ≥ 50 %); with the events delivered: ${withEvents.toFixed(1)} ÷ ${freeWithEvents.toFixed(1)} = ${((withEvents / freeWithEvents) * 100).toFixed(0)} %`,
    );
  } else {
    log(
      `\ncheckouts: ${paid.n} in ${seconds(paid.wall)} with ${kills.length} kills and restarts: ${perSecond.toFixed(1)}/s, whole checkout p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))} (${latencies.length} timed: those whose refreshPayment was cut off are not)`,
    );
    checkoutDetails();
    log(
      `  kills: ${kills.length}; steps repeated after a kill: ${counters.repeated}; refreshes cut off (left to the outbox and reconciliation): ${counters.refreshesCutOff}`,
    );
  }
  function checkoutDetails() {
    log(
      `  early bird full, started again with the regular tier: ${count((o) => o.fellBackToRegular)}; coupon used up, started again without it: ${count((o) => o.droppedCoupon)}`,
    );
    const cards = count((o) => o.method === 'INTERNAL_PAYMENT');
    const refreshes = outcomes.reduce((sum, o) => sum + o.refreshes, 0);
    log(
      `  by method: ${cards} card, ${count((o) => o.method === 'FREE_COUPON')} FREE_COUPON; refreshPayment calls per card checkout: ${(refreshes / Math.max(1, cards)).toFixed(2)}`,
    );
    for (const key of ['start', 'confirm', 'refresh'] as const) {
      const values = outcomes.flatMap((o) => o.steps[key]);
      log(
        `  ${key.padEnd(8)} ${values.length} requests, p50 ${ms(pct(values, 50))}, p95 ${ms(pct(values, 95))}`,
      );
    }
  }
  await stopServer(current);
  open.splice(0, 1);
  if (sample.length > 0) {
    for (const line of await countStatements(writer.db, sample)) log(line);
  }

  // Checks, through the services in this process; in kill mode after the reconciliation, with the
  // clock past RECONCILE_AFTER_MS so every unsettled attempt counts as stale.
  const unsettledBefore = await rowsOf<{ count: number }>(
    writer.db,
    sql`select count(*)::int as count from payments where status <> 'SUCCEEDED'`,
  );
  const checker = await openServices(
    () => new Date(Date.now() + (MODE === 'kill' ? RECONCILE_AFTER_MS + 60_000 : 0)),
  );
  open.push(() => checker.close());
  if (MODE === 'kill') {
    const [outbox] = await rowsOf<{ pending: number; leased: number; until: string | null }>(
      writer.db,
      sql`select count(*)::int as pending,
          (count(*) filter (where leased_until > now()))::int as leased,
          max(leased_until)::text as until
        from domain_events where status = 'pending'`,
    );
    log(
      `\npayments not SUCCEEDED once the clients were done: ${unsettledBefore[0]!.count}; outbox: ${outbox!.pending} events pending, ${outbox!.leased} of them leased (until ${outbox!.until ?? '–'}) by a process no longer running`,
    );
    for (let pass = 1; pass <= 20; pass++) {
      const result = await checker.services.payments.reconciliation.run();
      log(`reconciliation pass ${pass}: ${JSON.stringify(result)}`);
      if (result.checked === 0) break;
    }
  }
  await checker.services.events.dispatcher.drain();
  const checked = await verify(checker.services, writer.db, applicants);
  log('');
  checked.lines.forEach(log);
  const sawSuccess = new Set(outcomes.filter((o) => o.sawSuccess).map((o) => o.application));
  const lost = [...checked.notPaid, ...checked.notSent].filter((s) =>
    sawSuccess.has(s.application),
  );
  log(
    `lost: ${new Set(lost.map((s) => s.application)).size} applicants who saw their payment succeed without a SUCCEEDED payment and a sent application`,
  );
  if (lost.length > 0) checked.problems.push(`lost: ${JSON.stringify(lost.slice(0, 10))}`);
  if (checked.notPaid.length > 0 || checked.notSent.length > 0) {
    checked.problems.push(
      `not settled: ${JSON.stringify({ notPaid: checked.notPaid.slice(0, 10), notSent: checked.notSent.slice(0, 10) })}`,
    );
  }
  if (checked.problems.length > 0) {
    failed = true;
    log('\nPROBLEMS:');
    checked.problems.forEach((problem) => log(`  ${problem}`));
  }
  log(`\nload average at the end: ${loadAverage()}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const close of open.splice(0).reverse()) await close().catch(() => undefined);
  await administer(`drop database if exists ${benchDb} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/**
 * lib.ts's sample, with PostgreSQL narrowed to the backends serving the bench's database (others'
 * test databases share the server). A backend that exits between two samples takes its CPU time
 * with it; the server's pool keeps its connections while it is busy.
 */
function cpuSample(): CpuSample | undefined {
  const sample = cpuNow(current.pid);
  if (!sample) return undefined;
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(benchDb)) {
        postgres += processCpuMs(Number(entry));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return { ...sample, postgres };
}

function noCpu(): CpuSample {
  return { server: 0, postgres: 0, loader: 0, busy: 0, all: 0 };
}

function addCpu(into: CpuSample, before: CpuSample | undefined, after: CpuSample | undefined) {
  if (!before || !after) return;
  for (const key of Object.keys(into) as Array<keyof CpuSample>) {
    into[key] += after[key] - before[key];
  }
}

function cpuLine(spent: CpuSample, n: number, what: string) {
  if (spent.all === 0) return '';
  const per = (key: keyof CpuSample) => spent[key] / Math.max(1, n);
  const others = per('busy') - per('server') - per('postgres') - per('loader');
  return `  CPU per ${what}: server ${ms(per('server'))}, PostgreSQL (the bench database's backends) ${ms(per('postgres'))}, this process (clients) ${ms(per('loader'))}, other processes ${ms(others)}, idle ${ms(per('all') - per('busy'))} (of ${os.cpus().length} cores)`;
}
