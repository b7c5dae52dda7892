import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'encore-test-'));
  const handle = await openDatabase({});
  await runMigrations(handle);
  const dump = await handle.dump!();
  await handle.close();
  const file = path.join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(folder, { recursive: true, force: true });
}
