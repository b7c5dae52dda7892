// Bytes on the wire for the first load of a few pages: the HTML document and every script, style
// and link it references, fetched with `accept-encoding: br, gzip` and again as they are.
// Usage: npm run build && npx tsx bench/wire-bytes.ts            (starts the built server, demo data)
//        npx tsx bench/wire-bytes.ts http://127.0.0.1:3001        (measures a running server)
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { machineDescription, startBuiltServer } from './lib';

const PAGES = ['/', '/opportunities', '/opportunity/riverside-stage-open-call', '/login'];

interface Transfer {
  status: number;
  encoding: string;
  bytes: number;
  body: Buffer;
}

/** The answer's bytes as they come over the wire, undecoded (fetch would decode them). */
function get(url: string, acceptEncoding: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          bytes: body.length,
          body,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Same-origin addresses of the scripts, styles and links in the document. */
function referencedAssets(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="([^"]+)"/g)) {
    const address = match[1]!;
    if (address.startsWith('/') && !address.startsWith('//')) found.add(address);
  }
  return [...found];
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const givenUrl = process.argv[2];
const dataDir = givenUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'encore-bench-wire-'));
const server = givenUrl
  ? undefined
  : await startBuiltServer({ DATA_DIR: dataDir!, DATABASE_URL: '', SEED: 'demo' });
const baseUrl = givenUrl ?? server!.url;

console.log(`machine: ${machineDescription()}`);
console.log(`server: ${baseUrl}${server ? ' (built server, demo data)' : ''}`);
console.log('');
console.log('| page | status | files | compressed (br, gzip) | identity | saved |');
console.log('| --- | --- | --- | --- | --- | --- |');
try {
  for (const page of PAGES) {
    const compressedDocument = await get(`${baseUrl}${page}`, 'br, gzip');
    const identityDocument = await get(`${baseUrl}${page}`, 'identity');
    const files = [{ address: page, compressed: compressedDocument, identity: identityDocument }];
    for (const address of referencedAssets(identityDocument.body.toString('utf8'))) {
      files.push({
        address,
        compressed: await get(`${baseUrl}${address}`, 'br, gzip'),
        identity: await get(`${baseUrl}${address}`, 'identity'),
      });
    }
    const compressed = files.reduce((sum, file) => sum + file.compressed.bytes, 0);
    const identity = files.reduce((sum, file) => sum + file.identity.bytes, 0);
    console.log(
      `| \`${page}\` | ${identityDocument.status} | ${files.length} | ${kib(compressed)} | ${kib(identity)} | ${((1 - compressed / identity) * 100).toFixed(0)}% |`,
    );
    for (const file of files) {
      console.error(
        `  ${file.address}: ${file.compressed.encoding} ${file.compressed.bytes} B, identity ${file.identity.bytes} B`,
      );
    }
  }
} finally {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
