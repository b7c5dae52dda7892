import type { ProgressiveRule, RateLimiterStore } from '../../lib/rate-limit';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Failed sign-ins of one account from one address: a person who mistypes, or someone guessing
 * one account from one place. The fifth failure in a row waits a minute, then 2, 4, 8, and from
 * the ninth each one waits 15 minutes. A correct password starts the count again.
 */
export const LOGIN_FAILURES_BY_ACCOUNT_AND_ADDRESS: ProgressiveRule = {
  delayFrom: 5,
  firstDelaySeconds: MINUTE,
  maxDelaySeconds: 15 * MINUTE,
  windowSeconds: HOUR,
};

/**
 * Accounts that failed to sign in from one address (credential stuffing tries each account once).
 * From the 50th account in an hour the address waits a minute, then 2, 4… up to 15 minutes; the
 * wait holds for every account that has not signed in from that address before.
 */
export const LOGIN_FAILED_ACCOUNTS_BY_ADDRESS: ProgressiveRule = {
  delayFrom: 50,
  firstDelaySeconds: MINUTE,
  maxDelaySeconds: 15 * MINUTE,
  windowSeconds: HOUR,
};

/** An account that signed in from an address within this time is not held by its wait. */
export const KNOWN_ADDRESS_DAYS = 30;

/**
 * Registrations from one address answered "the email has already been taken": each such answer
 * tells whether an address has an account, so from the fifth in an hour the address waits a
 * minute, then 2, 4… up to an hour before it may register again.
 */
export const TAKEN_EMAILS_BY_ADDRESS: ProgressiveRule = {
  delayFrom: 5,
  firstDelaySeconds: MINUTE,
  maxDelaySeconds: HOUR,
  windowSeconds: HOUR,
};

/** Allowances for the sign-in operations (docs/decisions.md, "Rate limits"). */
export function createAuthRateLimits(store: RateLimiterStore) {
  return {
    /** Password checks (argon2id) per address: a cap on the work one address can ask for. */
    loginAttemptsByIp: store.limiter('login-ip', { points: 300, windowSeconds: 15 * MINUTE }),
    loginFailuresByAccountAndIp: store.progressive(
      'login-fail-account-ip',
      LOGIN_FAILURES_BY_ACCOUNT_AND_ADDRESS,
    ),
    loginFailedAccountsByIp: store.progressive(
      'login-fail-accounts-ip',
      LOGIN_FAILED_ACCOUNTS_BY_ADDRESS,
    ),
    /** OWASP ASVS 2.2.1: at most 100 failed attempts an hour on one account, from anywhere. */
    loginFailuresByAccount: store.limiter('login-fail-account', {
      points: 100,
      windowSeconds: HOUR,
    }),
    registerByIp: store.limiter('register-ip', { points: 20, windowSeconds: HOUR }),
    registerByEmail: store.limiter('register-email', { points: 5, windowSeconds: HOUR }),
    registerTakenByIp: store.progressive('register-taken-ip', TAKEN_EMAILS_BY_ADDRESS),
    forgotByIp: store.limiter('forgot-ip', { points: 20, windowSeconds: HOUR }),
    forgotByAccount: store.limiter('forgot-account', { points: 5, windowSeconds: HOUR }),
    refreshByIp: store.limiter('refresh-ip', { points: 600, windowSeconds: 15 * MINUTE }),
    refreshByAccount: store.limiter('refresh-account', { points: 120, windowSeconds: 15 * MINUTE }),
  };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;

/**
 * Who may try a password, and what a wrong one costs (docs/decisions.md, "Rate limits"). The
 * account, the account from this address, and the address are limited apart, so one person
 * failing from a shared network holds back only their own attempts there.
 */
export function createLoginThrottle(
  limits: AuthRateLimits,
  /** Whether the account with this email started a session from this address lately. */
  signedInFrom: (email: string, ip: string) => Promise<boolean>,
) {
  const pair = (email: string, ip: string) => `${email}|${ip}`;
  return {
    /** Refuses an attempt that must wait; cheap refusals first, the password check last. */
    async admit(email: string, ip: string): Promise<void> {
      await limits.loginFailuresByAccount.assertAllowed(email);
      await limits.loginFailuresByAccountAndIp.assertAllowed(pair(email, ip));
      await limits.loginFailedAccountsByIp.assertAllowed(ip, () => signedInFrom(email, ip));
      // Counted only once the attempt will cost a password check, so refusals above do not use up
      // the address's allowance for everyone else there.
      await limits.loginAttemptsByIp.consume(ip);
    },

    async failed(email: string, ip: string): Promise<void> {
      const inARow = await limits.loginFailuresByAccountAndIp.recordFailure(pair(email, ip));
      // The address counts accounts, not attempts: the first failure of each account there.
      if (inARow === 1) await limits.loginFailedAccountsByIp.recordFailure(ip);
      await limits.loginFailuresByAccount.consume(email);
    },

    async succeeded(email: string, ip: string): Promise<void> {
      await limits.loginFailuresByAccountAndIp.reset(pair(email, ip));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
