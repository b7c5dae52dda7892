import { and, eq, gt, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { InvalidationBus } from '../../lib/invalidation';
import { hashToken, randomToken } from '../../lib/opaque-tokens';
import type { RateLimiter } from '../../lib/rate-limit';
import type { UserRow, UsersService } from '../users/users.service';
import { KNOWN_ADDRESS_DAYS } from './auth.rate-limits';
import { refreshTokens } from './auth.table';
import { ACCESS_TOKEN_LIFETIME_SECONDS, type AccessTokens } from './auth.tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REFRESH_LIFETIME_MS = { standard: 7 * DAY_MS, rememberMe: 30 * DAY_MS } as const;
/** Two tabs refreshing with the same token at once are legitimate, not a theft. */
export const REFRESH_REUSE_GRACE_MS = 10_000;
/** How far a refresh inside the grace window follows its family to the newest token. */
const MAX_SUCCESSOR_STEPS = 10;

/**
 * Whether the session behind an access token still stands is asked on every signed-in request.
 * Ending a session tells every process at once (the invalidation bus), and each keeps the sessions
 * it heard of as ended for as long as their access tokens can live; sessions found standing are
 * asked of the database again after 5 seconds, which bounds what a lost message can leave behind.
 */
export const SESSION_CHECK_CACHE = { standingTtlMs: 5_000, standingMax: 10_000, endedMax: 100_000 };
const SESSION_ENDED = 'session-ended';

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

export interface AuthPayload {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  user: UserRow;
}

export interface SessionsDependencies {
  db: Database;
  users: UsersService;
  accessTokens: AccessTokens;
  invalidation: InvalidationBus;
  refreshByIp: RateLimiter;
  refreshByAccount: RateLimiter;
  /** The server's secret; the successor of a refresh token is derived from it. */
  secret: string;
  now: () => Date;
}

const invalidRefresh = () =>
  new AppError('UNAUTHENTICATED', 'The refresh token is invalid or expired (invalid_grant).', {
    messageKey: 'errors.refresh_invalid',
  });

const reusedRefresh = () =>
  new AppError('UNAUTHENTICATED', 'The refresh token was already used (token_revoked).', {
    messageKey: 'errors.refresh_reused',
  });

const UNKNOWN_IP = 'unknown';
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * Sessions: a session is a family of refresh tokens (its id is the family id, the `sid` of every
 * access token issued for it). Each refresh rotates the token within the family.
 */
export function createSessions({
  db,
  users,
  accessTokens,
  invalidation,
  refreshByIp,
  refreshByAccount,
  secret,
  now,
}: SessionsDependencies) {
  const successorKey = Buffer.from(
    hkdfSync('sha256', secret, '', 'encore refresh-token successor', 32),
  );
  /**
   * The token that follows `token` in its family. It is derived rather than drawn, so a second
   * refresh with the same token inside the grace window is answered with the very token the first
   * one got, and nothing but its hash is stored.
   */
  const successorOf = (token: string) =>
    createHmac('sha256', successorKey).update(token).digest('base64url');

  const ended = new LRUCache<string, true>({
    max: SESSION_CHECK_CACHE.endedMax,
    ttl: ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
  });
  const standing = new LRUCache<string, true>({
    max: SESSION_CHECK_CACHE.standingMax,
    ttl: SESSION_CHECK_CACHE.standingTtlMs,
  });
  invalidation.subscribe(SESSION_ENDED, (sessionId) => {
    ended.set(sessionId, true);
    standing.delete(sessionId);
  });

  const expiresAt = (from: Date, rememberMe: boolean) =>
    new Date(
      from.getTime() + (rememberMe ? REFRESH_LIFETIME_MS.rememberMe : REFRESH_LIFETIME_MS.standard),
    );

  async function storeToken(
    executor: Executor,
    token: { value: string; userId: string; familyId: string; rememberMe: boolean; at: Date },
    meta: RequestMeta,
  ) {
    await executor.insert(refreshTokens).values({
      userId: token.userId,
      familyId: token.familyId,
      tokenHash: hashToken(token.value),
      rememberMe: token.rememberMe,
      expiresAt: expiresAt(token.at, token.rememberMe),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
  }

  async function payload(
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    issuedAt: Date,
  ): Promise<AuthPayload> {
    return {
      access_token: await accessTokens.sign(user, sessionId, issuedAt),
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      token_type: 'Bearer',
      user,
    };
  }

  const lockedRow = async (executor: Executor, token: string) =>
    (
      await executor
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .for('update')
        .limit(1)
    )[0];

  /** The newest token of the family `token` was rotated in, by following its successors. */
  async function newestSuccessor(executor: Executor, token: string, at: Date) {
    let current = token;
    for (let step = 0; step < MAX_SUCCESSOR_STEPS; step += 1) {
      const next = successorOf(current);
      const row = await lockedRow(executor, next);
      if (!row || row.revokedAt || row.expiresAt <= at) return undefined;
      if (!row.rotatedAt) return next;
      current = next;
    }
    return undefined;
  }

  async function endFamily(familyId: string, at: Date, reason: string, executor: Executor) {
    await executor
      .update(refreshTokens)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Every process stops accepting the session's access tokens; call once the end is committed. */
  const announceEnded = (sessionId: string) => invalidation.publish(SESSION_ENDED, sessionId);

  return {
    async start(user: UserRow, rememberMe: boolean, meta: RequestMeta): Promise<AuthPayload> {
      const familyId = randomUUID();
      const token = randomToken();
      const issuedAt = now();
      await storeToken(
        db,
        { value: token, userId: user.id, familyId, rememberMe, at: issuedAt },
        meta,
      );
      return payload(user, familyId, token, issuedAt);
    },

    async refresh(refreshToken: string, meta: RequestMeta): Promise<AuthPayload> {
      await refreshByIp.consume(meta.ip ?? UNKNOWN_IP);
      const current = now();
      // The revocation of a reused family must commit even though the request fails, so the
      // transaction answers with an outcome and the error is raised after it.
      const outcome = await db.transaction(async (tx) => {
        const row = await lockedRow(tx, refreshToken);
        if (!row || row.revokedAt || row.expiresAt <= current) return { kind: 'invalid' as const };
        await refreshByAccount.consume(row.userId);
        if (row.rotatedAt && current.getTime() - row.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
          // A rotated token presented again: someone else holds this family. End it everywhere.
          await endFamily(row.familyId, current, 'reuse_detected', tx);
          return { kind: 'reused' as const, familyId: row.familyId };
        }
        const user = await users.findActive(row.userId, tx);
        if (!user) return { kind: 'invalid' as const };
        if (row.rotatedAt) {
          // Inside the grace window (two tabs at once): the answer the first refresh got.
          const newest = await newestSuccessor(tx, refreshToken, current);
          if (!newest) return { kind: 'invalid' as const };
          return { kind: 'rotated' as const, user, familyId: row.familyId, token: newest };
        }
        await tx
          .update(refreshTokens)
          .set({ rotatedAt: current })
          .where(eq(refreshTokens.id, row.id));
        const next = successorOf(refreshToken);
        await storeToken(
          tx,
          {
            value: next,
            userId: user.id,
            familyId: row.familyId,
            rememberMe: row.rememberMe,
            at: current,
          },
          meta,
        );
        return { kind: 'rotated' as const, user, familyId: row.familyId, token: next };
      });
      if (outcome.kind === 'invalid') throw invalidRefresh();
      if (outcome.kind === 'reused') {
        announceEnded(outcome.familyId);
        throw reusedRefresh();
      }
      return payload(outcome.user, outcome.familyId, outcome.token, current);
    },

    /** Ends the session the refresh token belongs to; its access tokens stop working at once. */
    async end(refreshToken: string): Promise<void> {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
        .limit(1);
      if (!row) return;
      await endFamily(row.familyId, now(), 'logout', db);
      announceEnded(row.familyId);
    },

    /**
     * Ends every session of the account. Their access tokens are refused through the session
     * version the caller raises in the same transaction, not through the sessions' ids.
     */
    async endAll(userId: string, at: Date, reason: string, executor: Executor): Promise<void> {
      await executor
        .update(refreshTokens)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    /** Whether the session still stands (not logged out, not revoked); see SESSION_CHECK_CACHE. */
    async stands(sessionId: string): Promise<boolean> {
      if (ended.has(sessionId)) return false;
      if (standing.has(sessionId)) return true;
      const [row] = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
        .limit(1);
      // An ended session never stands again, so the answer is kept either way.
      if (!row) ended.set(sessionId, true);
      else if (!ended.has(sessionId)) standing.set(sessionId, true);
      return Boolean(row);
    },

    /** Whether the account with this email started or refreshed a session from this address lately. */
    async signedInFrom(email: string, ip: string): Promise<boolean> {
      const user = await users.findByEmail(email);
      const since = new Date(now().getTime() - KNOWN_ADDRESS_DAYS * DAY_MS);
      // Asked for an unknown address too, so the time of the answer does not tell which it was.
      const [row] = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.userId, user?.id ?? NO_ACCOUNT),
            eq(refreshTokens.ip, ip),
            gt(refreshTokens.createdAt, since),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
