import { createOpportunitySchema, updateOpportunitySchema } from '@encore/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { connectPayoutAccount } from '../../../test/payments';
import { organisations } from '../organisations/organisations.table';

let server: TestServer;
let owner: TestAccount;
let organisationId: string;
const now = new Date('2027-03-01T10:00:00Z');

const LISBON = '2267057';
const PORTO = '2735943';
const VIENNA = '2761369';

interface Fixture {
  title: string;
  [field: string]: unknown;
}

/** Published fixtures, created in this order (so RECENT puts the last one first). */
const FIXTURES: Fixture[] = [
  {
    title: 'Lisbon Jazz Festival',
    city_id: LISBON,
    types: ['festival'],
    genres: ['jazz'],
    target: ['BANDS'],
    deadline_date: '2027-04-01 12:00',
    payment_type: 'PAID_INTERNAL',
    payment_options: [
      { title: 'Early', cost: 1000, currency: 'EUR' },
      { title: 'Late', cost: 2000, currency: 'EUR' },
    ],
  },
  {
    title: 'São João Sessions',
    city_id: PORTO,
    types: ['gig'],
    genres: ['folk'],
    target: ['INDIVIDUALS'],
    deadline_date: '2027-05-01 12:00',
    min_age: 18,
    max_age: 30,
  },
  {
    title: 'Vienna Chamber Competition',
    city_id: VIENNA,
    types: ['competition'],
    genres: ['classical'],
    target: ['INDIVIDUALS'],
    deadline_date: '2027-06-01 12:00',
    target_countries: ['AT', 'DE'],
    payment_type: 'PAID_INTERNAL',
    payment_options: [{ title: 'Entry', cost: 5000, currency: 'EUR' }],
  },
  {
    title: 'Online Songwriting Masterclass',
    is_virtual: true,
    types: ['masterclass'],
    genres: ['pop'],
    target: ['INDIVIDUALS'],
    deadline_date: '2027-03-20 12:00',
  },
  {
    title: 'Worldwide Band Contest',
    is_worldwide: true,
    types: ['competition'],
    genres: ['rock', 'jazz'],
    target: ['BANDS'],
    deadline_date: '2027-07-01 12:00',
  },
];

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  owner = await registerAccount(server, { name: 'Search Owner' });
  const organisation = await insertOrganisation(
    server.database.db,
    { name: 'Riverside Collective' },
    [{ userId: owner.id, email: owner.email, role: 'owner' }],
  );
  organisationId = organisation.id;
  await connectPayoutAccount(server, organisation);
  const actor = { id: owner.id, email: owner.email };
  const service = server.app.services.opportunities;
  const make = async (fixture: Fixture) =>
    service.create(
      createOpportunitySchema.parse({
        organisation_id: organisation.id,
        time_zone: 'Europe/Lisbon',
        description: `<p>${fixture.title}</p>`,
        ...fixture,
      }),
      actor,
    );
  for (const fixture of FIXTURES) {
    const row = await make(fixture);
    await service.publish(row.id, actor);
  }
  // Never listed: a draft, a scheduled one and a private one, all about jazz in Lisbon.
  const base = { city_id: LISBON, types: ['gig'], target: ['BANDS'], deadline_date: '2027-05-01' };
  await make({ title: 'Draft Jazz Night', ...base });
  const scheduled = await make({
    title: 'Scheduled Jazz Night',
    publish_at: '2027-03-10',
    ...base,
  });
  await service.publish(scheduled.id, actor);
  const secret = await make({ title: 'Private Jazz Night', is_private: true, ...base });
  await service.publish(secret.id, actor);
});
afterAll(async () => {
  await server?.close();
});

interface Hit {
  id: string;
  title: string;
  distance: number | null;
}
interface Result {
  paginatorInfo: { total: number; count: number; currentPage: number; lastPage: number };
  data: Hit[];
  facets: Record<'genres' | 'types' | 'countries', Array<{ value: string; count: number }>>;
}

