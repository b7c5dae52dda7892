/**
 * Web-only constants. Values shared with the server come from `@encore/core`; the ones below
 * are not exported there (yet), so they are defined here until the lead moves them.
 */

/** After the first batch, queued analytics events are sent this often (only when non-empty). */
export const ANALYTICS_FLUSH_INTERVAL_MS = 10_000;

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
