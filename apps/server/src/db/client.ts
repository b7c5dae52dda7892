import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import path from 'node:path';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: services accept both so callers can compose. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Only for PGlite: a tarball of the data directory, used to clone migrated test databases. */
  dump?(): Promise<Blob>;
}

export const pgliteExtensions = { cube, earthdistance, pg_trgm, unaccent, citext, pgcrypto };

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted means in memory. */
  pgliteDir?: string | undefined;
  /** PGlite: start from this dump (tests clone a migrated template). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  // Hot reads are prepared statements, built once per shape and written so that one plan serves
  // every value (see storedStatusLapsed). Planning a statement anew for each request's values cost
  // more than running it (the listing: 2.8 ms to plan, 0.6 ms to run), so plans are kept.
  const pool = new pg.Pool({
    connectionString,
    max,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const dataDir = options.pgliteDir ? path.resolve(options.pgliteDir) : undefined;
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
    dump: () => client.dumpDataDir('none'),
  };
}
