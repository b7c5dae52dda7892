import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder } from '../lib/paths';
import type { DatabaseHandle } from './client';

// Several server processes may start at once against one PostgreSQL: one migrates, the others wait.
const MIGRATION_LOCK_KEY = 727_274_001;

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  await withSessionLock(handle, () =>
    migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder }),
  );
}

async function withSessionLock(handle: DatabaseHandle, work: () => Promise<void>): Promise<void> {
  // The lock lives on one dedicated connection for the whole migration.
  const { $client: pool } = handle.db as unknown as { $client: Pool };
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await work();
  } finally {
    await lockClient
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    lockClient.release();
  }
}
