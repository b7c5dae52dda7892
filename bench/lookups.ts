// Throughput and latency of the lookup queries at 10 connections.
// Usage: npm run build && npx tsx bench/lookups.ts   (DATABASE_URL=... to run against PostgreSQL)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatLoad, load, machineDescription, startBuiltServer } from './lib';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-lookups-'));
const server = await startBuiltServer({
  DATA_DIR: dataDir,
  SEED: 'none',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
});

const queries = {
  'filterCities(query: "par")':
    '{ filterCities(query: "par") { id name latitude longitude country { code name } } }',
  countries: '{ countries { id name code lat long } }',
};

console.log(`machine: ${machineDescription()}`);
console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}; 10 connections, ${DURATION_SECONDS} s each`,
);
for (const [name, query] of Object.entries(queries)) {
  const body = JSON.stringify({ query });
  const check = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const answer = (await check.json()) as { errors?: unknown };
  if (answer.errors) throw new Error(`${name} failed: ${JSON.stringify(answer.errors)}`);
  await load({ url: `${server.url}/graphql`, body, connections: 10, durationSeconds: 2 }); // warm-up
  console.log(
    formatLoad(
      name,
      await load({
        url: `${server.url}/graphql`,
        body,
        connections: 10,
        durationSeconds: DURATION_SECONDS,
      }),
    ),
  );
}
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
