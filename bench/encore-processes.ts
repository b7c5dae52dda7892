// Encore's server from its source, as main.ts starts it, in this process or as child processes;
// people signed in through the real `login` mutation; and socket.io clients connected with their
// access tokens, whose `notificationCreated` handlers note when each notification reached them.
import type { FastifyInstance } from 'fastify';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_PATH,
  type ClientToServerEvents,
  type NotificationCreatedPayload,
  type ServerToClientEvents,
} from '../packages/core/src/index';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed';
import { freePort, percentile, repoRoot } from './lib';

export interface InProcessServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  close(): Promise<void>;
}

/** main.ts's steps (configuration from the environment, migrations, reference data, buildApp), here. */
export async function startInProcess(env: Record<string, string>): Promise<InProcessServer> {
  const config = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await runMigrations(database);
  await seedDatabase(database.db, { demo: false });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no TCP port');
  return { app, database, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `apps/server/src/main.ts` run by tsx in a process of its own: the source this process runs too,
 * not a build that may be older (bench/lib.ts's startBuiltServer runs `dist/main.js`).
 */
export async function startChild(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() > deadline) throw new Error('server did not answer /healthz in 120 s');
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs `work` over `items`, at most `concurrency` at a time; the results in the items' order. */
export async function inBatches<Item, Result>(
  items: Item[],
  concurrency: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array<Result>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { access_token } }';

/** An access token of a new session, from the `login` mutation. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: LOGIN,
      variables: { input: { email, password, remember_me: false } },
    }),
  });
  const answer = (await response.json()) as {
    data?: { login?: { access_token: string } } | null;
    errors?: unknown;
  };
  const token = answer.data?.login?.access_token;
  if (!token) throw new Error(`login of ${email}: ${JSON.stringify(answer.errors ?? answer)}`);
  return token;
}

/** One GraphQL request with a person's token; the answer's data and how long it took. */
export async function graphqlAs(
  url: string,
  token: string,
  query: string,
): Promise<{ data: Record<string, unknown>; ms: number }> {
  const begun = performance.now();
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const answer = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  const ms = performance.now() - begun;
  if (!response.ok || answer.errors || !answer.data) {
    throw new Error(`${query}: ${response.status} ${JSON.stringify(answer.errors ?? answer)}`);
  }
  return { data: answer.data, ms };
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Where the clients' handlers note each `notificationCreated` as it arrives, by notification id,
 * on this process's clock (the one the commits are timed with).
 */
export function createInbox() {
  const arrivals = new Map<string, number[]>();
  const waiters = new Map<string, (at: number) => void>();
  let received = 0;
  let whenReceived: { count: number; resolve: () => void } | undefined;
  return {
    arrivals,
    received: () => received,
    receive(payload: NotificationCreatedPayload) {
      const at = performance.now();
      const { id } = payload.notification;
      const times = arrivals.get(id);
      if (times) times.push(at);
      else arrivals.set(id, [at]);
      received += 1;
      waiters.get(id)?.(at);
      if (whenReceived && received >= whenReceived.count) whenReceived.resolve();
    },
    /** When the notification first arrived, or undefined if it did not within the time. */
    arrival(id: string, timeoutMs: number): Promise<number | undefined> {
      const first = arrivals.get(id)?.[0];
      if (first !== undefined) return Promise.resolve(first);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(id);
          resolve(undefined);
        }, timeoutMs);
        waiters.set(id, (at) => {
          clearTimeout(timer);
          waiters.delete(id);
          resolve(at);
        });
      });
    },
    /** Resolves true once `count` pushes have arrived in all, false after the time. */
    receivedAll(count: number, timeoutMs: number): Promise<boolean> {
      if (received >= count) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        whenReceived = {
          count,
          resolve: () => {
            clearTimeout(timer);
            whenReceived = undefined;
            resolve(true);
          },
        };
      });
    },
    clear() {
      arrivals.clear();
      received = 0;
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;

/** One socket a client (its own connection, as a browser tab has), each admitted with its token. */
export async function connectSockets(
  clients: Array<{ url: string; token: string }>,
  inbox: Inbox,
): Promise<ClientSocket[]> {
  return inBatches(clients, 50, ({ url, token }) => {
    const socket: ClientSocket = io(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    socket.on('notificationCreated', (payload) => inbox.receive(payload));
    return new Promise<ClientSocket>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  });
}

/** Someone with an account and the access token of a session of theirs. */
export interface Person {
  id: string;
  email: string;
  token: string;
}

export const loadAverage = () =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : '–');
/** The p-th percentile of values in any order. */
export const pct = (values: number[], p: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
