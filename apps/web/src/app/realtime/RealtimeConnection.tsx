import { useRealtimeConnection } from './use-realtime';

/** Rendered inside the SessionProvider: the realtime channel is open while someone is signed in. */
export function RealtimeConnection() {
  useRealtimeConnection();
  return null;
}
