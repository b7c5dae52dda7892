import {
  REALTIME_PATH,
  REALTIME_UNAUTHORIZED,
  SOCKET_SETTINGS,
  type ClientToServerEvents,
  type ServerToClientEvent,
  type ServerToClientEvents,
} from '@encore/core';
import type { io as ioFunction, Socket } from 'socket.io-client';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Connect = typeof ioFunction;

/** `networkStatus` of the client state (SEED-SPEC point 3), and whether a lost link is being retried. */
export interface NetworkStatus {
  isConnected: boolean;
  /** Trying again after having been connected; what the app bar quietly shows. */
  reconnecting: boolean;
  /**
   * The attempts ran out: the server could not be reached. Tried again when the browser is back
   * online or the tab is looked at again; the app bar quietly says "offline" meanwhile.
   */
  offline: boolean;
}

/** Not connected and not trying: before start(), after stop(), or when the session is gone. */
export const DISCONNECTED: NetworkStatus = {
  isConnected: false,
  reconnecting: false,
  offline: false,
};
const CONNECTED: NetworkStatus = { isConnected: true, reconnecting: false, offline: false };
const RECONNECTING: NetworkStatus = { isConnected: false, reconnecting: true, offline: false };
const OFFLINE: NetworkStatus = { isConnected: false, reconnecting: false, offline: true };

/** What tells the client that the page is looked at again (`document` in a browser). */
export type PageVisibility = Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
  readonly visibilityState: DocumentVisibilityState;
};

export interface RealtimeClientOptions {
  /** The server's origin; the page's own when absent. */
  url?: string;
  /** The access token for a handshake (refreshed first when about to expire), or null. */
  getToken: () => Promise<string | null>;
  /** A new access token after the server refused or closed on the old one; null if the session is gone. */
  refresh: () => Promise<string | null>;
  /** SEED-SPEC point 9; tests shorten the delay. */
  settings?: { reconnectionAttempts: number; reconnectionDelay: number; timeout: number };
  /** Loads socket.io-client; on demand, so that visitors who never sign in do not download it. */
  load?: () => Promise<Connect>;
  /** Where the browser says it is back online; window by default. */
  online?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Where the tab says it is visible again; document by default. */
  page?: PageVisibility;
}

export interface RealtimeClient {
  /** Connects (once signed in); does nothing when already started. */
  start(): void;
  /** Disconnects (signed out) and forgets the connection. */
  stop(): void;
  getStatus(): NetworkStatus;
  /** Calls the listener whenever the status changes; returns the unsubscribe function. */
  onStatus(listener: () => void): () => void;
  /** Calls the handler for every event of this name, across reconnections; returns the unsubscribe. */
  on<Event extends ServerToClientEvent>(
    event: Event,
    handler: ServerToClientEvents[Event],
  ): () => void;
}

const loadSocketIo = () => import('socket.io-client').then((module) => module.io);

/**
 * The realtime channel's client (ARCHITECTURE.md §5 "Realtime"), without React. It connects with
 * the current access token, retries a lost connection 5 times 1 s apart (20 s connect timeout),
 * and when the server refuses the token or closes the socket because the session expired, it
 * refreshes the session once and connects again. When the attempts run out it rests, `offline`,
 * and starts another series when the browser is back online or the tab becomes visible. Only
 * WebSocket is used, so that any server process behind a load balancer can answer without sticky
 * sessions.
 */
