import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  REALTIME_PATH,
  userRoom,
  type ServerToClientEvent,
  type ServerToClientEvents,
} from '@encore/core';
import type { InvalidationBus } from '../lib/invalidation';
import type { ServiceLog } from '../lib/service-log';
import { createRedisAdapter } from './realtime.adapter';
import {
  authenticateHandshake,
  watchSessions,
  type Authenticate,
  type RealtimeServer,
} from './realtime.sessions';

/** What features use to reach people's open tabs. Event handlers call it after their commit. */
export interface Realtime {
  /** Sends to every socket of the user, on whichever server process it is connected. */
  toUser<Event extends ServerToClientEvent>(
    userId: string,
    event: Event,
    ...args: Parameters<ServerToClientEvents[Event]>
  ): void;
  /** Disconnects every socket of this process (their clients reconnect elsewhere) and stops. */
  close(): Promise<void>;
}

export interface RealtimeOptions {
  /** The HTTP server the app listens with: socket.io shares its port, at REALTIME_PATH. */
  httpServer: HttpServer;
  /** The user behind an access token, or null (auth.userForAccessToken). */
  authenticate: Authenticate;
  /** Tells this process when sessions end or accounts change, wherever that happened. */
  invalidation: InvalidationBus;
  /** With Redis, rooms are shared by every process (realtime.adapter.ts); without, in-process. */
  redis?: Redis | undefined;
  redisPrefix: string;
  log: ServiceLog;
}

/** Clients send nothing yet but their handshake; a large frame is not one of ours. */
const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * The realtime channel (ARCHITECTURE.md §5 "Realtime"): socket.io on the app's own port. A socket
 * is admitted only with a valid access token, joins its user's private room, and is closed (after
 * `sessionExpired`) when the token runs out or its session ends (realtime.sessions.ts).
 *
 * No CORS settings: the web app is served from the same origin, and a page elsewhere that opened
 * a socket would still need an access token, which cookies do not carry into the handshake.
 */
export function createRealtime(options: RealtimeOptions): Realtime {
  const redisAdapter = options.redis
    ? createRedisAdapter({
        redis: options.redis,
        prefix: `${options.redisPrefix}:socket.io`,
        onError: (error) => options.log.warn({ err: error }, 'realtime adapter'),
      })
    : undefined;
  const io: RealtimeServer = new Server(options.httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    ...(redisAdapter ? { adapter: redisAdapter.adapter } : {}),
  });

  io.use(authenticateHandshake(options.authenticate, options.log));
  const sessions = watchSessions({
    authenticate: options.authenticate,
    invalidation: options.invalidation,
  });
  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    sessions.track(socket);
  });

  return {
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    async close() {
      sessions.stop();
      // Closing the connections (rather than disconnecting the sockets) lets clients reconnect,
      // to another process behind the load balancer. io.close() would also close the HTTP server,
      // which Fastify closes itself.
      io.engine.close();
      await io.of('/').adapter.close();
      await redisAdapter?.close();
    },
  };
}
