import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedDatabase } from '../src/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates (and seeds reference data into) one database per run; every test file then starts from a
 * copy: a PGlite dump on the embedded default, a template database on a PostgreSQL server.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const templateName = `encore_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    const templateUrl = withDatabase(databaseUrl, templateName);
    const handle = await openDatabase({ databaseUrl: templateUrl, poolSize: 2 });
    await runMigrations(handle);
    await seedDatabase(handle.db, { demo: false });
    await handle.close();
    project.provide('postgresTemplate', templateName);
    project.provide('pgliteTemplate', '');
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${templateName.replace('template', 'test')}%`],
      );
      for (const row of leftovers.rows)
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }

  const folder = mkdtempSync(path.join(os.tmpdir(), 'encore-test-'));
  const handle = await openDatabase({});
  await runMigrations(handle);
  await seedDatabase(handle.db, { demo: false });
  const dump = await handle.dump!();
  await handle.close();
  const file = path.join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(folder, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
