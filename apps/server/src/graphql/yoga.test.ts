import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: 'production', isProduction: true });
});
afterAll(async () => {
  await server?.close();
});

const SEARCH = `query Search($input: OpportunitySearchInput) {
  opportunitySearch(input: $input, first: 5) { paginatorInfo { total } }
}`;

// Queries run compiled (graphql-jit), whose coercion errors come without extensions.
describe('a query given bad variables', () => {
  it('answers a field its input type does not have as a bad request naming it', async () => {
    const response = await server.graphql(SEARCH, { input: { radius: 50 } });
    expect(response.status).toBe(400);
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors?.[0]?.message).toMatch(/Field "radius" is not defined/);
    expect(response.body.errors?.[0]?.extensions).toEqual({
      code: 'BAD_REQUEST',
      category: 'bad-request',
    });
  });

  it('answers a value of the wrong type inside an input as a bad request naming the field', async () => {
    const response = await server.graphql(SEARCH, { input: { radius_km: 'far' } });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).toMatch(/radius_km/);
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ category: 'bad-request' });
  });

  it('still answers good variables', async () => {
    const response = await server.graphql<{
      opportunitySearch: { paginatorInfo: { total: number } };
    }>(SEARCH, { input: { radius_km: 25, query: 'jazz' } });
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(typeof response.body.data?.opportunitySearch.paginatorInfo.total).toBe('number');
  });
});

describe('the reference lists cache', () => {
  const get = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, {
      headers: { accept: 'application/graphql-response+json', ...headers },
    });

  it('keeps a reference list and answers a conditional GET for it with 304', async () => {
    const first = await get('{ countries { code } }');
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await get('{ countries { code } }', { 'if-none-match': tag! });
    expect(again.status).toBe(304);
  });

  it('keeps nothing for a search whose facets share the lists’ names, nor for a signed-in caller', async () => {
    const search = await get(
      '{ opportunitySearch(first: 5) { facets { genres { value } countries { value } } } }',
    );
    expect(search.status).toBe(200);
    expect(((await search.json()) as { errors?: unknown }).errors).toBeUndefined();
    expect(search.headers.get('etag')).toBeNull();

    const signedIn = await get('{ countries { code } }', { authorization: 'Bearer not-a-token' });
    expect(signedIn.headers.get('etag')).toBeNull();
  });
});
