// The JavaScript the browser loads before `/` can render: the entry script and its static imports,
// gzipped. Usage: npm run build --workspace @encore/web && npx tsx bench/web-bundle.ts
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './lib';

const LIMIT_KB = 200;
const dist = path.join(repoRoot, 'apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set<string>();
for (const match of html.matchAll(
  /<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g,
)) {
  initial.add((match[1] ?? match[2])!);
}
let rawTotal = 0;
let gzipTotal = 0;
for (const file of initial) {
  const bytes = readFileSync(path.join(dist, file.replace(/^\//, '')));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  rawTotal += statSync(path.join(dist, file.replace(/^\//, ''))).size;
  gzipTotal += gzipped;
  console.log(
    `${file.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB raw ${(gzipped / 1024).toFixed(1).padStart(8)} KB gzip`,
  );
}
console.log(
  `initial JavaScript for /: ${(rawTotal / 1024).toFixed(1)} KB raw, ${(gzipTotal / 1024).toFixed(1)} KB gzipped (limit ${LIMIT_KB} KB)`,
);
if (gzipTotal / 1024 > LIMIT_KB) process.exitCode = 1;
