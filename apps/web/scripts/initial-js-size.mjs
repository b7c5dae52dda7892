// Reports the gzipped size of the JavaScript that `/` loads before any lazy route:
// the entry script of dist/index.html and everything it imports statically.
// Usage: node scripts/initial-js-size.mjs [distDir] [budgetKb]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const budgetKb = Number(process.argv[3] ?? 200);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('No module script in index.html');

const seen = new Set();
const queue = [entry.replace(/^\//, '')];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"` (not `import(`).
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g)) {
    queue.push(join(file, '..', match[1]));
  }
}

let total = 0;
const rows = [...seen].map((file) => {
  const gz = gzipSync(readFileSync(join(dist, file))).length;
  total += gz;
  return { file, gzipKb: +(gz / 1024).toFixed(1) };
});
rows.sort((a, b) => b.gzipKb - a.gzipKb);
console.table(rows);
console.log(`Initial JS for /: ${(total / 1024).toFixed(1)} KB gzipped (budget ${budgetKb} KB)`);
if (total / 1024 > budgetKb) process.exitCode = 1;