async function search(
  input: Record<string, unknown> = {},
  paging: { first?: number; page?: number } = {},
) {
  const response = await server.graphql<{ opportunitySearch: Result }>(
    `query($input: OpportunitySearchInput, $first: Int, $page: Int) {
      opportunitySearch(input: $input, first: $first, page: $page) {
        paginatorInfo { total count currentPage lastPage }
        data { id title distance }
        facets { genres { value count } types { value count } countries { value count } }
      } }`,
    { input, ...paging },
  );
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
  return response.body.data!.opportunitySearch;
}
const titles = (result: Result) => result.data.map((hit) => hit.title);

describe('opportunitySearch', () => {
  it('lists only public, published opportunities, newest first by default', async () => {
    const result = await search();
    expect(titles(result)).toEqual([...FIXTURES].reverse().map((fixture) => fixture.title));
    expect(result.paginatorInfo.total).toBe(FIXTURES.length);
  });

  it('finds opportunities within a radius, with their distance, nearest first when asked', async () => {
    const wide = await search({ city_id: LISBON, radius_km: 400, order_by_distance: true });
    expect(titles(wide)).toEqual([
      'Lisbon Jazz Festival',
      'São João Sessions',
      // Virtual and worldwide ones have no distance; they come last.
      expect.any(String),
      expect.any(String),
    ]);
    const [lisbon, porto] = wide.data;
    expect(lisbon!.distance).toBeCloseTo(0, 3);
    expect(porto!.distance).toBeGreaterThan(250);
    expect(porto!.distance).toBeLessThan(300);
    expect(wide.data[2]!.distance).toBeNull();

    // The radius edge: just short of Porto leaves it out, just past it takes it in.
    const edge = porto!.distance!;
    const local = { city_id: LISBON, include_virtual: false, include_worldwide: false };
    expect(titles(await search({ ...local, radius_km: edge - 0.5 }))).toEqual([
      'Lisbon Jazz Festival',
    ]);
    expect(titles(await search({ ...local, radius_km: edge + 0.5 })).sort()).toEqual([
      'Lisbon Jazz Festival',
      'São João Sessions',
    ]);
    // A prepared statement is planned for any values after a few runs: the answers stay the same.
    for (let run = 0; run < 8; run += 1) {
      const radius = run % 2 === 0 ? edge - 0.5 : edge + 0.5;
      expect((await search({ ...local, radius_km: radius })).paginatorInfo.total).toBe(
        run % 2 === 0 ? 1 : 2,
      );
    }
    const point = await search({ near: { latitude: 48.2, longitude: 16.37 }, radius_km: 20 });
    expect(titles(point)).toContain('Vienna Chamber Competition');
    expect(titles(point)).not.toContain('Lisbon Jazz Festival');
  });

  it('matches words without accents and with typos, the organisation name included', async () => {
    expect(titles(await search({ query: 'sao joao' }))).toEqual(['São João Sessions']);
    expect(titles(await search({ query: 'jaz festivl' }))).toEqual(['Lisbon Jazz Festival']);
    expect(titles(await search({ query: 'ja' }))).toEqual(['Lisbon Jazz Festival']);
    expect(titles(await search({ query: 'riverside' }))).toHaveLength(FIXTURES.length);
    expect(titles(await search({ query: 'xylophone' }))).toEqual([]);
  });

  it('applies each filter', async () => {
    const only = async (input: Record<string, unknown>) => titles(await search(input)).sort();
    expect(await only({ types: ['competition'] })).toEqual([
      'Vienna Chamber Competition',
      'Worldwide Band Contest',
    ]);
    expect(await only({ genres: ['jazz'] })).toEqual([
      'Lisbon Jazz Festival',
      'Worldwide Band Contest',
    ]);
    expect(await only({ target: ['BANDS'] })).toEqual([
      'Lisbon Jazz Festival',
      'Worldwide Band Contest',
    ]);
    expect(await only({ age: 40 })).not.toContain('São João Sessions');
    expect(await only({ age: 20 })).toContain('São João Sessions');
    expect(await only({ is_free: true })).toHaveLength(3);
    expect(await only({ price_min: 1, price_max: 1500 })).toEqual(['Lisbon Jazz Festival']);
    expect(await only({ deadline_from: '2027-04-15', deadline_to: '2027-06-01' })).toEqual([
      'São João Sessions',
      'Vienna Chamber Competition',
    ]);
    // Open to applicants from Portugal: everything but the one for Austria and Germany.
    expect(await only({ target_countries: ['PT'] })).not.toContain('Vienna Chamber Competition');
    expect(await only({ include_virtual: false, include_worldwide: false })).toHaveLength(3);
  });

  it('keeps closed ones listed but leaves them out of "open only"', async () => {
    now.setTime(new Date('2027-04-02T00:00:00Z').getTime());
    try {
      expect(titles(await search())).toContain('Lisbon Jazz Festival');
      expect(titles(await search({ open_only: true }))).not.toContain('Lisbon Jazz Festival');
    } finally {
      now.setTime(new Date('2027-03-01T10:00:00Z').getTime());
    }
  });

  it('sorts by each field and pages with totals', async () => {
    const sorted = async (field: string, asc: boolean) =>
      titles(await search({ sort: { field, asc } }));
    expect(await sorted('ALPHABET', true)).toEqual(
      FIXTURES.map((fixture) => fixture.title).sort((a, b) => a.localeCompare(b)),
    );
    expect((await sorted('DEADLINE', true))[0]).toBe('Online Songwriting Masterclass');
    expect((await sorted('PRICE', false)).slice(0, 2)).toEqual([
      'Vienna Chamber Competition',
      'Lisbon Jazz Festival',
    ]);
    const second = await search({ sort: { field: 'ALPHABET', asc: true } }, { first: 2, page: 2 });
    expect(second.paginatorInfo).toEqual({ total: 5, count: 2, currentPage: 2, lastPage: 3 });
    expect(titles(second)).toEqual(
      FIXTURES.map((fixture) => fixture.title)
        .sort((a, b) => a.localeCompare(b))
        .slice(2, 4),
    );
  });

  it('counts genres, types and countries over the results', async () => {
    const { facets } = await search();
    expect(facets.genres).toContainEqual({ value: 'jazz', count: 2 });
    expect(facets.types).toContainEqual({ value: 'competition', count: 2 });
    expect(facets.countries).toEqual(
      expect.arrayContaining([
        { value: 'PT', count: 2 },
        { value: 'AT', count: 1 },
      ]),
    );
  });

  it('names a bad input instead of failing', async () => {
    const invalidFields = async (input: Record<string, unknown>) => {
      const response = await server.graphql(
        'query($input: OpportunitySearchInput) { opportunitySearch(input: $input) { paginatorInfo { total } } }',
        { input },
      );
      const validation = response.body.errors?.[0]?.extensions?.validation as Record<
        string,
        string[]
      >;
      return Object.keys(validation).sort();
    };
    expect(await invalidFields({ radius_km: -5, city_id: 'nowhere' })).toEqual([
      'input.city_id',
      'input.radius_km',
    ]);
    // Not a date at all: refused as its type (the Date scalar), before the search reads the rest.
    expect(await invalidFields({ radius_km: -5, deadline_from: 'soon' })).toEqual([
      'input.deadline_from',
    ]);
  });

  // Last: these change the fixtures.
  it('finds the words of an edit and of a renamed organisation, typos included', async () => {
    const vienna = (await search({ query: 'vienna' })).data[0]!;
    await server.app.services.opportunities.update(
      updateOpportunitySchema.parse({ id: vienna.id, summary: 'Harpsichord and clavichord' }),
      { id: owner.id, email: owner.email },
    );
    expect(titles(await search({ query: 'harpsichrd' }))).toEqual(['Vienna Chamber Competition']);

    await server.database.db
      .update(organisations)
      .set({ name: 'Tagus Quartet' })
      .where(eq(organisations.id, organisationId));
    expect(titles(await search({ query: 'quartett' }))).toHaveLength(FIXTURES.length);
    expect(titles(await search({ query: 'riverside' }))).toEqual([]);
  });
});
