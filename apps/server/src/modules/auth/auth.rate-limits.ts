import type { RateLimiterStore } from '../../lib/rate-limit';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Allowances for the sign-in operations (docs/decisions.md, "Rate limits"). Failed logins per
 * account follow OWASP ASVS (at most 100 an hour); the per-address allowances are wide enough for
 * a shared office or school network and narrow enough to make guessing slow.
 */
export function createAuthRateLimits(store: RateLimiterStore) {
  return {
    loginAttemptsByIp: store.limiter('login-ip', { points: 300, windowSeconds: 15 * MINUTE }),
    loginFailuresByIp: store.limiter('login-fail-ip', { points: 50, windowSeconds: 15 * MINUTE }),
    loginFailuresByAccount: store.limiter('login-fail-account', {
      points: 100,
      windowSeconds: HOUR,
    }),
    registerByIp: store.limiter('register-ip', { points: 20, windowSeconds: HOUR }),
    registerByEmail: store.limiter('register-email', { points: 5, windowSeconds: HOUR }),
    forgotByIp: store.limiter('forgot-ip', { points: 20, windowSeconds: HOUR }),
    forgotByAccount: store.limiter('forgot-account', { points: 5, windowSeconds: HOUR }),
    refreshByIp: store.limiter('refresh-ip', { points: 600, windowSeconds: 15 * MINUTE }),
    refreshByAccount: store.limiter('refresh-account', { points: 120, windowSeconds: 15 * MINUTE }),
  };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
