import { MAX_PAGE } from '@encore/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { asUser, startTestServer, type GraphQLResponse, type TestServer } from '../../test/harness';
import { users } from '../modules/users/users.table';

let server: TestServer;
let admin: TestAccount;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAccount(server, { name: 'Clara Schumann' });
  adminHeaders = asUser(admin.id, 'admin');
});
afterAll(async () => {
  await server?.close();
});

const NUL = '\u0000';
const LONE_SURROGATE = '\uD83C';

/** The one validation error a refused request answers, and its map of fields. */
function refusal(response: GraphQLResponse) {
  expect(response.status).toBeLessThan(500);
  expect(response.body.errors).toHaveLength(1);
  const error = response.body.errors![0]!;
  expect(error.extensions).toMatchObject({ code: 'VALIDATION', category: 'validation' });
  return error.extensions!.validation as Record<string, string[]>;
}

describe('a NUL character in an argument', () => {
  it('is refused by name in the public opportunity and organisation pages, not a database error', async () => {
    for (const field of ['opportunity', 'organisation']) {
      const byVariable = await server.graphql(
        `query($slug: String!) { ${field}(slug: $slug) { id } }`,
        {
          slug: `harbour${NUL}stage`,
        },
      );
      expect(refusal(byVariable)).toEqual({
        slug: ['The address (slug) must not contain a NUL character.'],
      });
      expect(byVariable.body.data).toBeNull();

      const inline = await server.graphql(`query { ${field}(slug: "harbour\\u0000stage") { id } }`);
      expect(refusal(inline)).toEqual({
        slug: ['The address (slug) must not contain a NUL character.'],
      });
    }
  });

  it("names the nested field of a mutation's input and writes nothing", async () => {
    const response = await server.graphql(
      'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { name } }',
      {
        input: { name: `Clara${NUL}`, about: 'Pianist', other_instruments: ['lute', `viol${NUL}`] },
      },
      adminHeaders,
    );
    expect(refusal(response)).toEqual({
      'input.name': ['The name must not contain a NUL character.'],
      'input.other_instruments.1': ['The other instruments must not contain a NUL character.'],
    });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.name).toBe('Clara Schumann');
    expect(row?.about).toBeNull();
  });

  it('is found in an inline input object, in an ID and in the keys and leaves of JSON', async () => {
    const inline = await server.graphql(
      'mutation { createOrganisation(input: { name: "Nul\\u0000 Quartet" }) { id } }',
      {},
      adminHeaders,
    );
    expect(refusal(inline)).toEqual({
      'input.name': ['The name must not contain a NUL character.'],
    });

    const id = await server.graphql(
      'query($id: ID!) { user(id: $id) { id } }',
      { id: NUL },
      adminHeaders,
    );
    expect(Object.keys(refusal(id))).toEqual(['id']);

    const json = await server.graphql(
      'mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }',
      {
        input: {
          opportunity_id: '5b0c3a5e-8d43-4f5e-9a55-6a0a3c3c0f00',
          form_type: 'GENERAL',
          answers: { full_name: `Mia${NUL}`, [`bad${NUL}key`]: 'x', nested: [{ deep: NUL }] },
        },
      },
      adminHeaders,
    );
    expect(refusal(json)).toEqual({
      'input.answers.full_name': ['The full name must not contain a NUL character.'],
      'input.answers': ['The answers must not contain a NUL character.'],
      'input.answers.nested.0.deep': ['The deep must not contain a NUL character.'],
    });
  });

  it('is named in the caller’s language', async () => {
    const response = await server.graphql(
      'query($slug: String!) { organisation(slug: $slug) { id } }',
      { slug: NUL },
      { 'accept-language': 'de' },
    );
    const validation = refusal(response);
    expect(validation.slug?.[0]).toMatch(/darf kein NUL-Zeichen enthalten/);
  });

  it('is refused in a default value of a variable the request leaves out', async () => {
    const response = await server.graphql(
      'query($slug: String = "a\\u0000") { organisation(slug: $slug) { id } }',
    );
    expect(Object.keys(refusal(response))).toEqual(['slug']);
  });
});

