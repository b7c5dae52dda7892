import { LIVE_OPPORTUNITY_STATUSES, SEARCH_LIMITS } from '@encore/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { computedStatusAt, statusAt } from './opportunities.status';
import { opportunities } from './opportunities.table';

// The stored lifecycle status, its span and the kept listing counts against the statuses and
// counts worked out from scratch, over rows with random dates and random writes.

let server: TestServer;
let organisationId: string;
let now = new Date('2027-03-01T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

/** A small seeded generator (mulberry32): a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!,
    /** An instant within `days` of `around`, to the second. */
    instant: (around: Date, days: number) =>
      new Date(Math.round((around.getTime() + (next() * 2 - 1) * days * DAY) / 1000) * 1000),
  };
}

const TYPES = ['festival', 'gig', 'competition', 'workshop'] as const;
const GENRES = ['jazz', 'folk', 'classical', 'rock', 'pop'] as const;
const COUNTRIES = ['PT', 'AT', 'GB', null] as const;

type Random = ReturnType<typeof randomFrom>;

/** Dates in a plausible order, each possibly missing; decisions taken or not. */
function randomFields(random: Random) {
  const publishedAt = random.chance(0.85) ? random.instant(now, 40) : null;
  const publishAt = random.chance(0.3) ? random.instant(now, 20) : null;
  const deadlineAt = random.chance(0.85) ? random.instant(now, 30) : null;
  const startsAt = random.chance(0.8)
    ? new Date((deadlineAt ?? now).getTime() + random.next() * 20 * DAY)
    : null;
  const endsAt =
    startsAt && random.chance(0.8)
      ? new Date(startsAt.getTime() + Math.ceil(random.next() * 5) * DAY)
      : null;
  return {
    publishedAt,
    publishAt,
    deadlineAt,
    startsAt,
    endsAt,
    closedAt: random.chance(0.1) ? random.instant(now, 10) : null,
    archivedAt: random.chance(0.05) ? random.instant(now, 10) : null,
    isPrivate: random.chance(0.1),
    types: random.chance(0.2) ? [random.pick(TYPES), random.pick(TYPES)] : [random.pick(TYPES)],
    genres: random.chance(0.2) ? [] : [random.pick(GENRES)],
    countryCode: random.pick(COUNTRIES),
  };
}

const dedupe = <T>(values: T[]) => [...new Set(values)];

async function insertRandom(random: Random, count: number, asOf: Date) {
  const rows = Array.from({ length: count }, (_, index) => {
    const fields = randomFields(random);
    return {
      ...fields,
      types: dedupe(fields.types),
      organisationId,
      slug: `listing-${Date.now().toString(36)}-${index}-${Math.floor(random.next() * 1e9)}`,
      title: `Listing ${index}`,
      timeZone: 'UTC',
      statusAsOf: asOf,
    };
  });
  await server.database.db.insert(opportunities).values(rows);
}

/** Every row: the stored status, the status reads give, and the one worked out from scratch. */
async function statuses(at: Date) {
  return server.database.db
    .select({
      id: opportunities.id,
      stored: opportunities.status,
      read: statusAt(at),
      computed: computedStatusAt(at),
    })
    .from(opportunities)
    .where(eq(opportunities.organisationId, organisationId));
}

/** The total and facets of the listing, counted row by row from the computed statuses. */
async function recount(at: Date, within: { types?: string; genres?: string } = {}) {
  const live = sql.raw(LIVE_OPPORTUNITY_STATUSES.map((status) => `'${status}'`).join(', '));
  const filter = within.types
    ? sql`and ${opportunities.types} @> array[${within.types}]::text[]`
    : within.genres
      ? sql`and ${opportunities.genres} @> array[${within.genres}]::text[]`
      : sql``;
  const listed = sql`${opportunities.deletedAt} is null and not ${opportunities.isPrivate} and ${computedStatusAt(at)} in (${live}) ${filter}`;
  const facet = async (values: string) =>
    server.database.db
      .select({ value: sql<string>`value`, count: sql<number>`count(*)::int` })
      .from(
        sql`(select ${sql.raw(values)} as value from ${opportunities} where ${listed}) as given`,
      )
      .where(sql`value is not null`)
      .groupBy(sql`value`)
      .orderBy(sql`count(*) desc`, sql`value`)
      .limit(SEARCH_LIMITS.facetSize);
  const [total] = await server.database.db
    .select({ total: sql<number>`count(*)::int` })
    .from(opportunities)
    .where(listed);
  return {
    total: Number(total?.total ?? 0),
    facets: {
      genres: await facet('unnest(genres)'),
      types: await facet('unnest(types)'),
      countries: await facet('country_code'),
    },
  };
}

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  organisationId = (await insertOrganisation(server.database.db, { name: 'Listing Hall' }, [])).id;
});
afterAll(async () => {
  await server?.close();
});

