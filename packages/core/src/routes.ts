/**
 * Every path the web app renders a page for, in React Router's pattern syntax. The server answers
 * 404 for an address that matches none (the app's not-found page still renders), so a page added
 * to the web's router must be listed here too: apps/web/src/app/routes.test.ts checks the two agree.
 */
export const WEB_ROUTE_PATTERNS = [
  '/',
  '/about',
  '/terms-conditions',
  '/privacy',
  '/help',
  '/contact',
  '/error-pages/general',
  '/network-error',
  '/login',
  '/register',
  '/register/complete',
  '/password/forgot',
  '/password/reset',
  '/unsubscribe',
  '/opportunity/:slug',
  '/opportunities',
  '/opportunities/review',
  '/opportunity/wizard',
  '/opportunity/:slug/edit',
  '/opportunity/:slug/update',
  '/opportunity/:slug/dashboard',
  '/opportunity/:slug/payments/details',
  '/opportunity/:slug/form',
  '/opportunity/:slug/apply',
  '/applications',
  '/application/:id',
  '/application/:id/edit',
  '/application/:id/review',
  '/receipt/:token',
  '/organisations',
  '/organisations/create',
  '/organisation/:slug/update',
  '/organisation/:slug/dashboard',
  '/organisation/:slug/opportunities',
  '/organisation/:slug/payment/connect',
  '/organisation/:slug/payment/update',
  '/organisation/:slug/payment/account',
  '/organisation/:slug',
  '/organisation/connect',
  '/spaces',
  '/spaces/:id',
  '/profile/update',
  '/:id/profile',
  '/account/upgrade',
  '/impact',
  '/notifications',
  '/admin/events',
] as const;

export type WebRoutePattern = (typeof WEB_ROUTE_PATTERNS)[number];

export interface WebRouteMatch {
  pattern: WebRoutePattern;
  params: Record<string, string>;
}

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

/**
 * The route React Router would render for `pathname`, or null when only its catch-all would.
 * Like React Router, matching ignores case and a trailing slash, and a static segment outranks a
 * parameter (`/organisation/connect` is not the organisation called "connect").
 */
export function matchWebRoute(pathname: string): WebRouteMatch | null {
  const given = segmentsOf(pathname);
  let best: { match: WebRouteMatch; staticSegments: number } | null = null;
  for (const pattern of WEB_ROUTE_PATTERNS) {
    const expected = segmentsOf(pattern);
    if (expected.length !== given.length) continue;
    const params: Record<string, string> = {};
    let staticSegments = 0;
    const matches = expected.every((segment, index) => {
      const value = given[index]!;
      if (segment.startsWith(':')) {
        let decoded: string;
        try {
          decoded = decodeURIComponent(value);
        } catch {
          return false;
        }
        params[segment.slice(1)] = decoded;
        return true;
      }
      staticSegments += 1;
      return segment.toLowerCase() === value.toLowerCase();
    });
    if (matches && (!best || staticSegments > best.staticSegments)) {
      best = { match: { pattern, params }, staticSegments };
    }
  }
  return best?.match ?? null;
}
