import { matchWebRoute, type WebRoutePattern } from '@encore/core';
import type { Services } from '../services';

/** What the address of a web page names: a page (200), nothing (404) or something deleted (410). */
export type PageStatus = 200 | 404 | 410;

type ParamLookup = (params: Record<string, string>) => Promise<PageStatus>;

/**
 * The status of the web app's HTML document for `pathname`, so that crawlers and link checkers
 * see a missing page as missing; the app itself renders its not-found page either way.
 * The status tells whether the address names a record, not whether the caller may see it (the
 * page is the same HTML for everyone; the app asks the API with the visitor's session).
 */
export function webPageStatus(services: Services): (pathname: string) => Promise<PageStatus> {
  const opportunity: ParamLookup = async ({ slug }) => {
    if (await services.opportunities.bySlug(slug!)) return 200;
    return (await services.opportunities.isDeletedSlug(slug!)) ? 410 : 404;
  };
  const organisation: ParamLookup = async ({ slug }) =>
    (await services.organisations.bySlug(slug!)) ? 200 : 404;
  // No space is stored by the server yet, so every space address names nothing. When spaces
  // arrive, this looks the id up like the opportunity and organisation addresses do.
  const space: ParamLookup = async () => 404;

  const lookups: Partial<Record<WebRoutePattern, ParamLookup>> = {
    '/opportunity/:slug': opportunity,
    '/opportunity/:slug/edit': opportunity,
    '/opportunity/:slug/update': opportunity,
    '/opportunity/:slug/dashboard': opportunity,
    '/opportunity/:slug/payments/details': opportunity,
    '/opportunity/:slug/form': opportunity,
    '/opportunity/:slug/apply': opportunity,
    '/organisation/:slug': organisation,
    '/organisation/:slug/update': organisation,
    '/organisation/:slug/dashboard': organisation,
    '/organisation/:slug/opportunities': organisation,
    '/organisation/:slug/payment/connect': organisation,
    '/organisation/:slug/payment/update': organisation,
    '/organisation/:slug/payment/account': organisation,
    '/spaces/:id': space,
  };

  return async (pathname) => {
    const match = matchWebRoute(pathname);
    if (!match) return 404;
    const lookup = lookups[match.pattern];
    return lookup ? lookup(match.params) : 200;
  };
}
