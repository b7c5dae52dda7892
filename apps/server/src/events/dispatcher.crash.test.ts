import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { withDatabase } from '../../test/global-setup';
import { createDispatcher } from './dispatcher';
import { domainEvent } from './domain-events';
import { composeHandlers } from './handlers';
import { createOutbox } from './outbox';

const here = path.dirname(fileURLToPath(import.meta.url));
const databaseUrl = process.env.DATABASE_URL;

async function query<Row>(statement: string, url = databaseUrl): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Row[];
  } finally {
    await client.end();
  }
}

// Two processes on one database: PostgreSQL only (the embedded database lives in one process).
describe.runIf(databaseUrl)('a dispatcher killed with SIGKILL in the middle of a batch', () => {
  it('loses nothing and does nothing twice: another process takes the events up', async () => {
    const name = `test_crash_${randomBytes(4).toString('hex')}`;
    await query(`create database ${name} template ${inject('postgresTemplate')}`);
    const url = withDatabase(databaseUrl!, name);
    const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
    try {
      await query('create table dispatch_effects (event_id uuid not null)', url);
      const outbox = createOutbox({ db: handle.db, clock: () => new Date() });
      const names = Array.from({ length: 30 }, (_, index) => (index === 4 ? 'hang' : `e${index}`));
      await outbox.append(
        handle.db,
        ...names.map((event, index) =>
          domainEvent('PasswordChanged', `user:${index % 12}`, {
            userId: '00000000-0000-4000-8000-000000000001',
            email: 'someone@example.test',
            name: event,
            locale: 'en',
          }),
        ),
      );

      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'dispatcher.crash-child.ts'), url],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('hanging')) resolve();
        });
        child.once('exit', () => reject(new Error('the child ended before it hung')));
      });
      // The rest of its batch finishes (or not) around the hanging handler; then it dies.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      const effects = () =>
        query<{ event_id: string; times: number }>(
          'select event_id, count(*)::int as times from dispatch_effects group by event_id',
          url,
        );
      expect((await effects()).length).toBeLessThan(names.length);

      // Later, another process; the dead one's lease has run out by its clock.
      const survivor = createDispatcher({
        db: handle.db,
        clock: () => new Date(Date.now() + 61_000),
        log: { warn: () => undefined },
        handlers: composeHandlers([
          {
            name: 'effects',
            inTransaction: true,
            on: {
              async PasswordChanged(event, { executor }) {
                await executor.execute(
                  sql`insert into dispatch_effects (event_id) values (${event.id})`,
                );
              },
            },
          },
        ]),
      });
      await survivor.drain();
      const done = await effects();
      expect(done).toHaveLength(names.length);
      expect(done.every((effect) => effect.times === 1)).toBe(true);
      const [left] = await query<{ n: number }>(
        "select count(*)::int as n from domain_events where status <> 'delivered'",
        url,
      );
      expect(left!.n).toBe(0);
    } finally {
      await handle.close();
      await query(`drop database if exists ${name} with (force)`);
    }
  }, 60_000);
});
