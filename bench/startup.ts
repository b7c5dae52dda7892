// Start-up time of the production server on an existing DATA_DIR: spawn -> first /healthz 200.
// Usage: npm run build && npx tsx bench/startup.ts
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineDescription, startBuiltServer } from './lib';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-startup-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'demo' };

console.log(`machine: ${machineDescription()}`);
const first = await startBuiltServer(env);
console.log(`first start (creates, migrates and seeds DATA_DIR): ${first.startMs.toFixed(0)} ms`);
await first.stop();

const runs: number[] = [];
for (let run = 0; run < 5; run += 1) {
  const server = await startBuiltServer(env);
  runs.push(server.startMs);
  await server.stop();
}
runs.sort((a, b) => a - b);
console.log(`start on existing DATA_DIR, 5 runs: ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
console.log(
  `median ${runs[2]!.toFixed(0)} ms, worst ${runs[4]!.toFixed(0)} ms (target: /healthz 200 within 5000 ms)`,
);
rmSync(dataDir, { recursive: true, force: true });
