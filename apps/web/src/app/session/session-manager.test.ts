import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { COOKIE_NAMES, INACTIVITY_LIMIT_MS } from '@encore/core';
import {
  endSession,
  evaluateStoredSession,
  isInactive,
  isPublicPath,
  onSessionEnd,
  startActivityTracking,
} from './session-manager';
import { makeJwt, nowSeconds } from './test-utils';

function setCookies(values: Partial<Record<keyof typeof COOKIE_NAMES, string>>) {
  for (const [key, value] of Object.entries(values)) {
    Cookies.set(COOKIE_NAMES[key as keyof typeof COOKIE_NAMES], value, { path: '/' });
  }
}

describe('session manager', () => {
  afterEach(() => {
    for (const name of Object.values(COOKIE_NAMES)) Cookies.remove(name, { path: '/' });
    vi.useRealTimers();
  });

  it('ends a session idle for more than 24 hours without remember-me', () => {
    const now = Date.now();
    setCookies({
      accessToken: makeJwt(nowSeconds() + 86_400),
      refreshToken: 'refresh',
      rememberMe: 'false',
      lastActivity: String(now - INACTIVITY_LIMIT_MS - 1000),
    });
    expect(isInactive(now)).toBe(true);
    expect(evaluateStoredSession(now)).toEqual({ kind: 'ended', reason: 'inactivity' });
  });

  it('keeps an idle remember-me session', () => {
    const now = Date.now();
    setCookies({
      accessToken: makeJwt(nowSeconds() + 86_400 * 3),
      refreshToken: 'refresh',
      rememberMe: 'true',
      lastActivity: String(now - INACTIVITY_LIMIT_MS * 3),
    });
    expect(isInactive(now)).toBe(false);
    expect(evaluateStoredSession(now)).toEqual({ kind: 'authenticated' });
  });

  it('ends the session through the activity tracker once the limit is passed', () => {
    vi.useFakeTimers();
    const start = Date.now();
    setCookies({
      accessToken: makeJwt(nowSeconds() + 86_400),
      refreshToken: 'refresh',
      lastActivity: String(start),
    });
    const ended = vi.fn();
    const stopListening = onSessionEnd(ended);
    const stop = startActivityTracking({ onInactive: () => endSession('inactivity') });
    vi.advanceTimersByTime(INACTIVITY_LIMIT_MS + 60_000);
    stop();
    stopListening();
    expect(ended).toHaveBeenCalledWith('inactivity');
    expect(Cookies.get(COOKIE_NAMES.accessToken)).toBeUndefined();
  });

  it('records activity at most once a minute', () => {
    let now = 1_000_000;
    const target = new EventTarget();
    const stop = startActivityTracking({ target, onInactive: vi.fn(), now: () => now });
    expect(Cookies.get(COOKIE_NAMES.lastActivity)).toBe(String(now));
    now += 30_000;
    target.dispatchEvent(new Event('mousemove'));
    expect(Cookies.get(COOKIE_NAMES.lastActivity)).toBe('1000000');
    now += 31_000;
    target.dispatchEvent(new Event('keydown'));
    expect(Cookies.get(COOKIE_NAMES.lastActivity)).toBe(String(now));
    stop();
  });

  it('forces a logout for the old single-token cookie', () => {
    setCookies({ accessToken: JSON.stringify({ access_token: 'a', refresh_token: 'b' }) });
    expect(evaluateStoredSession()).toEqual({ kind: 'ended', reason: 'expired' });
  });

  it('ends the session when both tokens are gone or expired', () => {
    setCookies({ accessToken: makeJwt(nowSeconds() - 10) });
    expect(evaluateStoredSession()).toEqual({ kind: 'ended', reason: 'bothExpired' });
  });

  it('renews a remember-me session with an expired access token on load', () => {
    setCookies({ refreshToken: 'refresh', rememberMe: 'true' });
    expect(evaluateStoredSession()).toEqual({ kind: 'renew' });
  });

  it('knows the public paths', () => {
    for (const path of [
      '/',
      '/login',
      '/password/reset',
      '/error-pages/500',
      '/network-error',
      '/opportunity/riverside-stage-open-call',
      '/opportunities',
      '/organisation/harbour-lights',
    ]) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of [
      '/organisations',
      '/loginx',
      '/profile',
      '/opportunity/wizard',
      '/opportunity/riverside-stage-open-call/dashboard',
      '/opportunities/review',
      '/organisation/connect',
      '/organisation/harbour-lights/dashboard',
    ]) {
      expect(isPublicPath(path)).toBe(false);
    }
  });
});
