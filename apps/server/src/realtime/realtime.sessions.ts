import {
  REALTIME_UNAUTHORIZED,
  type ClientToServerEvents,
  type PlatformRole,
  type ServerToClientEvents,
  type SessionExpiredReason,
} from '@encore/core';
import { decodeJwt } from 'jose';
import type { Server, Socket } from 'socket.io';
import { Viewer } from '../modules/access/viewer';
import type { InvalidationBus } from '../lib/invalidation';
import type { ServiceLog } from '../lib/service-log';
import { CURRENT_ACCOUNT_CACHE } from '../modules/users/users.service';

export type Authenticate = (token: string) => Promise<{ id: string; role: PlatformRole } | null>;

export interface RealtimeSocketData {
  /** The same viewer an HTTP request with this token would have. */
  viewer: Viewer;
  userId: string;
  /** Kept to ask again whether it still stands when the account changes. */
  token: string;
  sessionId: string;
  expiresAtMs: number;
}

type NoEvents = Record<never, never>;
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  NoEvents,
  RealtimeSocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  NoEvents,
  RealtimeSocketData
>;

/**
 * The topics on which the auth and users services announce, on the invalidation bus, that a
 * session ended (auth.sessions.ts) and that an account changed (users.service.ts): a password
 * change or deletion raises the account's session version and announces only the account.
 * Their tests here (realtime.test.ts, "revoked") fail if either name changes there.
 */
const SESSION_ENDED = 'session-ended';
const ACCOUNT_CHANGED = 'user-changed';
/**
 * An account change is announced before its transaction commits, and the users service keeps
 * what it reads for CURRENT_ACCOUNT_CACHE.ttlMs: asking at once could read the account as it was
 * and keep it so for every request (the new token of a password change refused for seconds).
 * The sockets of a changed account are asked about once the change has surely committed.
 */
const ACCOUNT_RECHECK_MS = CURRENT_ACCOUNT_CACHE.ttlMs + 1_000;
/** setTimeout's longest delay; a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What refused handshakes are told when our own trouble (the database) kept us from deciding. */
const UNAVAILABLE = 'unavailable';

/**
 * The handshake (`io(url, { auth: { token } })`): a missing, forged, expired or revoked access
 * token gets `connect_error` with the message REALTIME_UNAUTHORIZED.
 */
export function authenticateHandshake(authenticate: Authenticate, log: ServiceLog) {
  return (socket: RealtimeSocket, next: (error?: Error) => void) => {
    const auth: unknown = socket.handshake.auth;
    const token =
      typeof auth === 'object' && auth !== null && 'token' in auth ? auth.token : undefined;
    if (typeof token !== 'string' || token === '') return next(new Error(REALTIME_UNAUTHORIZED));
    authenticate(token).then(
      (user) => {
        if (!user) return next(new Error(REALTIME_UNAUTHORIZED));
        // authenticate() has checked the signature; these are the token's own claims.
        const { sid, exp } = decodeJwt(token);
        if (typeof sid !== 'string' || typeof exp !== 'number') {
          return next(new Error(REALTIME_UNAUTHORIZED));
        }
        socket.data = {
          viewer: new Viewer({ id: user.id, role: user.role }),
          userId: user.id,
          token,
          sessionId: sid,
          expiresAtMs: exp * 1000,
        };
        next();
      },
      (error: unknown) => {
        log.warn({ err: error }, 'realtime handshake');
        next(new Error(UNAVAILABLE));
      },
    );
  };
}

/**
 * Closes a socket whose access token runs out while it is connected, or whose session ends
 * (logout, a reused refresh token) or account no longer accepts the token (password change,
 * deletion), after telling its client why with `sessionExpired`. The client refreshes its session
 * and reconnects with the new token. Every process hears of ended sessions on the invalidation
 * bus and closes its own sockets.
 */
export function watchSessions({
  authenticate,
  invalidation,
}: {
  authenticate: Authenticate;
  invalidation: InvalidationBus;
}) {
  const bySession = new Map<string, Set<RealtimeSocket>>();
  const byUser = new Map<string, Set<RealtimeSocket>>();
  const timers = new Set<NodeJS.Timeout>();
  const expiries = new Map<RealtimeSocket, NodeJS.Timeout>();
  let stopped = false;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
    return timer;
  };
  const add = (index: Map<string, Set<RealtimeSocket>>, key: string, socket: RealtimeSocket) =>
    index.set(key, (index.get(key) ?? new Set()).add(socket));
  const remove = (index: Map<string, Set<RealtimeSocket>>, key: string, socket: RealtimeSocket) => {
    const sockets = index.get(key);
    sockets?.delete(socket);
    if (sockets?.size === 0) index.delete(key);
  };

  function end(socket: RealtimeSocket, reason: SessionExpiredReason) {
    if (!socket.connected) return;
    socket.emit('sessionExpired', { reason });
    // The connection closes once the event is written (engine.io drains before closing).
    socket.disconnect(true);
  }

  function expireWhenDue(socket: RealtimeSocket) {
    const left = socket.data.expiresAtMs - Date.now();
    if (left <= 0) return end(socket, 'expired');
    expiries.set(
      socket,
      later(Math.min(left, MAX_TIMER_MS), () => expireWhenDue(socket)),
    );
  }

  function recheckUser(userId: string) {
    if (stopped) return;
    for (const socket of byUser.get(userId) ?? []) {
      authenticate(socket.data.token).then(
        (user) => {
          if (!user) end(socket, 'revoked');
        },
        // Our own trouble is no reason to drop anyone; the expiry timer still stands.
        () => undefined,
      );
    }
  }

  invalidation.subscribe(SESSION_ENDED, (sessionId) => {
    for (const socket of bySession.get(sessionId) ?? []) end(socket, 'revoked');
  });
  const recheckDue = new Set<string>();
  invalidation.subscribe(ACCOUNT_CHANGED, (userId) => {
    if (!byUser.has(userId) || recheckDue.has(userId)) return;
    recheckDue.add(userId);
    later(ACCOUNT_RECHECK_MS, () => {
      recheckDue.delete(userId);
      recheckUser(userId);
    });
  });

  return {
    track(socket: RealtimeSocket) {
      const { sessionId, userId } = socket.data;
      add(bySession, sessionId, socket);
      add(byUser, userId, socket);
      socket.on('disconnect', () => {
        const expiry = expiries.get(socket);
        if (expiry) {
          clearTimeout(expiry);
          timers.delete(expiry);
          expiries.delete(socket);
        }
        remove(bySession, sessionId, socket);
        remove(byUser, userId, socket);
      });
      expireWhenDue(socket);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      expiries.clear();
      recheckDue.clear();
    },
  };
}
