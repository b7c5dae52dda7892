import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { serverRoot } from './lib/paths';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(port: number) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'none',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitForHealth(url: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      return response.status;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('no answer from /healthz');
}

describe('the server process (embedded database)', () => {
  it('starts on an embedded database, drains and closes it on SIGTERM, and starts again on the same data', async () => {
    const port = 30_000 + Math.floor(Math.random() * 20_000);
    for (let run = 0; run < 2; run += 1) {
      const child = startServer(port);
      let output = '';
      child.stderr.on('data', (chunk) => (output += chunk));
      // Migrating and seeding an embedded database takes a minute or more on two busy cores.
      expect(await waitForHealth(`http://127.0.0.1:${port}`, 150_000)).toBe(200);
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit, output).toBe(0);
    }
    // The data directory was closed cleanly: it opens and answers queries.
    const reopened = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await reopened.ping();
    await reopened.close();
  }, 360_000);
});
