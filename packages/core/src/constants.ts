/**
 * Business constants and limits shared by the server and the web app (SEED-SPEC point 9).
 * Values that both sides must agree on live here so they cannot drift apart.
 */

export const PAGE_SIZES = {
  applications: 10,
  dashboard: 50,
  refundRequests: 10,
} as const;

export const DEFAULT_PAGE = 1;

export const SORT_FIELDS = ['DATE', 'DEADLINE', 'RECENT', 'ALPHABET', 'PRICE'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface SortOrder {
  field: SortField;
  asc: boolean;
}

/** Newest first. */
export const DEFAULT_SORT = { field: 'RECENT', asc: false } as const satisfies SortOrder;

/** Day.js-style format tokens used for timestamps exchanged with the API. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

export const COOKIE_NAMES = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userRole: 'user_role',
  rememberMe: 'rememberMe',
  lastActivity: 'lastActivity',
  locale: 'locale',
  /** Cookie consent. */
  accepted: 'accepted',
} as const;
export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];

export const COOKIE_LIFETIME_DAYS = {
  access: 1,
  accessRememberMe: 7,
  refresh: 7,
  refreshRememberMe: 30,
  consent: 30,
  locale: 30,
} as const;

/** An access token this close to its expiry is treated as already expired, to absorb clock skew and latency. */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 60;
/** Below this much remaining lifetime a token is refreshed proactively. */
export const TOKEN_SOON_EXPIRING_SECONDS = 3600;
/** Consecutive failed refreshes after which the session is given up. */
export const MAX_REFRESH_FAILURES = 3;

/** Without remember-me, a session idle for longer than this ends. */
export const INACTIVITY_LIMIT_MS = 24 * 60 * 60 * 1000;
/** DOM events that count as user activity for the inactivity limit. */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'touchstart'] as const;
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];

export const SOCKET_SETTINGS = {
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  timeout: 20_000,
} as const;

export const SNACKBAR_AUTO_HIDE_MS = 3000;
/** How often the shell polls for a pending session refresh after load. */
export const REFRESH_WAIT_CHECK_MS = 100;
export const LOADING_LOGO_SIZE = { width: 180, height: 120 } as const;

/** Minimum viewport widths in px, mobile first. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

export const SPACING_PX = 8;
/** Fraction of requests traced by the error-reporting service (1 = all). */
export const TRACING_SAMPLE_RATE = 1;
/** Delay after load before the batched analytics, tracking and metrics calls are sent. */
export const ANALYTICS_BATCH_DELAY_MS = 3000;

/** A UUID as the database stores ids: checked before an id reaches a query. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The widths, in pixels, in which `/files/:id?w=` serves a picture as WebP, and the ones a page's
 * `srcset` offers. A closed set, so nobody can make the server resize to arbitrary sizes.
 */
export const IMAGE_WIDTHS = [320, 480, 768, 1024, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