describe('an unpaired UTF-16 surrogate', () => {
  it('is refused as broken text, while a whole emoji (a surrogate pair) is text like any other', async () => {
    const broken = await server.graphql(
      'query($input: OpportunitySearchInput) { opportunitySearch(input: $input) { paginatorInfo { total } } }',
      { input: { query: `fado ${LONE_SURROGATE}` } },
    );
    expect(refusal(broken)).toEqual({
      'input.query': [
        'The search text contains a broken character (an unpaired UTF-16 surrogate); it must be valid text.',
      ],
    });

    const emoji = await server.graphql(
      'query($input: OpportunitySearchInput) { opportunitySearch(input: $input) { paginatorInfo { total } } }',
      { input: { query: 'fado 🎸' } },
    );
    expect(emoji.body.errors).toBeUndefined();
    expect(emoji.body.data).toEqual({ opportunitySearch: { paginatorInfo: { total: 0 } } });
  });
});

describe('paging', () => {
  const SEARCH = `query($first: Int, $page: Int) {
    opportunitySearch(first: $first, page: $page) { paginatorInfo { currentPage perPage } } }`;

  it('refuses a page whose offset would overflow, naming page, not an internal error', async () => {
    const response = await server.graphql(SEARCH, { first: 10, page: 2147483647 });
    expect(refusal(response)).toEqual({
      page: [`The page may not be greater than ${MAX_PAGE}.`],
    });
  });

  it('refuses a page size out of range, naming first', async () => {
    for (const first of [0, -1, 101]) {
      const response = await server.graphql(SEARCH, { first, page: 1 });
      expect(Object.keys(refusal(response))).toEqual(['first']);
    }
  });

  it('answers the last page allowed', async () => {
    const response = await server.graphql(SEARCH, { first: 100, page: MAX_PAGE });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data).toEqual({
      opportunitySearch: { paginatorInfo: { currentPage: MAX_PAGE, perPage: 100 } },
    });
  });

  it('bounds the administrators’ list of upgrade requests too', async () => {
    const response = await server.graphql(
      'query { accountUpgradeRequests(page: 2147483647) { paginatorInfo { total } } }',
      {},
      adminHeaders,
    );
    expect(Object.keys(refusal(response))).toEqual(['page']);
  });
});

describe('an impossible date', () => {
  it('is refused naming the field, inline or as a variable, not as a database error', async () => {
    const inline = await server.graphql(
      'query { opportunitySearch(input: { deadline_from: "9999-99-99" }) { paginatorInfo { total } } }',
    );
    expect(refusal(inline)).toEqual({
      'input.deadline_from': ['The deadline from must be a valid date (YYYY-MM-DD).'],
    });
    // A literal fails GraphQL's validation, before execution: a request error without data.
    expect(inline.status).toBe(400);
    expect(inline.body).not.toHaveProperty('data');

    const variable = await server.graphql(
      'query($input: OpportunitySearchInput) { opportunitySearch(input: $input) { paginatorInfo { total } } }',
      { input: { deadline_to: '2023-02-29' } },
    );
    expect(refusal(variable)).toEqual({
      'input.deadline_to': ['The deadline to must be a valid date (YYYY-MM-DD).'],
    });
  });

  it('is refused as a date of birth (February 31st reached the database before)', async () => {
    const response = await server.graphql(
      'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { dob } }',
      { input: { dob: '2000-02-31' } },
      adminHeaders,
    );
    expect(refusal(response)).toEqual({
      'input.dob': ['The date of birth must be a valid date (YYYY-MM-DD).'],
    });
  });

  it('is refused as a moment in UTC, naming the field', async () => {
    const response = await server.graphql(
      'mutation($input: SetPremiumFeaturesInput!) { setPremiumFeatures(input: $input) { user_id } }',
      { input: { user_id: admin.id, features: [], expires_at: '2027-02-30 10:00:00' } },
      adminHeaders,
    );
    expect(refusal(response)).toEqual({
      'input.expires_at': [
        'The expires at must be a valid date and time (YYYY-MM-DD HH:mm:ss, UTC).',
      ],
    });
  });

  it('leaves a real date alone', async () => {
    const response = await server.graphql(
      'query { opportunitySearch(input: { deadline_from: "2024-02-29" }) { paginatorInfo { total } } }',
    );
    expect(response.body.errors).toBeUndefined();
  });
});
