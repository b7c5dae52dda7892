import Cookies from 'js-cookie';
import {
  COOKIE_LIFETIME_DAYS,
  COOKIE_NAMES,
  isSupportedLocale,
  type CookieName,
  type Locale,
} from '@encore/core';
import { renderContext } from './render-context';

interface CookieOptions {
  /** Lifetime in days; a session cookie when omitted. */
  days?: number;
}

function attributes(options: CookieOptions = {}): Cookies.CookieAttributes {
  return {
    path: '/',
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
    ...(options.days === undefined ? {} : { expires: options.days }),
  };
}

export function getCookie(name: CookieName): string | undefined {
  const serverRender = renderContext();
  return serverRender ? serverRender.cookies[name] : Cookies.get(name);
}

export function setCookie(name: CookieName, value: string, options?: CookieOptions): void {
  Cookies.set(name, value, attributes(options));
}

export function removeCookie(name: CookieName): void {
  Cookies.remove(name, { path: '/' });
}

export function getLocaleCookie(): Locale | undefined {
  const value = getCookie(COOKIE_NAMES.locale);
  return isSupportedLocale(value) ? value : undefined;
}

export function setLocaleCookie(locale: Locale): void {
  setCookie(COOKIE_NAMES.locale, locale, { days: COOKIE_LIFETIME_DAYS.locale });
}

export interface AuthCookies {
  accessToken: string;
  refreshToken: string;
  userRole: string | null;
  rememberMe: boolean;
}

/** Stores the tokens of a fresh login with the lifetimes of SEED-SPEC point 9. */
export function setAuthCookies({ accessToken, refreshToken, userRole, rememberMe }: AuthCookies) {
  const refreshDays = rememberMe
    ? COOKIE_LIFETIME_DAYS.refreshRememberMe
    : COOKIE_LIFETIME_DAYS.refresh;
  setCookie(COOKIE_NAMES.accessToken, accessToken, {
    days: rememberMe ? COOKIE_LIFETIME_DAYS.accessRememberMe : COOKIE_LIFETIME_DAYS.access,
  });
  setCookie(COOKIE_NAMES.refreshToken, refreshToken, { days: refreshDays });
  if (userRole) setCookie(COOKIE_NAMES.userRole, userRole, { days: refreshDays });
  setCookie(COOKIE_NAMES.rememberMe, String(rememberMe), { days: refreshDays });
  setCookie(COOKIE_NAMES.lastActivity, String(Date.now()), { days: refreshDays });
}

export function clearAuthCookies(): void {
  for (const name of [
    COOKIE_NAMES.accessToken,
    COOKIE_NAMES.refreshToken,
    COOKIE_NAMES.userRole,
    COOKIE_NAMES.rememberMe,
    COOKIE_NAMES.lastActivity,
  ]) {
    removeCookie(name);
  }
}

export function isRememberMe(): boolean {
  return getCookie(COOKIE_NAMES.rememberMe) === 'true';
}

function refreshCookieDays(rememberMe: boolean): number {
  return rememberMe ? COOKIE_LIFETIME_DAYS.refreshRememberMe : COOKIE_LIFETIME_DAYS.refresh;
}

/** Stores refreshed tokens with the lifetimes of the session's remember-me choice. */
export function setRefreshedTokenCookies(accessToken: string, refreshToken: string): void {
  const rememberMe = isRememberMe();
  setCookie(COOKIE_NAMES.accessToken, accessToken, {
    days: rememberMe ? COOKIE_LIFETIME_DAYS.accessRememberMe : COOKIE_LIFETIME_DAYS.access,
  });
  setCookie(COOKIE_NAMES.refreshToken, refreshToken, { days: refreshCookieDays(rememberMe) });
}

/** Time of the last user activity in ms since the epoch, if recorded. */
export function getLastActivity(): number | undefined {
  const value = Number(getCookie(COOKIE_NAMES.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export function setLastActivity(timeMs: number): void {
  setCookie(COOKIE_NAMES.lastActivity, String(timeMs), {
    days: refreshCookieDays(isRememberMe()),
  });
}

/** Cookie consent (`accepted`), kept for 30 days. */
export function setConsentCookie(accepted: boolean): void {
  setCookie(COOKIE_NAMES.accepted, String(accepted), { days: COOKIE_LIFETIME_DAYS.consent });
}
