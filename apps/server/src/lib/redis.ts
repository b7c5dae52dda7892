import { Redis } from 'ioredis';

/**
 * The shared Redis connection (rate-limit counters; the realtime adapter duplicates it). Commands
 * fail fast while Redis is away instead of queueing, so callers can fall back to local state.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
}
