import { ANALYTICS_BATCH_DELAY_MS } from '@encore/core';
import {
  ANALYTICS_CHANNELS,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_MAX_BODY_BYTES,
  ANALYTICS_MAX_EVENTS,
  type AnalyticsChannel,
} from './constants';

export type EventProperties = Record<string, string | number | boolean | null>;

export interface AnalyticsEvent {
  type: string;
  name: string;
  path: string;
  /** ISO-8601. */
  occurred_at: string;
  properties: EventProperties;
}

export type { AnalyticsChannel };

/** Page views, interaction events and metrics each go to their own endpoint. */
export const ANALYTICS_ENDPOINTS: Record<AnalyticsChannel, string> = {
  analytics: '/api/analytics',
  tracking: '/api/tracking',
  metrics: '/api/metrics',
};

const CHANNELS = ANALYTICS_CHANNELS;

export interface AnalyticsBatch {
  batched: true;
  events: AnalyticsEvent[];
}

export interface AnalyticsOptions {
  fetch?: typeof fetch;
  sendBeacon?: (url: string, data: Blob) => boolean;
  now?: () => Date;
  currentPath?: () => string;
  /** Navigation timing numbers for the one `web_vitals` metric; null when unavailable. */
  collectVitals?: () => EventProperties | null;
  batchDelayMs?: number;
  flushIntervalMs?: number;
  maxBatchSize?: number;
  maxBodyBytes?: number;
}

export interface Analytics {
  pageView: (path: string) => void;
  track: (name: string, properties?: EventProperties) => void;
  metric: (name: string, properties?: EventProperties) => void;
  /** Schedules the first batch (about 3 s after load), the 10 s flushes and the pagehide beacon. */
  start: () => void;
  stop: () => void;
  /** Sends every queued event now, in batches of at most `maxBatchSize`. */
  flush: () => Promise<void>;
  /** Hands every queued event to navigator.sendBeacon (the page is going away). */
  flushWithBeacon: () => void;
  queued: (channel: AnalyticsChannel) => number;
}

/** Navigation timing of this page load, rounded to whole milliseconds. */
export function navigationVitals(): EventProperties | null {
  if (typeof performance === 'undefined' || !performance.getEntriesByType) return null;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!entry) return null;
  const round = (value: number) => Math.max(0, Math.round(value));
  const firstContentfulPaint = performance
    .getEntriesByType('paint')
    .find((paint) => paint.name === 'first-contentful-paint');
  return {
    navigation_type: entry.type,
    ttfb: round(entry.responseStart - entry.startTime),
    dom_interactive: round(entry.domInteractive),
    dom_content_loaded: round(entry.domContentLoadedEventEnd),
    load: round(entry.loadEventEnd),
    transfer_size: round(entry.transferSize),
    first_contentful_paint: firstContentfulPaint ? round(firstContentfulPaint.startTime) : null,
  };
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function createAnalytics(options: AnalyticsOptions = {}): Analytics {
  const {
    now = () => new Date(),
    currentPath = () => (typeof location === 'undefined' ? '/' : location.pathname),
    collectVitals = navigationVitals,
    batchDelayMs = ANALYTICS_BATCH_DELAY_MS,
    flushIntervalMs = ANALYTICS_FLUSH_INTERVAL_MS,
    maxBatchSize = ANALYTICS_MAX_EVENTS,
    maxBodyBytes = ANALYTICS_MAX_BODY_BYTES,
  } = options;
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? fetch)(...args);
  const beacon =
    options.sendBeacon ??
    ((url: string, data: Blob) =>
      typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
        ? navigator.sendBeacon(url, data)
        : false);

  const queues: Record<AnalyticsChannel, AnalyticsEvent[]> = {
    analytics: [],
    tracking: [],
    metrics: [],
  };
  let firstTimer: ReturnType<typeof setTimeout> | undefined;
  let interval: ReturnType<typeof setInterval> | undefined;
  let started = false;

  function enqueue(
    channel: AnalyticsChannel,
    type: string,
    name: string,
    properties: EventProperties,
    path = currentPath(),
  ) {
    queues[channel].push({ type, name, path, occurred_at: now().toISOString(), properties });
  }

  /** Empties a queue into batches within the server's limits (event count and body size). */
  function takeBatches(channel: AnalyticsChannel): AnalyticsBatch[] {
    const events = queues[channel].splice(0);
    const batches: AnalyticsBatch[] = [];
    const envelopeBytes = byteLength(JSON.stringify({ batched: true, events: [] }));
    let current: AnalyticsEvent[] = [];
    let bytes = envelopeBytes;
    for (const event of events) {
      const eventBytes = byteLength(JSON.stringify(event)) + 1;
      if (envelopeBytes + eventBytes > maxBodyBytes) continue; // could never be accepted
      if (current.length >= maxBatchSize || bytes + eventBytes > maxBodyBytes) {
        batches.push({ batched: true, events: current });
        current = [];
        bytes = envelopeBytes;
      }
      current.push(event);
      bytes += eventBytes;
    }
    if (current.length > 0) batches.push({ batched: true, events: current });
    return batches;
  }

  async function flush(): Promise<void> {
    const sends: Promise<unknown>[] = [];
    for (const channel of CHANNELS) {
      for (const batch of takeBatches(channel)) {
        sends.push(
          doFetch(ANALYTICS_ENDPOINTS[channel], {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(batch),
            credentials: 'include',
            keepalive: true,
            // Analytics is best effort: a lost batch is not retried, so a slow server never
            // receives the same events twice.
          }).catch(() => undefined),
        );
      }
    }
    await Promise.all(sends);
  }

  function flushWithBeacon() {
    for (const channel of CHANNELS) {
      for (const batch of takeBatches(channel)) {
        const body = new Blob([JSON.stringify(batch)], { type: 'application/json' });
        beacon(ANALYTICS_ENDPOINTS[channel], body);
      }
    }
  }

  const onPageHide = () => flushWithBeacon();

  return {
    pageView: (path) => enqueue('analytics', 'page_view', 'page_view', { path }, path),
    track: (name, properties = {}) => enqueue('tracking', 'interaction', name, properties),
    metric: (name, properties = {}) => enqueue('metrics', 'metric', name, properties),
    start() {
      if (started) return;
      started = true;
      firstTimer = setTimeout(() => {
        const vitals = collectVitals();
        if (vitals) enqueue('metrics', 'metric', 'web_vitals', vitals);
        void flush();
        interval = setInterval(() => {
          if (CHANNELS.some((channel) => queues[channel].length > 0)) void flush();
        }, flushIntervalMs);
      }, batchDelayMs);
      if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);
    },
    stop() {
      started = false;
      clearTimeout(firstTimer);
      clearInterval(interval);
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
    },
    flush,
    flushWithBeacon,
    queued: (channel) => queues[channel].length,
  };
}

/** The app's single instance. */
export const analytics = createAnalytics();

export function trackPageView(path: string): void {
  analytics.pageView(path);
}

/** Records an interaction event (sent to /api/tracking with the next batch). */
export function track(name: string, properties: EventProperties = {}): void {
  analytics.track(name, properties);
}

export function startAnalytics(): void {
  analytics.start();
}
