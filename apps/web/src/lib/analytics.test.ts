import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as core from '@encore/core';
import { createAnalytics, type AnalyticsBatch } from './analytics';
import { ANALYTICS_CHANNELS, ANALYTICS_MAX_BODY_BYTES, ANALYTICS_MAX_EVENTS } from './constants';

function fakeFetch() {
  return vi.fn<typeof fetch>(async () => new Response(null, { status: 202 }));
}

function sent(fetchMock: ReturnType<typeof fakeFetch>) {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method,
    body: JSON.parse(String(init?.body)) as AnalyticsBatch,
  }));
}

const NOW = new Date('2026-01-02T03:04:05.000Z');

describe('analytics', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the server limits of @encore/core', () => {
    expect(ANALYTICS_MAX_EVENTS).toBe(core.ANALYTICS_MAX_EVENTS);
    expect(ANALYTICS_MAX_BODY_BYTES).toBe(core.ANALYTICS_MAX_BODY_BYTES);
    expect([...ANALYTICS_CHANNELS]).toEqual([...core.ANALYTICS_CHANNELS]);
  });

  it('posts batches of the agreed shape, at most 100 events each', async () => {
    const fetchMock = fakeFetch();
    const analytics = createAnalytics({ fetch: fetchMock, now: () => NOW });
    for (let i = 0; i < 250; i += 1) analytics.pageView(`/page/${i}`);

    await analytics.flush();

    const calls = sent(fetchMock);
    expect(calls.map((call) => [call.url, call.method, call.body.events.length])).toEqual([
      ['/api/analytics', 'POST', 100],
      ['/api/analytics', 'POST', 100],
      ['/api/analytics', 'POST', 50],
    ]);
    for (const { body } of calls) {
      expect(body.batched).toBe(true);
      expect(core.analyticsBatchSchema.safeParse(body).success).toBe(true);
    }
    expect(calls[0]?.body.events[0]).toEqual({
      type: 'page_view',
      name: 'page_view',
      path: '/page/0',
      occurred_at: '2026-01-02T03:04:05.000Z',
      properties: { path: '/page/0' },
    });
    expect(analytics.queued('analytics')).toBe(0);
  });

  it('sends interactions to /api/tracking and metrics to /api/metrics', async () => {
    const fetchMock = fakeFetch();
    const analytics = createAnalytics({
      fetch: fetchMock,
      now: () => NOW,
      currentPath: () => '/x',
    });
    analytics.track('search_submitted', { q: 'jazz', has_city: true, page: 1, city: null });
    analytics.metric('web_vitals', { ttfb: 120 });

    await analytics.flush();

    const calls = sent(fetchMock);
    expect(calls.map((call) => call.url)).toEqual(['/api/tracking', '/api/metrics']);
    expect(calls[0]?.body.events[0]).toMatchObject({
      type: 'interaction',
      name: 'search_submitted',
      path: '/x',
      properties: { q: 'jazz', has_city: true, page: 1, city: null },
    });
    expect(calls[1]?.body.events[0]).toMatchObject({ type: 'metric', name: 'web_vitals' });
  });

  it('sends the first batch about 3 s after start, then every 10 s when there is something', async () => {
    const fetchMock = fakeFetch();
    const analytics = createAnalytics({
      fetch: fetchMock,
      now: () => NOW,
      collectVitals: () => ({ ttfb: 80, load: 900 }),
    });
    analytics.start();
    analytics.pageView('/');

    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(sent(fetchMock).map((call) => call.url)).toEqual(['/api/analytics', '/api/metrics']);
    expect(sent(fetchMock)[1]?.body.events[0]).toMatchObject({
      name: 'web_vitals',
      properties: { ttfb: 80, load: 900 },
    });

    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(2); // nothing queued, nothing sent

    analytics.track('apply_clicked');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent(fetchMock).map((call) => call.url)).toEqual([
      '/api/analytics',
      '/api/metrics',
      '/api/tracking',
    ]);
    analytics.stop();
  });

  it('hands the queue to sendBeacon on pagehide', async () => {
    const beacons: Array<{ url: string; body: AnalyticsBatch }> = [];
    const sendBeacon = vi.fn((url: string, data: Blob) => {
      void data
        .text()
        .then((text) => beacons.push({ url, body: JSON.parse(text) as AnalyticsBatch }));
      return true;
    });
    const analytics = createAnalytics({ fetch: fakeFetch(), sendBeacon, now: () => NOW });
    analytics.start();
    analytics.pageView('/about');

    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(beacons).toHaveLength(1));

    expect(beacons[0]?.url).toBe('/api/analytics');
    expect(beacons[0]?.body).toMatchObject({ batched: true, events: [{ path: '/about' }] });
    expect(analytics.queued('analytics')).toBe(0);
    analytics.stop();
  });

  it('keeps a batch under the body size limit', async () => {
    const fetchMock = fakeFetch();
    const analytics = createAnalytics({ fetch: fetchMock, now: () => NOW, maxBodyBytes: 2000 });
    for (let i = 0; i < 20; i += 1) analytics.track('long', { text: 'x'.repeat(200) });

    await analytics.flush();

    const calls = fetchMock.mock.calls.map(([, init]) => String(init?.body));
    expect(calls.length).toBeGreaterThan(1);
    for (const body of calls)
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(2000);
    const total = calls.reduce(
      (sum, body) => sum + (JSON.parse(body) as AnalyticsBatch).events.length,
      0,
    );
    expect(total).toBe(20);
  });
});
