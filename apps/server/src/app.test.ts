import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('HTTP conventions', () => {
  it('answers /healthz once the database answers', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('tags every response with a request id and nosniff', async () => {
    const response = await fetch(`${server.url}/healthz`, {
      headers: { 'x-request-id': 'test-request-0001' },
    });
    expect(response.headers.get('x-request-id')).toBe('test-request-0001');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const generated = await fetch(`${server.url}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('promises HTTPS (HSTS) only on a request that came over HTTPS', async () => {
    const plain = await fetch(`${server.url}/healthz`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const behindProxy = await startTestServer({ trustProxy: true });
    try {
      const secure = await fetch(`${behindProxy.url}/healthz`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    } finally {
      await behindProxy.close();
    }
  });

  it('answers a POST of an unsupported content type with the error envelope', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      undefined,
    ]) {
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: contentType ? { 'content-type': contentType } : {},
        body: 'query={ __typename }',
      });
      expect(response.status).toBe(415);
      const body = await response.json();
      expect(body.errors[0].extensions).toMatchObject({
        code: 'BAD_REQUEST',
        category: 'bad-request',
      });
      expect(body.errors[0].message).toBe(
        'Send the request as JSON (application/json) or as multipart/form-data.',
      );
    }
  });

  it('reads a malformed cookie escape as no cookie rather than failing the request', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'locale=%E0%A4%A' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('answers an unknown route with a JSON 404 naming it', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.error).toMatchObject({ code: 'NOT_FOUND', category: 'not-found' });
    expect(body.error.message).toContain('/api/nothing-here');
  });

  it('answers malformed JSON with 400 in the GraphQL error shape', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors[0].extensions).toMatchObject({
      code: 'BAD_REQUEST',
      category: 'bad-request',
    });
    expect(body.errors[0].message).toBe('The request body is not valid JSON.');
    expect(JSON.stringify(body)).not.toContain('    at ');
  });

  it('answers an oversized body with 413', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ languages { slug } }',
        padding: 'x'.repeat(1024 * 1024 + 10),
      }),
    });
    expect(response.status).toBe(413);
    const body = await response.json();
    expect(body.errors[0].extensions).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      category: 'bad-request',
    });
  });

  it('translates messages to the caller language', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`, {
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    const body = await response.json();
    expect(body.error.message).not.toContain('There is nothing at');
  });
});

describe('GraphQL conventions', () => {
  it('answers a query over POST and GET', async () => {
    const posted = await server.graphql<{
      languages: Array<{ slug: string; is_supported: boolean }>;
    }>('{ languages { slug is_supported } }');
    expect(posted.status).toBe(200);
    expect(posted.body.data?.languages.filter((language) => language.is_supported)).toHaveLength(
      13,
    );
    const got = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent('{ languages { slug } }')}`,
      {
        headers: { accept: 'application/graphql-response+json' },
      },
    );
    expect(got.status).toBe(200);
  });

  it('refuses an unknown field with a clear bad request', async () => {
    const response = await server.graphql('{ languages { slug favouriteColour } }');
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).toContain('favouriteColour');
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ category: 'bad-request' });
  });

  it('refuses a query past the depth limit', async () => {
    const deep = `{ ${'__schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }'} }`;
    const response = await server.graphql(deep);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ category: 'bad-request' });
  });

  it('counts the depth of fields, not of the fragments that share them', async () => {
    const chain = Array.from(
      { length: 14 },
      (_, index) =>
        `fragment F${index} on Language { ${index < 13 ? `...F${index + 1}` : 'slug'} }`,
    ).join(' ');
    const shallow = await server.graphql(`{ languages { ...F0 } } ${chain}`);
    expect(shallow.body.errors).toBeUndefined();
    const nested = Array.from({ length: 13 }, () => 'child_elements {').join(' ');
    const deepThroughFragments = `{ viewApplication(id: "x") { elements { ...E } } }
      fragment E on ApplicationElement { ${nested} slug ${'}'.repeat(13)} }`;
    const refused = await server.graphql(deepThroughFragments);
    expect(refused.status).toBe(400);
  });

  it('refuses too many aliases', async () => {
    const aliases = Array.from({ length: 30 }, (_, index) => `a${index}: languages { slug }`).join(
      ' ',
    );
    const response = await server.graphql(`{ ${aliases} }`);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ category: 'bad-request' });
  });
});
