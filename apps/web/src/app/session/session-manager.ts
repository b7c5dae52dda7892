import {
  ACTIVITY_EVENTS,
  COOKIE_NAMES,
  INACTIVITY_LIMIT_MS,
  isLegacySingleTokenCookie,
  isTokenExpired,
  isTokenExpiringSoon,
} from '@encore/core';
import {
  clearAuthCookies,
  getCookie,
  getLastActivity,
  isRememberMe,
  setLastActivity,
  setRefreshedTokenCookies,
} from '../../lib/cookies';
import {
  createTokenRefresher,
  isTokenRefreshError,
  type RefreshPayload,
  type TokenRefresher,
} from './token-refresher';

/** Why a session ended; each has its toast (SEED-SPEC point 8, "Session toasts"). */
export type SessionEndReason =
  'expired' | 'tooManyFailures' | 'authFailed' | 'authRequired' | 'bothExpired' | 'inactivity';

/** Translation keys (common.json) with the English text as default. */
export const SESSION_END_MESSAGES: Record<SessionEndReason, { key: string; defaultValue: string }> =
  {
    expired: { key: 'session.expired', defaultValue: 'Session expired. Please login again.' },
    tooManyFailures: {
      key: 'session.tooManyFailures',
      defaultValue: 'Too many failed refresh attempts. Please login again.',
    },
    authFailed: {
      key: 'session.authFailed',
      defaultValue: 'Authentication failed. Please login again.',
    },
    authRequired: {
      key: 'session.authRequired',
      defaultValue: 'Authentication required. Please login to continue.',
    },
    bothExpired: {
      key: 'session.bothExpired',
      defaultValue: 'Session expired. Please log in again.',
    },
    inactivity: { key: 'session.inactivity', defaultValue: 'Session expired due to inactivity.' },
  };

const PUBLIC_PATHS = new Set([
  '/',
  '/login',
  '/register',
  '/register/complete',
  '/password/forgot',
  '/password/reset',
  '/about',
  '/terms-conditions',
  '/contact',
  '/help',
  '/privacy',
  '/network-error',
  '/opportunities',
]);

/** An opportunity's own page; its organiser pages (`/edit`, `/dashboard`…) and the wizard are not. */
const OPPORTUNITY_PAGE = /^\/opportunity\/(?!wizard$)[^/]+$/;
/** An organisation's own page; its team pages and `/organisation/connect` are not. */
const ORGANISATION_PAGE = /^\/organisation\/(?!connect$)[^/]+$/;

/** Paths where an ended session does not send the visitor to /login. */
export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    PUBLIC_PATHS.has(path) ||
    path === '/error-pages' ||
    path.startsWith('/error-pages/') ||
    OPPORTUNITY_PAGE.test(path) ||
    ORGANISATION_PAGE.test(path)
  );
}

export function loginPathFor(pathname: string, search: string): string {
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}

type SessionEndListener = (reason: SessionEndReason) => void;
const listeners = new Set<SessionEndListener>();

/** Subscribes to ended sessions; returns the unsubscribe function. */
export function onSessionEnd(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Clears the session cookies and tells the app (toast, redirect to /login). */
export function endSession(reason: SessionEndReason): void {
  clearAuthCookies();
  tokenRefresher.reset();
  for (const listener of [...listeners]) listener(reason);
}

/**
 * The toast for a failed refresh whose session was cleared, or null when the failure was
 * passing (the session is kept).
 */
export function endReasonForRefreshError(error: unknown): SessionEndReason | null {
  if (!isTokenRefreshError(error)) return null;
  switch (error.kind) {
    case 'tooManyFailures':
      return 'tooManyFailures';
    case 'noRefreshToken':
      return 'authRequired';
    case 'invalidResponse':
      return 'authFailed';
    case 'rejected':
      return 'expired';
    case 'failed':
      return null;
  }
}

export const GRAPHQL_ENDPOINT = '/graphql';

const REFRESH_TOKEN_MUTATION = `mutation RefreshToken($input: RefreshTokenInput!) {
  refreshToken(input: $input) { access_token refresh_token expires_in token_type }
}`;

interface GraphQLResponseBody {
  data?: { refreshToken?: RefreshPayload | null } | null;
  errors?: { message: string }[];
}

/**
 * Calls the refreshToken mutation with a plain fetch, outside the Apollo link chain (which
 * would otherwise ask for a token again). A GraphQL error is thrown with the joined messages.
 */
export async function requestTokenRefresh(
  refreshToken: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<RefreshPayload | null | undefined> {
  const response = await fetchImpl(GRAPHQL_ENDPOINT, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      operationName: 'RefreshToken',
      query: REFRESH_TOKEN_MUTATION,
      variables: { input: { refresh_token: refreshToken } },
    }),
  });
  let body: GraphQLResponseBody;
  try {
    body = (await response.json()) as GraphQLResponseBody;
  } catch {
    throw new Error(`Token refresh failed with HTTP status ${response.status}`);
  }
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join(', '));
  return body.data?.refreshToken;
}

