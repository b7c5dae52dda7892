/**
 * The realtime channel (socket.io at REALTIME_PATH): what the server and the web app say to each
 * other, typed once for both. Connection settings are SOCKET_SETTINGS (constants.ts).
 */

export const REALTIME_PATH = '/socket.io';

/**
 * The message of the `connect_error` a refused handshake gets (a missing, forged, expired or
 * revoked access token). A stable code rather than a sentence: the client acts on it (refreshes
 * the session once and tries again).
 */
export const REALTIME_UNAUTHORIZED = 'unauthorized';

/** The private room every socket of a user joins. */
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * Why the server is about to close a socket: its access token ran out while connected, or its
 * session ended (logout, a password change, a deleted account). The client refreshes the session
 * and reconnects; after a revocation the refresh fails and the session ends as it would anyway.
 */
export type SessionExpiredReason = 'expired' | 'revoked';

/** A notification as the notification centre sends it (SEED-SPEC point 3, "Notification"). */
export interface RealtimeNotification {
  id: string;
  type: string;
  title: string;
  message: string | null;
  url_path: string | null;
  is_read: boolean;
  /** DATETIME_FORMAT, as the GraphQL API gives it. */
  created_at: string;
  updated_at: string;
}

export interface NotificationCreatedPayload {
  notification: RealtimeNotification;
  /** The recipient's unread count with this notification counted. */
  unread_count: number;
}

export interface ServerToClientEvents {
  notificationCreated: (payload: NotificationCreatedPayload) => void;
  /** Sent just before the server closes the socket; see SessionExpiredReason. */
  sessionExpired: (payload: { reason: SessionExpiredReason }) => void;
}

export type ServerToClientEvent = keyof ServerToClientEvents;

/** Nothing yet: groups (joinGroup, leaveGroup) come with community spaces. */
export type ClientToServerEvents = Record<never, never>;
