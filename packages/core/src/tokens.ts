import { TOKEN_EXPIRY_MARGIN_SECONDS, TOKEN_SOON_EXPIRING_SECONDS } from './constants';

/**
 * Token rules of the session (SEED-SPEC point 5). These only read a token's claims to decide
 * when to refresh; they never verify a signature, which is the server's job. Written with
 * atob and TextDecoder so the same code runs in Node and in browsers.
 */

export type JsonObject = { [key: string]: unknown };

export interface DecodedJwt {
  header: JsonObject;
  payload: JsonObject;
}

/** header.payload.signature, each part base64url; the signature is empty for alg "none". */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodeBase64UrlJson(part: string): JsonObject | null {
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return isJsonObject(json) ? json : null;
  } catch {
    return null;
  }
}

/**
 * Reads a JWT's header and payload without verifying it. Null for anything that is not
 * three base64url parts whose first two are JSON objects.
 */
export function decodeJwt(token: string | null | undefined): DecodedJwt | null {
  if (typeof token !== 'string' || !JWT_SHAPE.test(token)) return null;
  const [headerPart = '', payloadPart = ''] = token.split('.');
  const header = decodeBase64UrlJson(headerPart);
  const payload = decodeBase64UrlJson(payloadPart);
  if (!header || !payload) return null;
  return { header, payload };
}

/**
 * The token's expiry in ms since the epoch, or null when the token is unusable: malformed,
 * without an algorithm in its header, or without a numeric `exp` claim.
 */
export function tokenExpiresAtMs(token: string | null | undefined): number | null {
  const decoded = decodeJwt(token);
  if (!decoded) return null;
  const { alg } = decoded.header;
  if (typeof alg !== 'string' || alg === '') return null;
  const { exp } = decoded.payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return exp * 1000;
}

/**
 * True when the token cannot be used for a request: missing or unusable (see
 * tokenExpiresAtMs), or within TOKEN_EXPIRY_MARGIN_SECONDS of its expiry. The margin keeps a
 * token that is about to lapse from expiring on its way to the server.
 */
export function isTokenExpired(token: string | null | undefined, nowMs = Date.now()): boolean {
  const expiresAtMs = tokenExpiresAtMs(token);
  return expiresAtMs === null || isWithinExpiryMargin(expiresAtMs, nowMs);
}

function isWithinExpiryMargin(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs - TOKEN_EXPIRY_MARGIN_SECONDS * 1000;
}

/** True when less than TOKEN_SOON_EXPIRING_SECONDS remain, or the token is already expired. */
export function isTokenExpiringSoon(token: string | null | undefined, nowMs = Date.now()): boolean {
  const expiresAtMs = tokenExpiresAtMs(token);
  if (expiresAtMs === null || isWithinExpiryMargin(expiresAtMs, nowMs)) return true;
  return expiresAtMs - nowMs < TOKEN_SOON_EXPIRING_SECONDS * 1000;
}

/**
 * True when a refresh token can no longer renew the session: its expiry is unknown or has
 * been reached. Refresh tokens are opaque, so their expiry is the one the server returned.
 */
export function isRefreshTokenDead(
  expiresAtMs: number | null | undefined,
  nowMs = Date.now(),
): boolean {
  if (typeof expiresAtMs !== 'number' || !Number.isFinite(expiresAtMs)) return true;
  return nowMs >= expiresAtMs;
}

function safeDecodeURIComponent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * True when an access-token cookie holds the old single-token format, which forces a logout.
 *
 * Our interpretation, since the seed does not show the old format: earlier clients stored
 * both tokens in one cookie as JSON, e.g. `{"access_token":"...","refresh_token":"..."}`
 * (possibly URL-encoded). Any cookie value that is not shaped like a JWT is treated the same
 * way, because no request could succeed with it and only a fresh login repairs it. An absent
 * or empty cookie is not legacy: that is simply a logged-out user.
 */
export function isLegacySingleTokenCookie(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const text = safeDecodeURIComponent(value).trim();
  if (text === '') return false;
  if (text.startsWith('{')) return true;
  return !JWT_SHAPE.test(text);
}
