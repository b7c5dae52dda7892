import { endReasonForRefreshError, endSession, tokenRefresher } from '../session/session-manager';
import { createRealtimeClient } from './realtime-client';

/**
 * A refresh that ended the session ends it in the app too (toast, /login), as the Apollo link
 * does; a passing failure leaves the socket disconnected until the next sign of life.
 */
function orEndSession(error: unknown): null {
  const reason = endReasonForRefreshError(error);
  if (reason) endSession(reason);
  return null;
}

/** The app's realtime client, on the session's tokens (SessionProvider starts and stops it). */
export const realtimeClient = createRealtimeClient({
  getToken: () => tokenRefresher.getValidAccessToken().catch(orEndSession),
  refresh: () => tokenRefresher.refreshAccessToken().catch(orEndSession),
});
