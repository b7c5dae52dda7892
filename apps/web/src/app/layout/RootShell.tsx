import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackPageView } from '../../lib/analytics';
import { PageLoading, RouteProgress } from '../shell/RouteProgress';
import { ScrollToTop } from '../shell/ScrollToTop';
import { SkipLink } from '../shell/SkipLink';
import { CookieConsent } from './CookieConsent';

/** Records a `page_view` per path; the query is left out (it can hold tokens and e-mails). */
function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
  return null;
}

/** Wraps every route: skip link first in the tab order, progress bar, scroll and page views. */
export function RootShell() {
  return (
    <>
      <SkipLink />
      <RouteProgress />
      <ScrollToTop />
      <PageViewTracker />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <CookieConsent />
    </>
  );
}
