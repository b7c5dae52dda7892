import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { analyticsEvents } from './analytics.table';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'page_view',
  name: 'landing',
  path: '/',
  occurred_at: '2026-11-21T10:00:00.000Z',
  properties: { referrer: null, width: 1280 },
  ...overrides,
});

async function post(channel: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function storedCount(channel: string) {
  const [row] = await server.database.db
    .select({ value: count() })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.channel, channel));
  return row?.value ?? 0;
}

describe('analytics endpoints', () => {
  it.each(['analytics', 'tracking', 'metrics'])(
    'stores a batch sent to /api/%s and answers 202',
    async (channel) => {
      const before = await storedCount(channel);
      const response = await post(channel, {
        batched: true,
        events: [event(), event({ name: 'second' })],
      });
      expect(response).toEqual({ status: 202, body: { accepted: 2 } });
      expect(await storedCount(channel)).toBe(before + 2);
    },
  );

  it('refuses a batch without the batched flag, naming the field, and stores nothing', async () => {
    const before = await storedCount('analytics');
    const response = await post('analytics', { events: [event()] });
    expect(response.status).toBe(400);
    expect(response.body.error.category).toBe('validation');
    expect(response.body.error.validation).toHaveProperty('batched');
    expect(await storedCount('analytics')).toBe(before);
  });

  it('refuses the whole batch when one event is malformed', async () => {
    const before = await storedCount('tracking');
    const response = await post('tracking', {
      batched: true,
      events: [event(), event({ occurred_at: 'yesterday', unexpected: 1 })],
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.validation)).toEqual(
      expect.arrayContaining(['events.1.occurred_at', 'events.1']),
    );
    expect(await storedCount('tracking')).toBe(before);
  });

  it('refuses more than 100 events', async () => {
    const response = await post('metrics', {
      batched: true,
      events: Array.from({ length: 101 }, () => event()),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.validation.events[0]).toBe(
      'The events may not have more than 100 items.',
    );
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await post('analytics', '{"batched": true, "events": [');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('BAD_REQUEST');
    const oversized = await post('analytics', {
      batched: true,
      events: [event({ properties: { blob: 'x'.repeat(70 * 1024) } })],
    });
    expect(oversized.status).toBe(413);
    expect(oversized.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a body that is not an object', async () => {
    const response = await post('analytics', '[1,2,3]');
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('batched');
  });
});