/** The app's refresher, backed by the auth cookies. */
export const tokenRefresher: TokenRefresher = createTokenRefresher({
  readTokens: () => ({
    accessToken: getCookie(COOKIE_NAMES.accessToken),
    refreshToken: getCookie(COOKIE_NAMES.refreshToken),
  }),
  writeTokens: (payload) => setRefreshedTokenCookies(payload.access_token, payload.refresh_token),
  clearTokens: clearAuthCookies,
  refresh: (refreshToken) => requestTokenRefresh(refreshToken),
});

/** True when, without remember-me, the last activity lies more than 24 hours back. */
export function isInactive(nowMs = Date.now()): boolean {
  if (isRememberMe()) return false;
  const last = getLastActivity();
  return last !== undefined && nowMs - last > INACTIVITY_LIMIT_MS;
}

/** What the stored cookies mean on load. */
export type StoredSessionState =
  | { kind: 'anonymous' }
  | { kind: 'authenticated' }
  /** Remember-me with a refresh token and an expired or expiring access token. */
  | { kind: 'renew' }
  | { kind: 'ended'; reason: SessionEndReason };

export function evaluateStoredSession(nowMs = Date.now()): StoredSessionState {
  const accessToken = getCookie(COOKIE_NAMES.accessToken);
  const refreshToken = getCookie(COOKIE_NAMES.refreshToken);
  // The old single-token cookie cannot be used any more: only a fresh login repairs it.
  if (isLegacySingleTokenCookie(accessToken)) return { kind: 'ended', reason: 'expired' };
  if (!accessToken && !refreshToken) return { kind: 'anonymous' };
  if (isInactive(nowMs)) return { kind: 'ended', reason: 'inactivity' };
  if (!refreshToken) {
    return isTokenExpired(accessToken, nowMs)
      ? { kind: 'ended', reason: 'bothExpired' }
      : { kind: 'authenticated' };
  }
  if (isRememberMe() && isTokenExpiringSoon(accessToken, nowMs)) return { kind: 'renew' };
  return { kind: 'authenticated' };
}

/** Activity is written to the lastActivity cookie at most this often. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export interface ActivityTrackingOptions {
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  onInactive: () => void;
  now?: () => number;
  /** How often the inactivity limit is checked. */
  checkIntervalMs?: number;
}

/**
 * Records user activity (mouse move, key press, touch) in the lastActivity cookie, throttled to
 * once a minute, and calls onInactive once the inactivity limit is passed. Returns the stop
 * function.
 */
export function startActivityTracking({
  target = window,
  onInactive,
  now = Date.now,
  checkIntervalMs = ACTIVITY_WRITE_INTERVAL_MS,
}: ActivityTrackingOptions): () => void {
  let lastWrite = 0;
  const record = () => {
    const time = now();
    if (time - lastWrite < ACTIVITY_WRITE_INTERVAL_MS) return;
    lastWrite = time;
    setLastActivity(time);
  };
  const check = () => {
    if (isInactive(now())) onInactive();
  };
  if (getLastActivity() === undefined) record();
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, record, { passive: true });
  const timer = setInterval(check, checkIntervalMs);
  return () => {
    clearInterval(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, record);
  };
}

/** Client-side navigation to /login, registered by a component inside the router. */
const navigation: { to: ((path: string) => void) | null } = { to: null };

export function setSessionNavigator(navigate: ((path: string) => void) | null): void {
  navigation.to = navigate;
}

/** Sends the visitor to /login?next=… unless on a public path. */
export function redirectToLogin(location: Pick<Location, 'pathname' | 'search'>): void {
  if (isPublicPath(location.pathname)) return;
  // Without a registered navigator, RequireAuth redirects once the status is 'anonymous'.
  navigation.to?.(loginPathFor(location.pathname, location.search));
}
