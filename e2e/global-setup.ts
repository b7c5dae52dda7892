import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from './mail';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the SMTP server writes each received message as a JSON file (see mail.ts). */
    mailDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /healthz within ${timeoutMs} ms`);
}

/** One production build, one real server with demo data on a fresh DATA_DIR, for all journeys. */
export default async function setup(project: TestProject) {
  const serverEntry = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(serverEntry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: `npm run build` (npm test does this for you).');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-e2e-'));
  // Email goes over real SMTP to a server of our own, which files every message for the tests.
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'encore-e2e-mail-'));
  const smtp = await startMailCatcher(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      // The browser suites run on the embedded database; E2E_DATABASE_URL points them at a server.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      SEED: 'demo',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, child, 90_000);
  } catch (error) {
    child.kill('SIGTERM');
    await smtp.close();
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
}
