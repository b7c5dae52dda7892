import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerToClientEvent, ServerToClientEvents } from '@encore/core';
import { useSession } from '../session';
import { realtimeClient } from './realtime';
import { DISCONNECTED, type NetworkStatus, type RealtimeClient } from './realtime-client';

/** `networkStatus` of the client state (SEED-SPEC point 3): whether the realtime channel is up. */
export function useNetworkStatus(client: RealtimeClient = realtimeClient): NetworkStatus {
  return useSyncExternalStore(client.onStatus, client.getStatus, () => DISCONNECTED);
}

/**
 * Calls the handler for each event of this name the server pushes, e.g.
 * `useRealtimeEvent('notificationCreated', ({ unread_count }) => setUnread(unread_count))`.
 * The newest handler is called, so it may close over the component's current state.
 */
export function useRealtimeEvent<Event extends ServerToClientEvent>(
  event: Event,
  handler: ServerToClientEvents[Event],
  client: RealtimeClient = realtimeClient,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const forward = ((...args: Parameters<ServerToClientEvents[Event]>) =>
      (latest.current as (...rest: typeof args) => void)(...args)) as ServerToClientEvents[Event];
    return client.on(event, forward);
  }, [client, event]);
}

/** Keeps the realtime channel open while someone is signed in. */
export function useRealtimeConnection(client: RealtimeClient = realtimeClient): void {
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'authenticated') return;
    client.start();
    return () => client.stop();
  }, [client, status]);
}
