import type { Clock } from '../src/lib/clock';
import { PLATFORM_ROLES, type PlatformRole } from '@encore/core';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { Viewer } from '../src/modules/access/viewer';
import type { ViewerResolver } from '../src/http/viewer-resolver';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { withDatabase } from './global-setup';

/** A fresh database for one test file, copied from the run's migrated template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const [handle] = await openTestDatabaseConnections(1);
  return handle!;
}

/**
 * One fresh database, opened `count` times: on PostgreSQL each handle is its own pool on the same
 * database URL, as separate server processes would hold; PGlite lives in this process, so its
 * handles are one. Closing the last handle drops the database.
 */
export async function openTestDatabaseConnections(count: number): Promise<DatabaseHandle[]> {
  const postgresTemplate = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (postgresTemplate && databaseUrl) {
    const name = `${postgresTemplate.replace('template', 'test')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgresTemplate}`);
    await admin.end();
    let open = count;
    const handles = await Promise.all(
      Array.from({ length: count }, () =>
        openDatabase({ databaseUrl: withDatabase(databaseUrl, name), poolSize: 5 }),
      ),
    );
    return handles.map((handle) => ({
      ...handle,
      close: async () => {
        await handle.close();
        open -= 1;
        if (open > 0) return;
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    }));
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const handle = await openDatabase({ loadDataDir: new Blob([dump]) });
  let open = count;
  const closeOnce = async () => {
    open -= 1;
    if (open === 0) await handle.close();
  };
  return Array.from({ length: count }, () => ({ ...handle, close: closeOnce }));
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-data-'));
  return loadConfig(
    // Rate limits are off unless a test turns them on: many tests sign in from one address.
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED: 'none', RATE_LIMITS: 'off' },
    { ...overrides },
  );
}

export interface GraphQLResponse<Data = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: {
    data?: Data | null;
    errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, unknown> }>;
  };
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  database: DatabaseHandle;
  config: Config;
  graphql<Data = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<Data>>;
  /** Delivers the events that are due now (emails, notifications), as the dispatcher soon would. */
  deliverEvents(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Tests only: `x-test-user: <uuid>` (and optionally `x-test-role: performer | organiser | admin`) act as
 * that user; without the header, the app's real resolver decides. Production never sees this resolver.
 */
export function testViewerResolver(fallback: ViewerResolver): ViewerResolver {
  return async (req) => {
    const id = req.headers['x-test-user'];
    if (typeof id !== 'string' || !id) return fallback(req);
    const givenRole = req.headers['x-test-role'];
    const role = PLATFORM_ROLES.find((candidate) => candidate === givenRole) ?? 'performer';
    return new Viewer({ id, role });
  };
}

/** Headers that make a test request come from the given user. */
export function asUser(id: string, role: PlatformRole = 'performer'): Record<string, string> {
  return { 'x-test-user': id, 'x-test-role': role };
}

/**
 * The real server on an ephemeral port over real HTTP, with its own database unless `database` is
 * given (see openTestDatabaseConnections: several servers on one database, as several processes).
 * The server closes its database when it closes.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  { clock, database: given }: { clock?: Clock; database?: DatabaseHandle } = {},
): Promise<TestServer> {
  const database = given ?? (await openTestDatabase());
  const config = testConfig(overrides);
  const app = await buildApp({
    config,
    database,
    wrapViewerResolver: testViewerResolver,
    ...(clock ? { clock } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    database,
    config,
    async graphql(query, variables, headers = {}) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json',
          ...headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    },
    deliverEvents: () => app.services.events.dispatcher.drain(),
    async close() {
      const closing = app.close();
      // A keep-alive connection still finishing a streamed answer when close begins is not idle yet, and
      // would hold the server open until its keep-alive timeout; tests have nothing left in flight.
      app.server.closeAllConnections();
      await closing;
    },
  };
}
