import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

let server: TestServer;

// Each encoding of the asset says which file it came from, so the test sees which one was sent.
const ASSET = 'console.log("served from the .js itself");'.repeat(40);
const ASSET_BROTLI = 'console.log("served from the .br sibling");';
const ASSET_GZIP = 'console.log("served from the .gz sibling");';

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'encore-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>Encore</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
  );
  writeFileSync(path.join(webDist, 'assets', 'app.js'), ASSET);
  writeFileSync(path.join(webDist, 'assets', 'app.js.br'), brotliCompressSync(ASSET_BROTLI));
  writeFileSync(path.join(webDist, 'assets', 'app.js.gz'), gzipSync(ASSET_GZIP));
  server = await startTestServer({ webDist });
});
afterAll(async () => {
  await server?.close();
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  body: Buffer;
}

/** A request whose answer is read raw (fetch would decode it and hide the encoding). */
function send(
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path: pathname, method: body ? 'POST' : 'GET', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const graphql = (query: string, acceptEncoding?: string) =>
  send(
    '/graphql',
    {
      'content-type': 'application/json',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    JSON.stringify({ query }),
  );

const decode = (response: RawResponse) => {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.body).toString('utf8');
    case 'gzip':
      return gunzipSync(response.body).toString('utf8');
    default:
      return response.body.toString('utf8');
  }
};

const LARGE_QUERY = '{ __schema { types { name kind } } }';

describe('compressed answers', () => {
  it('compresses a large GraphQL answer with brotli, or gzip when that is all the client takes, to the same JSON', async () => {
    const identity = await graphql(LARGE_QUERY);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const expected = JSON.parse(identity.body.toString('utf8')) as unknown;

    const brotli = await graphql(LARGE_QUERY, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(identity.body.length);
    expect(JSON.parse(decode(brotli))).toEqual(expected);

    const gzip = await graphql(LARGE_QUERY, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gzip))).toEqual(expected);
  });

  it('sends an answer under the threshold as it is', async () => {
    const tiny = await graphql('{ __typename }', 'br, gzip');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.body.toString('utf8'))).toEqual({ data: { __typename: 'Query' } });
  });

  it("compresses the app's HTML document", async () => {
    const page = await send('/about', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(decode(page)).toContain('<div id="root"></div>');
  });
});

describe('precompressed assets', () => {
  it('sends the .br sibling to a client that takes brotli, the .gz one to a gzip-only client, with Vary', async () => {
    const brotli = await send('/assets/app.js', { 'accept-encoding': 'gzip, br' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(brotli)).toBe(ASSET_BROTLI);

    const gzip = await send('/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(ASSET_GZIP);
  });

  it('sends the file itself, uncompressed, when the request accepts no encoding', async () => {
    const plain = await send('/assets/app.js', {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString('utf8')).toBe(ASSET);
  });
});
