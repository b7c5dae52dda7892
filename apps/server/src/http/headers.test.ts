import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { registerSecurityHeaders } from './security-headers';

const DOCUMENT_POLICY =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
  "frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';" +
  "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';" +
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://www.loom.com';

/** Helmet's headers that only a rendered page needs, as documents carry them. */
const DOCUMENT_ONLY_HEADERS = {
  'content-security-policy': DOCUMENT_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

// Over the compression threshold, so that the page also goes out compressed.
const INDEX_HTML = `<!doctype html><html><head><meta charset="utf-8" /><title>Encore</title></head><body><div id="root"></div><p>${'An opportunity to play. '.repeat(60)}</p></body></html>`;

let server: TestServer;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'encore-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("app");\n');
  server = await startTestServer({ webDist });
});
afterAll(async () => {
  await server?.close();
});

function expectDocumentHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(DOCUMENT_ONLY_HEADERS)) {
    expect(headers.get(name), name).toBe(value);
  }
  expect(headers.get('x-content-type-options')).toBe('nosniff');
}

function expectLeanHeaders(headers: Headers) {
  for (const name of Object.keys(DOCUMENT_ONLY_HEADERS)) {
    expect(headers.get(name), name).toBeNull();
  }
  expect(headers.get('x-content-type-options')).toBe('nosniff');
}

const postQuery = (query: string) =>
  fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query }),
  });

describe('security headers', () => {
  it('sends a GraphQL answer with nosniff and none of the page headers', async () => {
    const response = await postQuery('{ languages { slug } }');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expectLeanHeaders(response.headers);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the response cache tags off POST answers, which no browser asks for again', async () => {
    const query = '{ languages { slug } }';
    await postQuery(query);
    const posted = await postQuery(query);
    expect(posted.headers.get('etag')).toBeNull();
    expect(posted.headers.get('last-modified')).toBeNull();
    const got = await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, {
      headers: { accept: 'application/graphql-response+json' },
    });
    expect(got.headers.get('etag')).not.toBeNull();
    expectLeanHeaders(got.headers);
  });

  it('sends the API 404, health and the sitemap lean', async () => {
    for (const address of ['/api/nothing-here', '/graphql/nothing', '/healthz', '/sitemap.xml']) {
      const response = await fetch(`${server.url}${address}`);
      expect(response.headers.get('content-type'), address).not.toMatch(/html/);
      expectLeanHeaders(response.headers);
    }
  });

  it('sends a page with the whole set, its policy as the product needs it', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectDocumentHeaders(response.headers);
  });

  it('sends a missing page, in HTML, with the whole set too', async () => {
    const response = await fetch(`${server.url}/no-such-page-anywhere`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectDocumentHeaders(response.headers);
  });

  it('sends the outbox page, an HTML answer of its own route, with the whole set', async () => {
    const response = await fetch(`${server.url}/dev/mail`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectDocumentHeaders(response.headers);
  });

  it('sends a script of the build with nosniff and none of the page headers', async () => {
    const response = await fetch(`${server.url}/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expectLeanHeaders(response.headers);
  });
});

describe('security headers decided by what is sent', () => {
  async function appWith(register: (app: FastifyInstance) => void) {
    const app = Fastify();
    registerSecurityHeaders(app);
    register(app);
    await app.ready();
    return app;
  }

  it('treats an answer without a declared type as a document, since a browser guesses', async () => {
    const app = await appWith((app) => {
      app.get('/untyped', (_req, reply) => reply.send(Readable.from(['<p>hello</p>'])));
      app.get('/empty', (_req, reply) => reply.code(204).send());
    });
    const untyped = await app.inject('/untyped');
    expect(untyped.headers['content-type']).toBeUndefined();
    expect(untyped.headers['content-security-policy']).toBe(DOCUMENT_POLICY);
    const empty = await app.inject('/empty');
    expect(empty.headers['content-security-policy']).toBeUndefined();
    expect(empty.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('lets pages load Stripe.js and its frames only when payments go through Stripe', async () => {
    const page = (app: FastifyInstance) =>
      app.get('/page', (_req, reply) => reply.type('text/html').send('<p>pay</p>'));
    const local = await appWith(page);
    const policy = (await local.inject('/page')).headers['content-security-policy'] as string;
    expect(policy).toBe(DOCUMENT_POLICY);
    expect(policy).not.toContain('stripe.com');
    await local.close();

    const stripe = Fastify();
    registerSecurityHeaders(stripe, { stripe: true });
    page(stripe);
    await stripe.ready();
    const withStripe = (await stripe.inject('/page')).headers['content-security-policy'] as string;
    expect(withStripe).toContain("script-src 'self' https://js.stripe.com;");
    expect(withStripe).toContain('https://hooks.stripe.com');
    expect(withStripe).toContain("connect-src 'self' https://api.stripe.com;");
    await stripe.close();
  });

  it("keeps a policy the route set itself on a document over the pages' one", async () => {
    const app = await appWith((app) => {
      app.get('/sandboxed', (_req, reply) =>
        reply
          .type('text/html')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send('<p>kept apart</p>'),
      );
    });
    const response = await app.inject('/sandboxed');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});

describe('ETags', () => {
  /** As a browser revalidates: fetch() would add `cache-control: no-cache`, a forced reload. */
  const revalidating = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });

  async function expectRevalidation(address: string) {
    const first = await fetch(`${server.url}${address}`);
    const body = await first.text();
    const etag = first.headers.get('etag');
    expect(etag, address).toMatch(/^W\/"/);
    const same = await fetch(`${server.url}${address}`, { headers: revalidating(etag!) });
    expect(same.status, address).toBe(304);
    expect(await same.text()).toBe('');
    const other = await fetch(`${server.url}${address}`, {
      headers: revalidating('W/"something-else"'),
    });
    expect(other.status, address).toBe(200);
    expect(await other.text()).toBe(body);
  }

  it('answers a page the visitor has already with 304 and no body', async () => {
    await expectRevalidation('/');
    await expectRevalidation('/opportunities');
  });

  it('tags the page by its content, the same whether sent compressed or not', async () => {
    const compressed = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    const plain = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(compressed.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(compressed.headers.get('vary')).toContain('Cookie');
  });

  it('answers the sitemap and the build files with 304 to their own tag', async () => {
    await expectRevalidation('/sitemap.xml');
    await expectRevalidation('/assets/app-1234.js');
  });

  it('tags no answer to a POST', async () => {
    const page = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.test',
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    expect(page.headers.get('etag')).toBeNull();
  });
});