export function createRealtimeClient({
  url,
  getToken,
  refresh,
  settings = SOCKET_SETTINGS,
  load = loadSocketIo,
  online = typeof window === 'undefined' ? undefined : window,
  page = typeof document === 'undefined' ? undefined : document,
}: RealtimeClientOptions): RealtimeClient {
  /** Bumped by stop(): work started for an earlier connection sees it is stale and gives up. */
  let generation = 0;
  let status = DISCONNECTED;
  const statusListeners = new Set<() => void>();
  // Each set holds handlers of one event; on() is what ties a name to its payload's type.
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();

  const setStatus = (next: NetworkStatus) => {
    if (
      next.isConnected === status.isConnected &&
      next.reconnecting === status.reconnecting &&
      next.offline === status.offline
    ) {
      return;
    }
    status = next;
    for (const listener of [...statusListeners]) listener();
  };

  function open(connect: Connect, own: number) {
    let everConnected = false;
    /** One refresh per refusal streak: a refreshed token refused again is not retried forever. */
    let refreshedAfterRefusal = false;
    let sessionExpired = false;
    let refusals = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const current: ClientSocket = connect(url ?? '', {
      path: REALTIME_PATH,
      transports: ['websocket'],
      autoConnect: false,
      reconnectionAttempts: settings.reconnectionAttempts,
      reconnectionDelay: settings.reconnectionDelay,
      reconnectionDelayMax: settings.reconnectionDelay,
      randomizationFactor: 0,
      timeout: settings.timeout,
      // Asked before every attempt, so a reconnection carries the newest token.
      auth: (send) => {
        getToken().then(
          (token) => send({ token }),
          () => send({ token: null }),
        );
      },
    });
    const stale = () => own !== generation;
    /** The server said no (or the session is gone): nothing to try again by itself. */
    const giveUp = () => setStatus(DISCONNECTED);
    /** The server could not be reached: rest until there is a reason to think it can be. */
    let attemptsRanOut = false;
    const restOffline = () => {
      attemptsRanOut = true;
      setStatus(OFFLINE);
    };
    const refreshAndConnect = () => {
      refresh().then(
        (token) => {
          if (stale()) return;
          if (token) current.connect();
          else giveUp();
        },
        () => !stale() && giveUp(),
      );
    };

    current.on('connect', () => {
      everConnected = true;
      refreshedAfterRefusal = false;
      refusals = 0;
      setStatus(CONNECTED);
    });
    current.on('sessionExpired', () => {
      sessionExpired = true;
    });
    current.on('disconnect', (reason) => {
      if (stale()) return;
      if (reason === 'io server disconnect') {
        // The server closed this socket; it says so first when the session ran out.
        if (!sessionExpired) return giveUp();
        sessionExpired = false;
        setStatus(RECONNECTING);
        return refreshAndConnect();
      }
      // The connection was lost; socket.io tries again by itself.
      setStatus(everConnected ? RECONNECTING : DISCONNECTED);
    });
    current.on('connect_error', (error) => {
      if (stale() || current.active) return; // A failed attempt that socket.io will repeat.
      // The server answered and refused the handshake.
      if (error.message === REALTIME_UNAUTHORIZED) {
        if (refreshedAfterRefusal) return giveUp();
        refreshedAfterRefusal = true;
        return refreshAndConnect();
      }
      // Trouble on the server's side: tried again like a lost connection.
      refusals += 1;
      if (refusals > settings.reconnectionAttempts) return restOffline();
      retryTimer = setTimeout(() => current.connect(), settings.reconnectionDelay);
    });
    current.io.on('reconnect_failed', () => {
      if (!stale()) restOffline();
    });
    current.onAny((event: string, ...args: unknown[]) => {
      for (const handler of [...(handlers.get(event) ?? [])]) handler(...args);
    });

    // After the attempts ran out, coming back online or to the tab is worth one more series.
    const retry = () => {
      if (stale() || !attemptsRanOut) return;
      attemptsRanOut = false;
      refusals = 0;
      setStatus(RECONNECTING);
      current.connect();
    };
    const retryWhenVisible = () => {
      if (page?.visibilityState === 'visible') retry();
    };
    online?.addEventListener('online', retry);
    page?.addEventListener('visibilitychange', retryWhenVisible);
    current.connect();
    return () => {
      clearTimeout(retryTimer);
      online?.removeEventListener('online', retry);
      page?.removeEventListener('visibilitychange', retryWhenVisible);
      current.disconnect();
    };
  }

  /** Closes the current connection; set from start() to stop(). */
  let close: (() => void) | null = null;
  return {
    start() {
      if (close) return;
      const own = generation;
      // Marks the client as started while socket.io-client loads.
      close = () => undefined;
      load().then(
        (connect) => {
          if (own !== generation) return;
          close = open(connect, own);
        },
        () => {
          if (own === generation) close = null;
        },
      );
    },
    stop() {
      generation += 1;
      close?.();
      close = null;
      setStatus(DISCONNECTED);
    },
    getStatus: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      const stored = handler as (...args: unknown[]) => void;
      set.add(stored);
      handlers.set(event, set);
      return () => set.delete(stored);
    },
  };
}
