import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import { uniqueEmail } from '../../../test/accounts';
import type { DatabaseHandle } from '../../db/client';
import { createInvalidationBus, type InvalidationBus } from '../../lib/invalidation';
import { openRedis } from '../../lib/redis';
import { createUsersService, type UsersService } from './users.service';
import { users } from './users.table';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function newAccount(service: UsersService) {
  const row = await service.createAccount({
    name: 'Clara Schumann',
    email: uniqueEmail('clara'),
    password: 'harpsichord-fugue-88',
    role: 'performer',
    selectedType: 'INDIVIDUAL',
  });
  return row!;
}

/** Changes the row behind the service's back, as another process would. */
const renameDirectly = (id: string, name: string) =>
  database.db.update(users).set({ name }).where(eq(users.id, id));

describe('the current account', () => {
  it('is kept for a few seconds, and forgotten at once when this service changes it', async () => {
    const service = createUsersService(database.db, createInvalidationBus({ prefix: 'test:' }));
    const account = await newAccount(service);
    expect((await service.current(account.id))?.name).toBe('Clara Schumann');

    await renameDirectly(account.id, 'Renamed elsewhere');
    expect((await service.current(account.id))?.name).toBe('Clara Schumann');

    await service.setRole(account.id, 'organiser');
    const fresh = await service.current(account.id);
    expect(fresh?.role).toBe('organiser');
    expect(fresh?.name).toBe('Renamed elsewhere');
  });

  it('is gone once the account is deleted', async () => {
    const service = createUsersService(database.db, createInvalidationBus({ prefix: 'test:' }));
    const account = await newAccount(service);
    expect(await service.current(account.id)).toBeDefined();
    await service.erase(account.id, new Date());
    expect(await service.current(account.id)).toBeUndefined();
  });
});

// With REDIS_URL (as in CI's PostgreSQL run): two server processes share the database and Redis.
describe.runIf(process.env.REDIS_URL)('the current account across processes', () => {
  const connections: Array<ReturnType<typeof openRedis>> = [];
  const buses: InvalidationBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await Promise.all(connections.map((redis) => redis.quit()));
  });
  const processWithRedis = (prefix: string) => {
    const redis = openRedis(process.env.REDIS_URL!);
    connections.push(redis);
    const bus = createInvalidationBus({ redis, prefix });
    buses.push(bus);
    return createUsersService(database.db, bus);
  };

  it('is forgotten by every process when one of them changes it', async () => {
    const prefix = `test:${Date.now()}:`;
    const first = processWithRedis(prefix);
    const second = processWithRedis(prefix);
    const account = await newAccount(first);
    expect((await second.current(account.id))?.role).toBe('performer');
    // Let the second process's subscription reach Redis before the change is announced.
    await vi.waitFor(async () => {
      await renameDirectly(account.id, 'Subscribed');
      await first.markVerified(account.id);
      expect((await second.current(account.id))?.name).toBe('Subscribed');
    });

    await first.setRole(account.id, 'admin');
    // Well inside the cache's time limit, so only the message can explain the fresh answer.
    await vi.waitFor(async () => expect((await second.current(account.id))?.role).toBe('admin'), {
      timeout: 1_000,
    });
  });
});
