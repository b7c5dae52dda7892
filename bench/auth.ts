// Sign-in and identity: `login` throughput and latency at 10 connections, `me` at 20 connections
// (target: `me` p95 under 10 ms), plus the cost of one argon2id hash with the server's parameters.
// Usage: npm run build && npx tsx bench/auth.ts   (DATABASE_URL=... to run against PostgreSQL)
import { hash, verify } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARGON2_OPTIONS } from '../apps/server/src/lib/passwords';
import { createAccessTokens } from '../apps/server/src/modules/auth/auth.tokens';
import { load, machineDescription, percentile, startBuiltServer, type LoadResult } from './lib';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const EMAIL = 'maya@harbourlights.test';
const PASSWORD = 'encore-demo';

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * CPU seconds the server process has used, its main (JavaScript) thread apart from the others
 * (libuv's pool, where argon2 runs, and V8's helpers). Linux only; clock ticks taken as 1/100 s.
 */
function serverCpuSeconds(pid: number): { main: number; others: number } {
  const total = { main: 0, others: 0 };
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime
    if (task === String(pid)) total.main += seconds;
    else total.others += seconds;
  }
  return total;
}

function format(name: string, connections: number, result: LoadResult): string {
  return `${name.padEnd(27)} ${String(connections).padStart(2)} conn ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${ms(result.p50)}   p95 ${ms(result.p95)}   p99 ${ms(result.p99)}   errors ${result.errors}   non-2xx ${result.non2xx}   GraphQL errors ${result.badBodies}   (${result.total} requests)`;
}

async function graphql(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ data?: Record<string, unknown>; errors?: unknown }> {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers, body });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
}

console.log(`machine: ${machineDescription()}`);
console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}; ${DURATION_SECONDS} s per run after a ${WARM_UP_SECONDS} s warm-up`,
);

// One argon2id hash (and one verify, which is what login runs) with the server's parameters,
// measured before the server starts so nothing else competes for the CPU.
const { algorithm: _algorithm, ...costs } = ARGON2_OPTIONS;
console.log(`argon2id parameters: ${JSON.stringify(costs)}`);
const stored = await hash(PASSWORD, ARGON2_OPTIONS);
for (let i = 0; i < 3; i++) await verify(stored, PASSWORD); // warm-up
const hashTimes: number[] = [];
const verifyTimes: number[] = [];
for (let i = 0; i < 20; i++) {
  let started = performance.now();
  await hash(PASSWORD, ARGON2_OPTIONS);
  hashTimes.push(performance.now() - started);
  started = performance.now();
  await verify(stored, PASSWORD);
  verifyTimes.push(performance.now() - started);
}
hashTimes.sort((a, b) => a - b);
verifyTimes.sort((a, b) => a - b);
console.log(
  `argon2id, one at a time, 20 runs: hash median ${ms(percentile(hashTimes, 50))} (min ${ms(hashTimes[0]!)}, max ${ms(hashTimes.at(-1)!)}); verify median ${ms(percentile(verifyTimes, 50))} (min ${ms(verifyTimes[0]!)}, max ${ms(verifyTimes.at(-1)!)})`,
);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-auth-'));
const server = await startBuiltServer({
  DATA_DIR: dataDir,
  SEED: 'demo',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  // The per-IP sign-in limits would refuse a load test from one address within seconds.
  RATE_LIMITS: 'off',
});
const json = { 'content-type': 'application/json' };

try {
  // login
  const loginBody = JSON.stringify({
    query:
      'mutation Login($input: LoginInput!) { login(input: $input) { access_token refresh_token expires_in token_type user { id } } }',
    variables: { input: { email: EMAIL, password: PASSWORD, remember_me: false } },
  });
  const first = await graphql(server.url, loginBody, json);
  const token = (first.data?.login as { access_token?: string } | undefined)?.access_token;
  if (first.errors || !token) throw new Error(`login failed: ${JSON.stringify(first)}`);
  const loginIsGood = (body: string) =>
    body.includes('"access_token":"') && !body.includes('"errors"');
  const run = async (
    name: string,
    body: string,
    headers: Record<string, string>,
    connections: number,
    bodyIsGood: (body: string) => boolean,
  ) => {
    const target = { url: `${server.url}/graphql`, body, headers, connections, bodyIsGood };
    await load({ ...target, durationSeconds: WARM_UP_SECONDS });
    const cpuBefore = serverCpuSeconds(server.child.pid!);
    const result = await load({ ...target, durationSeconds: DURATION_SECONDS });
    const cpuAfter = serverCpuSeconds(server.child.pid!);
    console.log(format(name, connections, result));
    const perRequest = (seconds: number) => ms((seconds * 1000) / Math.max(1, result.total));
    console.log(
      `${' '.repeat(27)} server CPU per request: main thread ${perRequest(cpuAfter.main - cpuBefore.main)}, other threads ${perRequest(cpuAfter.others - cpuBefore.others)}; main thread busy ${((100 * (cpuAfter.main - cpuBefore.main)) / DURATION_SECONDS).toFixed(0)}% of the run`,
    );
    console.log(`${' '.repeat(27)} load average at the end of the run: ${loadAverage()}`);
  };
  await run('login', loginBody, json, 10, loginIsGood);

  // me, with the token of one sign-in
  const meBody = JSON.stringify({ query: '{ me { id name email role { name } } }' });
  const meHeaders = { ...json, authorization: `Bearer ${token}` };
  const me = await graphql(server.url, meBody, meHeaders);
  if (me.errors || !(me.data?.me as { id?: string } | undefined)?.id)
    throw new Error(`me failed: ${JSON.stringify(me)}`);
  const meIsGood = (body: string) => body.includes('"me":{') && !body.includes('"errors"');
  await run('me', meBody, meHeaders, 20, meIsGood);

  // What `me` costs, layer by layer (BENCH_BREAKDOWN=off skips it): the same request with one
  // connection (no queueing: the time one request takes), and at 20 connections a query that
  // resolves nothing, without a token (HTTP + Yoga) and with it (+ JWT verify + the account check
  // every signed-in request makes, both remembered by the server); `me` adds its fields.
  if (process.env.BENCH_BREAKDOWN !== 'off') {
    await run('me', meBody, meHeaders, 1, meIsGood);
    const typename = JSON.stringify({ query: '{ __typename }' });
    const typenameIsGood = (body: string) => body.includes('"__typename":"Query"');
    await run('{ __typename } anonymous', typename, json, 20, typenameIsGood);
    await run('{ __typename } with Bearer', typename, meHeaders, 20, typenameIsGood);
    // The JWT check alone, in this process, with the server's own code: the first time a token is
    // seen (signature checked) and again (remembered until it expires).
    const secret = 'bench-secret-bench-secret-bench-secret!!';
    const signer = createAccessTokens(secret);
    const signFor = () =>
      signer.sign({ id: randomUUID(), role: 'organiser', sessionVersion: 1 }, randomUUID());
    const distinct = await Promise.all(Array.from({ length: 5_000 }, signFor));
    const verifier = createAccessTokens(secret);
    await verifier.verify(await signFor()); // the key is imported on first use
    const timeEach = async (list: string[]) => {
      const started = performance.now();
      for (const token of list) await verifier.verify(token);
      return ((performance.now() - started) * 1000) / list.length;
    };
    const firstTime = await timeEach(distinct);
    const again = await timeEach(Array<string>(10_000).fill(distinct[0]!));
    console.log(
      `JWT verify (HS256, jose), in process: ${firstTime.toFixed(1)} µs the first time a token is seen, ${again.toFixed(1)} µs when it is seen again`,
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
