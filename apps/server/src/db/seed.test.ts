import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { verifyPassword } from '../lib/passwords';
import { createLookupsService } from '../modules/lookups/lookups.service';
import { statusAt } from '../modules/opportunities/opportunities.service';
import { opportunities } from '../modules/opportunities/opportunities.table';
import { organisationMembers, organisations } from '../modules/organisations/organisations.table';
import { users } from '../modules/users/users.table';
import type { DatabaseHandle } from './client';
import {
  DEMO_ACCOUNTS,
  DEMO_OPPORTUNITIES,
  DEMO_ORGANISATIONS,
  DEMO_PASSWORD,
} from './demo/demo-data';
import { seedDatabase } from './seed';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('demo seed', () => {
  it('creates the demo people, bands and organisations with their teams, once', async () => {
    await seedDatabase(database.db, { demo: true });
    await seedDatabase(database.db, { demo: true });
    const [people] = await database.db.select({ value: count() }).from(users);
    expect(people?.value).toBe(DEMO_ACCOUNTS.length);
    const [orgs] = await database.db.select({ value: count() }).from(organisations);
    expect(orgs?.value).toBe(DEMO_ORGANISATIONS.length);
    const bands = await database.db.select().from(users).where(eq(users.selectedType, 'BAND'));
    expect(bands.map((band) => band.name).sort()).toEqual(['Kora Collective', 'The Velvet Tides']);
    const seats = await database.db.select().from(organisationMembers);
    const accepted = DEMO_ORGANISATIONS.reduce((sum, org) => sum + 1 + org.team.length, 0);
    const invited = DEMO_ORGANISATIONS.reduce((sum, org) => sum + org.invitations.length, 0);
    expect(seats.filter((seat) => seat.status === 'accepted')).toHaveLength(accepted);
    expect(seats.filter((seat) => seat.status === 'invited')).toHaveLength(invited);
    expect(invited).toBeGreaterThan(0);
  });

  it('creates demo opportunities in each early status, with known genres and instruments', async () => {
    const rows = await database.db
      .select({ stored: opportunities.status, current: statusAt(new Date()) })
      .from(opportunities);
    expect(rows).toHaveLength(DEMO_OPPORTUNITIES.length);
    expect(new Set(rows.map((row) => row.current))).toEqual(
      new Set(['DRAFT', 'SCHEDULED', 'PUBLISHED', 'CLOSED']),
    );
    // The stored status agrees with the one computed from the dates.
    for (const row of rows) expect(row.stored).toBe(row.current);
    const lookups = createLookupsService(database.db);
    const catalogue = await lookups.catalogue();
    for (const demo of DEMO_OPPORTUNITIES) {
      for (const genre of demo.genres) expect(catalogue.genres.has(genre), genre).toBe(true);
      for (const slug of demo.instruments) expect(catalogue.instruments.has(slug), slug).toBe(true);
    }
  });

  it('stores argon2id hashes that verify with the documented demo password', async () => {
    const [maya] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'maya@harbourlights.test'));
    expect(maya?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(maya!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(maya!.passwordHash, 'wrong password')).toBe(false);
  });
});
