export { RealtimeConnection } from './RealtimeConnection';
export { ReconnectingIndicator } from './ReconnectingIndicator';
export { realtimeClient } from './realtime';
export type { NetworkStatus, RealtimeClient } from './realtime-client';
export { useNetworkStatus, useRealtimeEvent } from './use-realtime';
