// From the commit of a notification to its recipient's socket.io handler, beside a bare socket.io
// emit of the same payload to the same room in the same run (bench/notifications.ts, part 1).
import { randomUUID } from 'node:crypto';
import type { NotificationCreatedPayload } from '../packages/core/src/index';
import type { NotificationNotice } from '../apps/server/src/modules/notifications/notifications.service';
import type { Realtime } from '../apps/server/src/realtime/realtime.server';
import {
  connectSockets,
  loadAverage,
  ms,
  pct,
  sleep,
  type ChildServer,
  type ClientSocket,
  type Inbox,
  type InProcessServer,
  type Person,
} from './encore-processes';
import { captureStatements, type TimedStatement } from './plans';

export interface LatencyOptions {
  warmUp: number;
  deliveries: number;
  /** What the run is called in its first line. */
  heading?: string;
  /** Says where the run stands (sockets connected, the machine's load). */
  log: (line: string) => void;
}

export const APPLICATION_ID = '7d2c6f7e-3f5a-4a7e-9a51-0c1f3d1e5b11';
/** What an application message leaves in its recipient's notification centre. */
const noticeFor = (userId: string): NotificationNotice => ({
  userId,
  type: 'application_message',
  subject: `application:${APPLICATION_ID}`,
  urlPath: `/application/${APPLICATION_ID}/review`,
  params: {
    sender: 'Amira Haddad',
    opportunity: 'Summer Jazz Festival 2027',
    code: 'SJF-0042',
    excerpt:
      'Thank you for the recording. Could your trio play a second set on the Saturday evening, from nine to half past ten, on the garden stage?',
  },
});

export type Side = 'A' | 'B';
export interface Timings {
  notification: number[];
  bare: number[];
  lost: number;
  bareLost: number;
  /** Commit to the push handler's first read (the dispatcher's wake-up, claim and checks). */
  toHandler: number[];
  /** The handler's reads (the notification, the unread count) to its emit. */
  toEmit: number[];
  /** Emit to the client's handler. */
  toSocket: number[];
  /** Pushed by the other process's dispatcher (its poll took the event first). */
  pushedElsewhere: number;
  /** Those A pushed: when committed and emitted, and the whole way to the client. */
  paths: Array<{ committed: number; emitted: number; total: number }>;
}

/**
 * Notifications written through process A's notifications service, one at a time, each followed
 * (or preceded, alternately) by a bare emit of the latest push's payload to the same room from
 * A's socket.io server. A random pause before each lets commits fall anywhere in the
 * dispatcher's cycle, as people's actions do. A's push handler is timed at its first read and at
 * its emit by wrapping those two functions (nothing else changes).
 */
async function measureLatency(
  writer: InProcessServer,
  recipients: Array<{ id: string; side: Side }>,
  inbox: Inbox,
  { warmUp, deliveries, log }: LatencyOptions,
): Promise<Map<Side, Timings>> {
  const service = writer.app.services.notifications;
  const realtime = writer.app.realtime;
  const { byId } = service;
  const { toUser } = realtime;
  const marks = new Map<string, { handler: number; emit?: number }>();
  let template: NotificationCreatedPayload | undefined;
  service.byId = (userId, id) => {
    marks.set(id, { handler: performance.now() });
    return byId(userId, id);
  };
  const emit = toUser as (userId: string, event: string, payload: unknown) => void;
  realtime.toUser = ((userId: string, event: string, payload: NotificationCreatedPayload) => {
    const mark = marks.get(payload.notification.id);
    if (mark) mark.emit = performance.now();
    template = payload;
    emit(userId, event, payload);
  }) as Realtime['toUser'];

  const timings = new Map<Side, Timings>();
  for (const side of new Set(recipients.map((recipient) => recipient.side))) {
    timings.set(side, {
      notification: [],
      bare: [],
      lost: 0,
      bareLost: 0,
      toHandler: [],
      toEmit: [],
      toSocket: [],
      pushedElsewhere: 0,
      paths: [],
    });
  }
  const notify = async (userId: string, into: Timings | undefined) => {
    const [row] = await service.notify(randomUUID(), [noticeFor(userId)]);
    const committed = performance.now();
    if (!row) throw new Error('notify wrote nothing');
    const arrived = await inbox.arrival(row.id, 5_000);
    const mark = marks.get(row.id);
    marks.delete(row.id);
    if (!into) return;
    if (arrived === undefined) return void (into.lost += 1);
    into.notification.push(arrived - committed);
    if (mark?.emit === undefined) return void (into.pushedElsewhere += 1);
    into.toHandler.push(mark.handler - committed);
    into.toEmit.push(mark.emit - mark.handler);
    into.toSocket.push(arrived - mark.emit);
    into.paths.push({ committed, emitted: mark.emit, total: arrived - committed });
  };
  const bare = async (userId: string, into: Timings | undefined) => {
    if (!template) return;
    const payload = { ...template, notification: { ...template.notification, id: randomUUID() } };
    const sent = performance.now();
    emit(userId, 'notificationCreated', payload);
    const arrived = await inbox.arrival(payload.notification.id, 5_000);
    if (!into) return;
    if (arrived === undefined) into.bareLost += 1;
    else into.bare.push(arrived - sent);
  };
  const capture = captureStatements(writer.database);
  try {
    for (let run = 0; run < warmUp + deliveries; run += 1) {
      const recipient = recipients[run % recipients.length]!;
      const into = run >= warmUp ? timings.get(recipient.side) : undefined;
      for (const measure of run % 2 === 0 ? [notify, bare] : [bare, notify]) {
        await sleep(2 + Math.random() * 10);
        await measure(recipient.id, into);
      }
    }
  } finally {
    capture.stop();
    service.byId = byId;
    realtime.toUser = toUser;
  }
  traceOfMedian(
    [...timings.values()].flatMap((side) => side.paths),
    capture.sent,
  ).forEach(log);
  return timings;
}

