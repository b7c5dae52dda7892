// The socket.io Redis adapters side by side (issue 19): how long an emit to a user's room on one
// process takes to reach a socket connected to another process, through Redis.
// Usage: REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/realtime-adapters.ts [emits per adapter]
//
// The emitting server and the client live in this process (one clock for both ends); the server
// the client is connected to runs in a child process, as a second server process would.
import {
  createAdapter as createClassicAdapter,
  createShardedAdapter,
} from '@socket.io/redis-adapter';
import { createAdapter as createStreamsAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { machineDescription, percentile } from './lib';

const KINDS = ['classic', 'sharded-static', 'sharded-dynamic', 'streams'] as const;
type Kind = (typeof KINDS)[number];
const ROOM = 'user:bench';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A notification about the size the notification centre will send. */
const PAYLOAD = {
  notification: {
    id: randomUUID(),
    type: 'application_status_changed',
    title: 'Your application was shortlisted',
    message: 'The organisers of Summer Jazz Festival 2027 shortlisted your application.',
    url_path: '/applications/7d2c6f7e-3f5a-4a7e-9a51-0c1f3d1e5b11',
    is_read: false,
    created_at: '2026-11-28 10:15:00',
    updated_at: '2026-11-28 10:15:00',
  },
  unread_count: 3,
};

/** The adapter of one kind with its Redis connections, and how to close them. */
function adapterOf(kind: Kind, prefix: string) {
  const pub = new Redis(redisUrl);
  if (kind === 'streams') {
    return {
      adapter: createStreamsAdapter(pub, { streamName: prefix, channelPrefix: prefix }),
      close: async () => void (await pub.quit()),
    };
  }
  const sub = pub.duplicate();
  const close = async () => void (await Promise.all([pub.quit(), sub.quit()]));
  switch (kind) {
    case 'classic':
      return { adapter: createClassicAdapter(pub, sub, { key: prefix }), close };
    case 'sharded-static':
      return {
        adapter: createShardedAdapter(pub, sub, {
          channelPrefix: prefix,
          subscriptionMode: 'static',
        }),
        close,
      };
    case 'sharded-dynamic':
      return {
        adapter: createShardedAdapter(pub, sub, {
          channelPrefix: prefix,
          subscriptionMode: 'dynamic',
        }),
        close,
      };
  }
}

/**
 * The child: a server whose sockets join the bench room. It prints its port, answers each `cpu`
 * line on stdin with the CPU time it has used (µs), and stops when stdin ends.
 */
async function serveReceiver(kind: Kind, prefix: string) {
  const { adapter, close } = adapterOf(kind, prefix);
  const http = createServer();
  const io = new Server(http, { adapter, serveClient: false });
  io.on('connection', (socket) => void socket.join(ROOM));
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const address = http.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'cpu') continue;
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${user + system}\n`);
  }
  io.engine.close();
  await io.of('/').adapter.close();
  await close();
  http.close();
}

async function startReceiver(kind: Kind, prefix: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--receiver', kind, prefix],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => Number(((await lines.next()).value as string).trim());
  const port = await nextLine();
  return {
    port,
    async cpuMicros() {
      child.stdin!.write('cpu\n');
      return nextLine();
    },
    stop: async () => {
      const exited = once(child, 'exit');
      child.stdin!.end();
      await exited;
    },
  };
}

async function measure(kind: Kind, emits: number) {
  const prefix = `bench-${randomUUID()}`;
  const receiver = await startReceiver(kind, prefix);
  const { adapter, close } = adapterOf(kind, prefix);
  const emitter = new Server({ adapter, serveClient: false });
  const client = connect(`http://127.0.0.1:${receiver.port}`, { transports: ['websocket'] });
  await new Promise((resolve) => client.once('connect', () => resolve(undefined)));

  let waiting: ((seq: number) => void) | undefined;
  client.on('notificationCreated', (payload: { seq: number }) => waiting?.(payload.seq));
  const send = (seq: number, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      waiting = (got) => {
        if (got !== seq) return;
        clearTimeout(timer);
        resolve(true);
      };
      emitter.to(ROOM).emit('notificationCreated', { ...PAYLOAD, seq });
    });

  // The receiver's subscriptions (and, for the dynamic mode, its room's channel) settle first.
  let seq = 0;
  while (!(await send((seq += 1), 200)));
  for (let warm = 0; warm < 100; warm += 1) await send((seq += 1), 5_000);

  const latencies: number[] = [];
  let lost = 0;
  for (let run = 0; run < emits; run += 1) {
    const started = performance.now();
    if (await send((seq += 1), 5_000)) latencies.push(performance.now() - started);
    else lost += 1;
  }

  // What a process pays for emits to rooms it has no socket in (other users, on other processes).
  const cpuBefore = await receiver.cpuMicros();
  for (let other = 0; other < emits; other += 1) {
    emitter.to(`user:other-${other}`).emit('notificationCreated', { ...PAYLOAD, seq: -1 });
  }
  // Messages on one channel arrive in order: once this one is in, so are those before it.
  await send((seq += 1), 30_000);
  const bystanderCpuMs = ((await receiver.cpuMicros()) - cpuBefore) / 1000;

  client.close();
  await emitter.of('/').adapter.close();
  await close();
  await receiver.stop();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    lost,
    bystanderCpuMs,
  };
}

if (process.argv[2] === '--receiver') {
  await serveReceiver(process.argv[3] as Kind, process.argv[4]!);
} else {
  const emits = Number(process.argv[2] ?? 1000);
  const rounds = 2;
  console.log(`machine: ${machineDescription()}`);
  const redis = new Redis(redisUrl);
  const info = await redis.info('server');
  await redis.quit();
  console.log(`redis: ${/redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown'} at ${redisUrl}`);
  console.log(`${emits} sequential emits per adapter and round, after 100 warm-up emits`);
  console.log(
    `last column: CPU the receiving process spends on ${emits} emits to rooms it has no socket in`,
  );
  console.log('| round | adapter | p50 | p95 | p99 | lost | bystander CPU |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  // Rounds alternate the adapters, so a busy moment of the machine does not fall on one alone.
  for (let round = 1; round <= rounds; round += 1) {
    for (const kind of KINDS) {
      const result = await measure(kind, emits);
      const ms = (value: number) => `${value.toFixed(2)} ms`;
      console.log(
        `| ${round} | ${kind} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${result.lost} | ${result.bystanderCpuMs.toFixed(0)} ms |`,
      );
    }
  }
}
