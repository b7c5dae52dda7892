import { MAX_REFRESH_FAILURES, isTokenExpired, isTokenExpiringSoon } from '@encore/core';

/** What `refreshToken(input: { refresh_token })` answers with (ARCHITECTURE.md §4, `AuthPayload`). */
export interface RefreshPayload {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
}

export interface StoredTokens {
  accessToken?: string | null;
  refreshToken?: string | null;
}

/** Error texts of SEED-SPEC points 5 and 8 ("Token refresh"). */
export const REFRESH_ERROR_MESSAGES = {
  noRefreshToken: 'No refresh token available',
  invalidResponse: 'Invalid refresh token response',
  tooManyFailures: 'Too many failed refresh attempts',
} as const;

/** A refresh error whose message contains one of these means the refresh token is unusable. */
const FATAL_REFRESH_MESSAGE_PARTS = [
  'refresh_token',
  'invalid_grant',
  'token_expired',
  'unauthorized',
  'invalid_token',
  'token_revoked',
] as const;

export type RefreshErrorKind =
  /** No refresh token is stored. */
  | 'noRefreshToken'
  /** The server answered without the AuthPayload fields; cookies were cleared. */
  | 'invalidResponse'
  /** MAX_REFRESH_FAILURES consecutive failures; cookies were cleared. */
  | 'tooManyFailures'
  /** The server rejected the refresh token; cookies were cleared. */
  | 'rejected'
  /** Any other failure (e.g. network); the session is kept and a later call may succeed. */
  | 'failed';

export class TokenRefreshError extends Error {
  readonly kind: RefreshErrorKind;

  constructor(message: string, kind: RefreshErrorKind, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TokenRefreshError';
    this.kind = kind;
  }

  /** True when the stored session was cleared and the user has to log in again. */
  get sessionCleared(): boolean {
    return this.kind !== 'failed';
  }
}

export function isTokenRefreshError(error: unknown): error is TokenRefreshError {
  return error instanceof TokenRefreshError;
}

export function isRefreshPayload(value: unknown): value is RefreshPayload {
  if (typeof value !== 'object' || value === null) return false;
  const payload = value as Record<string, unknown>;
  return (
    typeof payload.access_token === 'string' &&
    payload.access_token !== '' &&
    typeof payload.refresh_token === 'string' &&
    payload.refresh_token !== '' &&
    typeof payload.expires_in === 'number' &&
    typeof payload.token_type === 'string'
  );
}

function isFatalRefreshMessage(message: string): boolean {
  const text = message.toLowerCase();
  return FATAL_REFRESH_MESSAGE_PARTS.some((part) => text.includes(part));
}

export interface TokenRefresherOptions {
  readTokens: () => StoredTokens;
  writeTokens: (payload: RefreshPayload) => void;
  clearTokens: () => void;
  refresh: (refreshToken: string) => Promise<RefreshPayload | null | undefined>;
  /** For tests; Date.now by default. */
  now?: () => number;
}

export interface TokenRefresher {
  /**
   * The access token to send: the stored one while it is valid and not expiring soon,
   * otherwise a freshly refreshed one. Null for a visitor without any tokens.
   */
  getValidAccessToken: () => Promise<string | null>;
  /** Refreshes now (one shared refresh for all concurrent callers) and returns the new token. */
  refreshAccessToken: () => Promise<string>;
  /** Whether a refresh token is stored. */
  hasRefreshToken: () => boolean;
  /** Forgets failed attempts, e.g. after a fresh login. */
  reset: () => void;
}

/**
 * Framework-independent token refresh (SEED-SPEC points 4, 5 and 8): exactly one refresh runs
 * at a time and every concurrent caller awaits it.
 */
export function createTokenRefresher({
  readTokens,
  writeTokens,
  clearTokens,
  refresh,
  now = Date.now,
}: TokenRefresherOptions): TokenRefresher {
  let failures = 0;
  let pending: Promise<string> | null = null;

  const giveUp = (message: string, kind: RefreshErrorKind, cause?: unknown) => {
    failures = 0;
    clearTokens();
    return new TokenRefreshError(message, kind, { cause });
  };

  async function runRefresh(): Promise<string> {
    const { refreshToken } = readTokens();
    if (!refreshToken) {
      throw new TokenRefreshError(REFRESH_ERROR_MESSAGES.noRefreshToken, 'noRefreshToken');
    }
    let payload: unknown;
    try {
      payload = await refresh(refreshToken);
    } catch (error) {
      failures += 1;
      const message = error instanceof Error ? error.message : String(error);
      if (failures >= MAX_REFRESH_FAILURES) {
        throw giveUp(REFRESH_ERROR_MESSAGES.tooManyFailures, 'tooManyFailures', error);
      }
      if (isFatalRefreshMessage(message)) throw giveUp(message, 'rejected', error);
      throw new TokenRefreshError(message, 'failed', { cause: error });
    }
    if (!isRefreshPayload(payload)) {
      throw giveUp(REFRESH_ERROR_MESSAGES.invalidResponse, 'invalidResponse');
    }
    failures = 0;
    writeTokens(payload);
    return payload.access_token;
  }

  function refreshAccessToken(): Promise<string> {
    pending ??= runRefresh().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function getValidAccessToken(): Promise<string | null> {
    if (pending) return pending;
    const { accessToken, refreshToken } = readTokens();
    const time = now();
    if (accessToken && !isTokenExpiringSoon(accessToken, time)) return accessToken;
    if (!accessToken && !refreshToken) return null;
    const stillUsable = accessToken && !isTokenExpired(accessToken, time) ? accessToken : null;
    if (!refreshToken) {
      if (stillUsable) return stillUsable;
      throw new TokenRefreshError(REFRESH_ERROR_MESSAGES.noRefreshToken, 'noRefreshToken');
    }
    try {
      return await refreshAccessToken();
    } catch (error) {
      // A proactive refresh that failed for a passing reason keeps the still-valid token.
      if (stillUsable && isTokenRefreshError(error) && !error.sessionCleared) return stillUsable;
      throw error;
    }
  }

  return {
    getValidAccessToken,
    refreshAccessToken,
    hasRefreshToken: () => Boolean(readTokens().refreshToken),
    reset: () => {
      failures = 0;
    },
  };
}