/**
 * The statements A's pool sent between the commit and the emit of the notification with the
 * median latency, each with when it was sent and answered after the commit; and how many such
 * statements a notification took on average.
 */
function traceOfMedian(paths: Timings['paths'], statements: TimedStatement[]): string[] {
  const between = (path: Timings['paths'][number]) =>
    statements.filter(({ sentAt }) => sentAt >= path.committed && sentAt <= path.emitted);
  const byTotal = [...paths].sort((one, other) => one.total - other.total);
  const median = byTotal[Math.floor(byTotal.length / 2)];
  if (!median) return [];
  const mean =
    paths.reduce((sum, path) => sum + between(path).length, 0) / Math.max(1, paths.length);
  const after = (at: number | undefined) =>
    at === undefined ? '?' : `+${(at - median.committed).toFixed(2)}`;
  return [
    `   statements of A's pool from commit to emit: ${mean.toFixed(1)} a notification on average; those of the median one (${ms(median.total)} to the client, emitted at ${after(median.emitted)} ms):`,
    ...between(median).map(
      (statement) =>
        `     ${after(statement.sentAt).padStart(7)} → ${after(statement.answeredAt).padStart(7)} ms  ${statement.text.replace(/\s+/g, ' ').slice(0, 90)}`,
    ),
  ];
}

/** Table rows: each side's notifications and bare emits, their ratio and the stages. */
export function reportLatency(layout: string, timings: Map<Side, Timings>): string[] {
  const lines: string[] = [];
  for (const [side, result] of timings) {
    const { notification, bare } = result;
    const row = (path: string, values: number[], lost: number) =>
      `| ${layout} | ${side} | ${path} | ${values.length} | ${ms(pct(values, 50))} | ${ms(pct(values, 95))} | ${ms(pct(values, 99))} | ${lost} |`;
    const ratio = (p: number) => (pct(notification, p) / pct(bare, p)).toFixed(1);
    const stage = (values: number[]) => `${ms(pct(values, 50))} / ${ms(pct(values, 95))}`;
    lines.push(
      row('notification: commit → client handler', notification, result.lost),
      row('bare emit → client handler', bare, result.bareLost),
      `| | ${side} | notification / bare: p50 ${ratio(50)}×, p95 **${ratio(95)}×**, p99 ${ratio(99)}× (target: p95 ≤ 2×) | | | | | |`,
      `| | ${side} | stages, p50 / p95, of the ${result.toHandler.length} pushed by A (${result.pushedElsewhere} by B): commit → push handler ${stage(result.toHandler)}; handler's reads → emit ${stage(result.toEmit)}; emit → client ${stage(result.toSocket)} | | | | | |`,
    );
  }
  return lines;
}

/** All sockets on one process without Redis (socket.io's in-memory adapter); A writes. */
export async function latencyOneProcess(
  server: InProcessServer,
  listeners: Person[],
  inbox: Inbox,
  options: LatencyOptions,
) {
  const begun = performance.now();
  const sockets = await connectSockets(
    listeners.map((person) => ({ url: server.url, token: person.token })),
    inbox,
  );
  options.log(
    `\n${options.heading ?? 'one process'} (in-memory adapter): ${sockets.length} sockets connected in ${((performance.now() - begun) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
  );
  const recipients = shuffled(listeners).map((person) => ({ id: person.id, side: 'A' as Side }));
  const timings = await measureLatency(server, recipients, inbox, options);
  closeAll(sockets);
  return timings;
}

/** Half the sockets on B, half on A, sharing Redis; A writes, and each process dispatches. */
export async function latencyTwoProcesses(
  a: InProcessServer,
  b: ChildServer,
  listeners: Person[],
  inbox: Inbox,
  options: LatencyOptions,
) {
  // Alternately on B and on A, so that the recipients alternate too.
  const sideOf = (index: number): Side => (index % 2 === 0 ? 'B' : 'A');
  const sockets = await connectSockets(
    listeners.map((person, index) => ({
      url: sideOf(index) === 'B' ? b.url : a.url,
      token: person.token,
    })),
    inbox,
  );
  options.log(
    `\n${options.heading ?? 'two processes sharing Redis'}: ${sockets.length} sockets, half on B (a child process), half on A (this one); load average ${loadAverage()}`,
  );
  const timings = await measureLatency(
    a,
    listeners.map((person, index) => ({ id: person.id, side: sideOf(index) })),
    inbox,
    options,
  );
  closeAll(sockets);
  return timings;
}

function shuffled<Item>(items: Item[]): Item[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

export const closeAll = (sockets: ClientSocket[]) => sockets.forEach((socket) => socket.close());
