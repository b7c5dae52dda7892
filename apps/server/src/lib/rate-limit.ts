import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from './errors';

export interface RateRule {
  /** Attempts allowed within the window. */
  points: number;
  windowSeconds: number;
}

/** One counter family (`login-failures-by-account`): counts attempts per key within a window. */
export interface RateLimiter {
  /** Counts an attempt; refuses it with RATE_LIMITED once the key is over its allowance. */
  consume(key: string): Promise<void>;
  /** Refuses with RATE_LIMITED when the key is already over its allowance, without counting. */
  assertAllowed(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface RateLimiterStore {
  limiter(name: string, rule: RateRule): RateLimiter;
}

export interface RateLimiterStoreOptions {
  /** Shared counters for every server process; memory (one process) without it. */
  redis?: Redis | undefined;
  /** Keeps several installations on one Redis apart. */
  prefix: string;
  /** Off only for load tests: every attempt is allowed. */
  enabled: boolean;
}

const unlimited: RateLimiter = {
  consume: async () => {},
  assertAllowed: async () => {},
  reset: async () => {},
};

function rateLimited(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${minutes} min.`, {
    messageKey: 'errors.rate_limited_retry',
    messageValues: { minutes },
  });
}

export function createRateLimiterStore({
  redis,
  prefix,
  enabled,
}: RateLimiterStoreOptions): RateLimiterStore {
  return {
    limiter(name, rule) {
      if (!enabled) return unlimited;
      const options = {
        keyPrefix: `${prefix}:rl:${name}`,
        points: rule.points,
        duration: rule.windowSeconds,
      };
      // If Redis is unreachable, each process keeps counting on its own rather than failing logins.
      const backend: RateLimiterAbstract = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);

      return {
        async consume(key) {
          try {
            await backend.consume(key);
          } catch (error) {
            if (error instanceof RateLimiterRes) throw rateLimited(error.msBeforeNext);
            throw error;
          }
        },
        async assertAllowed(key) {
          const state = await backend.get(key);
          if (state && state.consumedPoints >= rule.points) throw rateLimited(state.msBeforeNext);
        },
        async reset(key) {
          await backend.delete(key);
        },
      };
    },
  };
}
