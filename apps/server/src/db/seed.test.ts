import { count, eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { verifyPassword } from '../lib/passwords';
import { createLocalStorage } from '../lib/storage/local-storage';
import { applicationAnswersSchema, OPPORTUNITY_TYPES } from '@encore/core';
import {
  applicationMessages,
  applicationReviews,
  applications,
} from '../modules/applications/applications.table';
import { files } from '../modules/files/files.table';
import { applicationForms } from '../modules/forms/forms.table';
import { createLookupsService } from '../modules/lookups/lookups.service';
import { sanitiseDescription } from '../modules/opportunities/opportunities.fields';
import { createOpportunitySearch } from '../modules/opportunities/opportunities.search';
import { statusAt } from '../modules/opportunities/opportunities.service';
import {
  opportunities,
  opportunityPaymentOptions,
} from '../modules/opportunities/opportunities.table';
import { organisationMembers, organisations } from '../modules/organisations/organisations.table';
import { users } from '../modules/users/users.table';
import type { DatabaseHandle } from './client';
import {
  DEMO_ACCOUNTS,
  DEMO_OPPORTUNITIES,
  DEMO_ORGANISATIONS,
  DEMO_PASSWORD,
} from './demo/demo-data';
import { picturesOf } from './demo/demo-pictures';
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

  it('lists a marketplace: published opportunities of many organisations, countries, kinds and languages, open for months', async () => {
    const now = new Date();
    const search = createOpportunitySearch(
      database.db,
      createLookupsService(database.db),
      () => now,
    );
    const { rows, total, facets } = await search({}, { first: 100, page: 1 });
    expect(rows).toHaveLength(total!);
    const open = rows.filter((row) => row.status === 'PUBLISHED');
    expect(open.length).toBeGreaterThanOrEqual(40);
    expect(new Set(open.map((row) => row.organisationId)).size).toBeGreaterThanOrEqual(10);
    const countries = new Set(open.map((row) => row.countryCode).filter(Boolean));
    expect(countries.size).toBeGreaterThanOrEqual(12);
    expect(new Set(facets!.types.map((facet) => facet.value))).toEqual(new Set(OPPORTUNITY_TYPES));
    // Written in the language listed first.
    for (const language of ['en', 'fr', 'de', 'es', 'pt', 'sv', 'it']) {
      expect(
        open.some((row) => row.languages[0] === language),
        language,
      ).toBe(true);
    }
    for (const row of open) {
      // Taking applications now and for a while yet, whenever the demo is seeded.
      expect(row.deadlineAt!.getTime(), row.slug).toBeGreaterThan(now.getTime() + 7 * 86_400_000);
      expect(row.startsAt!.getTime(), row.slug).toBeGreaterThan(row.deadlineAt!.getTime());
      // What the API would store: the sanitiser leaves it as it is.
      expect(sanitiseDescription(row.description!), row.slug).toBe(row.description);
      expect(row.description, row.slug).toMatch(/^<p>/);
    }
    const deadlineMonths = new Set(
      open.map((row) =>
        Math.floor((row.deadlineAt!.getTime() - now.getTime()) / (30 * 86_400_000)),
      ),
    );
    expect(deadlineMonths.size).toBeGreaterThanOrEqual(3);
    // Every one is in a real city of the lookups, or virtual, or open worldwide.
    const lookups = createLookupsService(database.db);
    for (const row of open.filter((candidate) => candidate.cityId)) {
      const place = await lookups.placeOfCity(row.cityId!);
      expect(place?.countryCode, row.slug).toBe(row.countryCode);
      expect(place?.latitude, row.slug).toBeCloseTo(row.latitude!, 1);
      expect(place?.longitude, row.slug).toBeCloseTo(row.longitude!, 1);
    }
    // Free ones, and paid ones in several currencies with early prices that end before the deadline.
    const priced = await database.db.select().from(opportunityPaymentOptions);
    expect(open.filter((row) => row.paymentType === 'FREE').length).toBeGreaterThanOrEqual(10);
    expect(new Set(priced.map((option) => option.currency)).size).toBeGreaterThanOrEqual(6);
    const early = priced.filter((option) => option.deadlineAt !== null);
    expect(early.length).toBeGreaterThanOrEqual(15);
    for (const option of early) {
      const row = rows.find((candidate) => candidate.id === option.opportunityId);
      expect(option.deadlineAt!.getTime()).toBeLessThan(row!.deadlineAt!.getTime());
    }
    // The newest first means something: they were published over the past weeks.
    expect(new Set(open.map((row) => row.publishedAt!.toISOString())).size).toBeGreaterThan(20);
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
      const wanted = picturesOf(demo.slug);
      expect(row?.galleryFileIds, demo.slug).toHaveLength(wanted.gallery);
      expect(row?.logoFileId !== null, demo.slug).toBe(wanted.logo);
    }
    const stored = await database.db.select().from(files);
    const perOpportunity = published.map((demo) => {
      const wanted = picturesOf(demo.slug);
      return (wanted.logo ? 1 : 0) + wanted.gallery;
    });
    expect(stored).toHaveLength(orgs.length * 2 + perOpportunity.reduce((sum, n) => sum + n, 0));
    for (const file of stored) {
      expect(file).toMatchObject({ mimeType: 'image/jpeg', visibility: 'public' });
      expect(file.thumbStorageKey).not.toBeNull();
      expect(await storage.exists(file.storageKey)).toBe(true);
    }
  });
});
