import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { PlatformRole } from '@encore/core';

/** Long enough that the client's "expiring soon" rule (under one hour left) has room to act. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'encore';

export interface AccessClaims {
  userId: string;
  role: PlatformRole;
  /** The account's session version when the token was signed; a newer version refuses it. */
  sessionVersion: number;
  /** The session (refresh-token family) the token was issued for; ending it refuses the token. */
  sessionId: string;
}

/**
 * A client sends the same token with every request for up to two hours, and checking its signature
 * is a good part of what a signed-in request costs, so tokens already found valid are remembered
 * until they expire. Only the signature is remembered: whether the account and the session still
 * accept the token (deletion, password reset, logout) is checked on every request.
 */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  const verified = new LRUCache<string, AccessClaims>({ max: VERIFIED_TOKEN_CACHE_SIZE });
  return {
    async sign(
      user: { id: string; role: PlatformRole; sessionVersion: number },
      sessionId: string,
      now = new Date(),
    ): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ role: user.role, sv: user.sessionVersion, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },

    /** The claims of a valid token, or null for anything expired, forged or malformed. */
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
        });
        const { sub, sv, sid, role } = payload;
        // Tokens signed before sessions were named carry no `sid`; the client refreshes them.
        if (typeof sub !== 'string' || typeof sv !== 'number' || typeof sid !== 'string')
          return null;
        if (role !== 'performer' && role !== 'organiser' && role !== 'admin') return null;
        const claims: AccessClaims = { userId: sub, role, sessionVersion: sv, sessionId: sid };
        const secondsLeft = (payload.exp ?? 0) - Date.now() / 1000;
        if (secondsLeft > 0) verified.set(token, claims, { ttl: secondsLeft * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
