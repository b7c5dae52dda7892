import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { systemClock, type Clock } from './clock';
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

/**
 * A wait that grows with failures in a row: the first few cost nothing, then each failure makes
 * the key wait, twice as long as the one before, up to a ceiling. Failure n (counted from 1)
 * waits `firstDelaySeconds * 2^(n - delayFrom)` once n reaches `delayFrom`.
 */
export interface ProgressiveRule {
  /** The failure from which each one makes the key wait. */
  delayFrom: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures are counted for this long from the first one (or until a reset). */
  windowSeconds: number;
}

export interface ProgressiveLimiter {
  /**
   * Refuses with RATE_LIMITED while the key waits out its last failure, unless `exempt` answers
   * true (asked only while the key waits, so it may be a query).
   */
  assertAllowed(key: string, exempt?: () => Promise<boolean>): Promise<void>;
  /** Counts a failure and starts the wait it earns; answers the failures counted in the window. */
  recordFailure(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export interface RateLimiterStore {
  limiter(name: string, rule: RateRule): RateLimiter;
  progressive(name: string, rule: ProgressiveRule): ProgressiveLimiter;
}

export interface RateLimiterStoreOptions {
  /** Shared counters for every server process; memory (one process) without it. */
  redis?: Redis | undefined;
  /** Keeps several installations on one Redis apart. */
  prefix: string;
  /** Off only for load tests: every attempt is allowed. */
  enabled: boolean;
  /** When a progressive wait ends; tests pass one they can move. */
  clock?: Clock;
}

const unlimited: RateLimiter = {
  consume: async () => {},
  assertAllowed: async () => {},
  reset: async () => {},
};

const unlimitedProgressive: ProgressiveLimiter = {
  assertAllowed: async () => {},
  recordFailure: async () => 0,
  reset: async () => {},
};

export function rateLimited(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${minutes} min.`, {
    messageKey: 'errors.rate_limited_retry',
    messageValues: { minutes },
  });
}

/** The wait failure number `failures` earns under the rule, in whole seconds (0: none). */
export function progressiveDelaySeconds(rule: ProgressiveRule, failures: number): number {
  if (failures < rule.delayFrom) return 0;
  const doublings = Math.min(failures - rule.delayFrom, 30);
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** doublings);
}

export function createRateLimiterStore({
  redis,
  prefix,
  enabled,
  clock = systemClock,
}: RateLimiterStoreOptions): RateLimiterStore {
  // If Redis is unreachable, each process keeps counting on its own rather than failing logins.
  const backend = (name: string, points: number, windowSeconds: number): RateLimiterAbstract => {
    const options = { keyPrefix: `${prefix}:rl:${name}`, points, duration: windowSeconds };
    return redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  };

  return {
    limiter(name, rule) {
      if (!enabled) return unlimited;
      const counter = backend(name, rule.points, rule.windowSeconds);
      return {
        async consume(key) {
          try {
            await counter.consume(key);
          } catch (error) {
            if (error instanceof RateLimiterRes) throw rateLimited(error.msBeforeNext);
            throw error;
          }
        },
        async assertAllowed(key) {
          const state = await counter.get(key);
          if (state && state.consumedPoints >= rule.points) throw rateLimited(state.msBeforeNext);
        },
        async reset(key) {
          await counter.delete(key);
        },
      };
    },

    progressive(name, rule) {
      if (!enabled) return unlimitedProgressive;
      const failures = backend(`${name}:failures`, 1, rule.windowSeconds);
      // Each key's entry holds the moment (epoch ms on the clock) its wait ends and lives as long
      // as the wait; the moment, not the entry's expiry, decides, so a moved clock is obeyed.
      const waits = backend(`${name}:wait-until`, 1, rule.maxDelaySeconds);
      return {
        async assertAllowed(key, exempt) {
          const state = await waits.get(key);
          const waitMs = state ? state.consumedPoints - clock().getTime() : 0;
          if (waitMs > 0 && !(exempt && (await exempt()))) throw rateLimited(waitMs);
        },
        async recordFailure(key) {
          // Counting never refuses: the answer to this attempt is its own; the wait is for the next.
          const counted = (await failures.penalty(key, 1)).consumedPoints;
          const delaySeconds = progressiveDelaySeconds(rule, counted);
          if (delaySeconds > 0) {
            await waits.set(key, clock().getTime() + delaySeconds * 1000, delaySeconds);
          }
          return counted;
        },
        async reset(key) {
          await Promise.all([failures.delete(key), waits.delete(key)]);
        },
      };
    },
  };
}
