import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function machineDescription(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the production build (`npm run build` first) as its own process, like `npm start`. */
export async function startBuiltServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<RunningServer & { startMs: number }> {
  const entry = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(entry)) throw new Error('Build first: npm run build');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    startMs,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** 2xx answers whose body failed `bodyIsGood` (GraphQL errors arrive as HTTP 200); 0 without a check. */
  badBodies: number;
  total: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** autocannon reports no p95, so every response time is collected and the percentiles computed here. */
export async function load(options: {
  url: string;
  body?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  bodyIsGood?: (body: string) => boolean;
  /** A body drawn for each request instead of `body` throughout. */
  drawBody?: () => string;
}): Promise<LoadResult> {
  const { bodyIsGood, drawBody } = options;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? 'POST',
        headers: options.headers ?? { 'content-type': 'application/json' },
        body: options.body,
        ...(drawBody
          ? { requests: [{ setupRequest: (request) => ({ ...request, body: drawBody() }) }] }
          : {}),
        connections: options.connections,
        duration: options.durationSeconds,
        ...(bodyIsGood ? { verifyBody: (body: unknown) => bodyIsGood(String(body ?? '')) } : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors,
    non2xx: result.non2xx,
    badBodies: result.mismatches,
    total: latencies.length,
  };
}

export function formatLoad(name: string, result: LoadResult): string {
  return `${name.padEnd(34)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   errors ${result.errors}   non-2xx ${result.non2xx}   (${result.total} requests)`;
}

// --- Where the CPU went (Linux /proc): the machine is shared, so other processes' time counts ----

const TICK_MS = 10;

export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU milliseconds so far: the server, every PostgreSQL process, this process, and the machine. */
export interface CpuSample {
  server: number;
  postgres: number;
  loader: number;
  busy: number;
  all: number;
}

/** A sample now; undefined where there is no /proc (or no server process to follow). */
export function cpuNow(serverPid: number | undefined): CpuSample | undefined {
  if (!existsSync('/proc/stat') || serverPid === undefined) return undefined;
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        postgres += processCpuMs(Number(entry));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  const ticks = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const all = ticks.reduce((sum, tick) => sum + tick, 0);
  const own = process.cpuUsage();
  return {
    server: processCpuMs(serverPid),
    postgres,
    loader: (own.user + own.system) / 1000,
    busy: (all - idle) * TICK_MS,
    all: all * TICK_MS,
  };
}
