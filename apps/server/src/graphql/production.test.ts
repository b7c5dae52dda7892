import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: 'production', isProduction: true });
});
afterAll(async () => {
  await server?.close();
});

describe('in production', () => {
  it('refuses introspection', async () => {
    const response = await server.graphql('{ __schema { queryType { name } } }');
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).toMatch(/introspection/i);
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ category: 'bad-request' });
  });

  it('still answers ordinary queries', async () => {
    const response = await server.graphql<{ languages: unknown[] }>('{ languages { slug } }');
    expect(response.body.data?.languages.length).toBeGreaterThan(100);
  });

  it('keeps debug messages and field suggestions to itself', async () => {
    const unauthenticated = await server.graphql('{ me { id } }');
    expect(unauthenticated.body.errors?.[0]?.extensions).not.toHaveProperty('debugMessage');
    const typo = await server.graphql('{ languagez { slug } }');
    expect(typo.body.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });
});
