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
}

/**
 * A client sends the same token with every request for up to two hours, and checking its signature
 * is a good part of what a signed-in request costs, so tokens already found valid are remembered
 * until they expire. Only the signature is remembered: whether the account still accepts the token
 * (deletion, password reset) is checked on every request.
 */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  const verified = new LRUCache<string, AccessClaims>({ max: VERIFIED_TOKEN_CACHE_SIZE });
  return {
    async sign(
      user: { id: string; role: PlatformRole; sessionVersion: number },
      now = new Date(),
    ): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ role: user.role, sv: user.sessionVersion })
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
        if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
        const role = payload.role;
        if (role !== 'performer' && role !== 'organiser' && role !== 'admin') return null;
        const claims: AccessClaims = { userId: payload.sub, role, sessionVersion: payload.sv };
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
