/**
 * Web-only constants. Values shared with the server come from `@encore/core`; the ones below
 * are not exported there (yet), so they are defined here until the lead moves them.
 */

/** After the first batch, queued analytics events are sent this often (only when non-empty). */
export const ANALYTICS_FLUSH_INTERVAL_MS = 10_000;

// The server's limits on one batch. They equal ANALYTICS_MAX_EVENTS and
// ANALYTICS_MAX_BODY_BYTES of @encore/core (analytics.test.ts checks it), but core's
// analytics module also builds zod schemas at import time, which would put zod in the
// first load of every page. Import them from core once it can be tree-shaken.
export const ANALYTICS_MAX_EVENTS = 100;
export const ANALYTICS_MAX_BODY_BYTES = 64 * 1024;
export const ANALYTICS_CHANNELS = ['analytics', 'tracking', 'metrics'] as const;
export type AnalyticsChannel = (typeof ANALYTICS_CHANNELS)[number];

/** sessionStorage key holding the last network failure shown on /network-error. */
export const NETWORK_ERROR_STORAGE_KEY = 'networkError';
/** localStorage key remembering whether the app sidebar is open. */
export const SIDEBAR_STORAGE_KEY = 'sidebarOpen';

/** Image shown when an <AppImage> fails to load (served from public/). */
export const PLACEHOLDER_IMAGE_SRC = '/placeholder.svg';

/** Where a signed-in user lands by default (login without `next`, "back to dashboard" links). */
export const DASHBOARD_PATH = '/opportunities';

/** The contact address shown on /contact and used for its mailto: link. */
export const CONTACT_EMAIL = 'hello@encore.example';
