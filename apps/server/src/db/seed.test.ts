import { count, eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { verifyPassword } from '../lib/passwords';
import { createLocalStorage } from '../lib/storage/local-storage';
import { applicationAnswersSchema } from '@encore/core';
import {
  applicationMessages,
  applicationReviews,
  applications,
} from '../modules/applications/applications.table';
import { files } from '../modules/files/files.table';
import { applicationForms } from '../modules/forms/forms.table';
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

  it('creates forms and applications in every review state, with ratings, comments and messages, once', async () => {
    await seedDatabase(database.db, { demo: true });
    const rows = await database.db.select().from(applications);
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['DRAFT', 'SUBMITTED', 'IN_REVIEW', 'SHORTLISTED', 'ACCEPTED', 'DECLINED']),
    );
    expect(new Set(rows.map((row) => row.code)).size).toBe(rows.length);
    expect(await database.db.select().from(applicationForms)).toHaveLength(2);
    const rated = rows.filter((row) => row.ratingCount > 0);
    expect(rated.length).toBeGreaterThan(0);
    for (const row of rated) {
      const reviews = await database.db
        .select()
        .from(applicationReviews)
        .where(eq(applicationReviews.applicationId, row.id));
      expect(reviews.reduce((sum, review) => sum + review.rate, 0)).toBe(row.ratingTotal);
    }
    expect((await database.db.select().from(applicationMessages)).length).toBeGreaterThan(0);
    // Every submitted demo answer set passes the form it answered.
    for (const row of rows.filter((candidate) => candidate.status !== 'DRAFT')) {
      const check = applicationAnswersSchema(row.formSnapshot, { complete: true, maxMembers: 6 });
      expect(check.safeParse(row.answers).error?.issues, row.code).toBeUndefined();
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

  it('gives the demo organisations and published opportunities pictures, stored like uploads, once', async () => {
    const storage = createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'encore-demo-files-')));
    await seedDatabase(database.db, { demo: true, storage });
    await seedDatabase(database.db, { demo: true, storage });

    const orgs = await database.db.select().from(organisations);
    for (const organisation of orgs) {
      expect(organisation.logoFileId, organisation.slug).not.toBeNull();
      expect(organisation.coverFileId, organisation.slug).not.toBeNull();
    }
    const published = DEMO_OPPORTUNITIES.filter((demo) => demo.publishInDays === 0);
    const rows = await database.db.select().from(opportunities);
    for (const demo of published) {
      const row = rows.find((candidate) => candidate.slug === demo.slug);
      expect(row?.galleryFileIds, demo.slug).toHaveLength(3);
      expect(row?.logoFileId, demo.slug).not.toBeNull();
    }
    const stored = await database.db.select().from(files);
    expect(stored).toHaveLength(orgs.length * 2 + published.length * 4);
    for (const file of stored) {
      expect(file).toMatchObject({ mimeType: 'image/png', visibility: 'public' });
      expect(file.thumbStorageKey).not.toBeNull();
      expect(await storage.exists(file.storageKey)).toBe(true);
    }
  });
});
