import { describe, it, expect } from 'vitest';
import {
  ACTIVITY_EVENTS,
  BREAKPOINTS,
  COOKIE_LIFETIME_DAYS,
  COOKIE_NAMES,
  DEFAULT_PAGE,
  DEFAULT_SORT,
  INACTIVITY_LIMIT_MS,
  PAGE_SIZES,
  SOCKET_SETTINGS,
  SORT_FIELDS,
  TOKEN_EXPIRY_MARGIN_SECONDS,
  TOKEN_SOON_EXPIRING_SECONDS,
} from './constants';

describe('constants', () => {
  it('keeps the seed page sizes and default page', () => {
    expect(PAGE_SIZES).toEqual({ applications: 10, dashboard: 50, refundRequests: 10 });
    expect(DEFAULT_PAGE).toBe(1);
  });

  it('sorts by the most recent first by default, and that field is a valid sort option', () => {
    expect(DEFAULT_SORT).toEqual({ field: 'RECENT', asc: false });
    expect(SORT_FIELDS).toContain(DEFAULT_SORT.field);
    expect(new Set(SORT_FIELDS).size).toBe(SORT_FIELDS.length);
  });

  it('uses the exact cookie names the session relies on, without duplicates', () => {
    const names = Object.values(COOKIE_NAMES);
    expect(names).toEqual([
      'access_token',
      'refresh_token',
      'user_role',
      'rememberMe',
      'lastActivity',
      'locale',
      'accepted',
    ]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives remember-me sessions longer-lived cookies than ordinary ones', () => {
    expect(COOKIE_LIFETIME_DAYS.accessRememberMe).toBeGreaterThan(COOKIE_LIFETIME_DAYS.access);
    expect(COOKIE_LIFETIME_DAYS.refreshRememberMe).toBeGreaterThan(COOKIE_LIFETIME_DAYS.refresh);
    // The refresh token must outlive the access token it renews.
    expect(COOKIE_LIFETIME_DAYS.refresh).toBeGreaterThanOrEqual(COOKIE_LIFETIME_DAYS.access);
  });

  it('keeps the expiry margin inside the soon-expiring window', () => {
    expect(TOKEN_EXPIRY_MARGIN_SECONDS).toBe(60);
    expect(TOKEN_SOON_EXPIRING_SECONDS).toBe(3600);
    expect(TOKEN_EXPIRY_MARGIN_SECONDS).toBeLessThan(TOKEN_SOON_EXPIRING_SECONDS);
  });

  it('expresses the inactivity limit as 24 hours in milliseconds', () => {
    expect(INACTIVITY_LIMIT_MS).toBe(86_400_000);
    expect(ACTIVITY_EVENTS).toEqual(['mousemove', 'keydown', 'touchstart']);
  });

  it('reconnects 5 times a second apart, with a 20 s connect timeout', () => {
    expect(SOCKET_SETTINGS).toEqual({
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      timeout: 20_000,
    });
  });

  it('lists breakpoints in ascending order starting at 0', () => {
    const widths = Object.values(BREAKPOINTS);
    expect(widths[0]).toBe(0);
    expect([...widths].sort((a, b) => a - b)).toEqual(widths);
  });
});