describe('the stored status', () => {
  it('equals the computed one for every row after random clock moves, and reads never differ from it', async () => {
    const random = randomFrom(17);
    await insertRandom(random, 120, now);
    for (let step = 0; step < 12; step += 1) {
      // Mostly forward, now and then back: what a read sees must not depend on the direction.
      now = random.chance(0.8)
        ? new Date(now.getTime() + random.next() * 12 * DAY)
        : new Date(now.getTime() - random.next() * 20 * DAY);
      for (const row of await statuses(now))
        expect(row.read, `${row.id} before sync`).toBe(row.computed);
      await server.app.services.opportunities.syncStatuses();
      for (const row of await statuses(now)) {
        expect(row.stored, `${row.id} stored at ${now.toISOString()}`).toBe(row.computed);
        expect(row.read, row.id).toBe(row.computed);
      }
    }
  });

  it('names the next transition, and a transition that falls due is served at once, before any job runs', async () => {
    now = new Date('2028-01-10T12:00:00Z');
    const deadline = new Date('2028-01-10T12:00:05Z');
    const publishAt = new Date('2028-01-10T12:00:03Z');
    await server.database.db.insert(opportunities).values([
      {
        organisationId,
        slug: `due-closing-${Date.now()}`,
        title: 'Closing at noon',
        timeZone: 'UTC',
        publishedAt: new Date('2028-01-01T00:00:00Z'),
        deadlineAt: deadline,
        types: ['workshop'],
        statusAsOf: now,
      },
      {
        organisationId,
        slug: `due-opening-${Date.now()}`,
        title: 'Opening at noon',
        timeZone: 'UTC',
        publishedAt: new Date('2028-01-01T00:00:00Z'),
        publishAt,
        deadlineAt: new Date('2028-02-01T00:00:00Z'),
        types: ['workshop'],
        statusAsOf: now,
      },
    ]);
    const { nextDueAt } = await server.app.services.opportunities.syncStatuses();
    expect(nextDueAt).toEqual(publishAt);

    const search = () =>
      server.app.services.opportunities.search(
        { types: ['workshop'], open_only: true, sort: { field: 'DEADLINE', asc: true } },
        { first: 50, page: 1 },
      );
    const titlesOpen = async () =>
      (await search()).rows
        .filter((row) => row.title.endsWith('at noon'))
        .map((row) => `${row.title}: ${row.status}`);
    expect(await titlesOpen()).toEqual(['Closing at noon: PUBLISHED']);
    now = publishAt;
    expect(await titlesOpen()).toEqual([
      'Closing at noon: PUBLISHED',
      'Opening at noon: PUBLISHED',
    ]);
    now = deadline;
    expect(await titlesOpen()).toEqual(['Opening at noon: PUBLISHED']);
    const [closing] = await server.database.db
      .select({ slug: opportunities.slug })
      .from(opportunities)
      .where(eq(opportunities.title, 'Closing at noon'));
    expect((await server.app.services.opportunities.bySlug(closing!.slug))?.status).toBe('CLOSED');
  });
});

describe('the kept listing counts', () => {
  it('give the totals and facets a recount gives, after random writes and clock moves', async () => {
    const random = randomFrom(29);
    const db = server.database.db;
    const search = server.app.services.opportunities.search;
    now = new Date('2029-05-01T00:00:00Z');
    await insertRandom(random, 80, now);
    for (let step = 0; step < 10; step += 1) {
      const ids = (
        await db
          .select({ id: opportunities.id })
          .from(opportunities)
          .where(eq(opportunities.organisationId, organisationId))
      ).map((row) => row.id);
      for (let write = 0; write < 8; write += 1) {
        const id = random.pick(ids);
        const change = random.next();
        if (change < 0.25) await insertRandom(random, 3, now);
        else if (change < 0.5) {
          const { types, genres, countryCode, isPrivate } = randomFields(random);
          await db
            .update(opportunities)
            .set({ types: dedupe(types), genres, countryCode, isPrivate })
            .where(eq(opportunities.id, id));
        } else if (change < 0.7) {
          const { deadlineAt, startsAt, endsAt, publishAt, closedAt } = randomFields(random);
          await db
            .update(opportunities)
            .set({ deadlineAt, startsAt, endsAt, publishAt, closedAt, statusAsOf: now })
            .where(eq(opportunities.id, id));
        } else if (change < 0.85) {
          await db.update(opportunities).set({ deletedAt: now }).where(eq(opportunities.id, id));
        } else {
          await db.delete(opportunities).where(eq(opportunities.id, id));
        }
      }
      // The clock moves on without the job now and then: the counts are put right at read time.
      now = new Date(now.getTime() + random.next() * 6 * DAY);
      if (random.chance(0.5)) await server.app.services.opportunities.syncStatuses();

      const everything = { total: true, facets: true, organisations: false };
      for (const within of [{}, { types: random.pick(TYPES) }, { genres: random.pick(GENRES) }]) {
        const input = {
          ...(within.types ? { types: [within.types] } : {}),
          ...(within.genres ? { genres: [within.genres] } : {}),
        };
        const answer = await search(input, { first: 5, page: 1 }, everything);
        const expected = await recount(now, within);
        const label = `${step} ${JSON.stringify(within)}`;
        expect({ total: answer.total, facets: answer.facets }, label).toEqual(expected);
      }
    }
  });
});
