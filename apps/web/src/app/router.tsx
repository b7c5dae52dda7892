import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { COOKIE_NAMES } from '@encore/core';
import { getCookie } from '../lib/cookies';
import { adminRoutes } from '../features/admin/routes';
import { applicationRoutes } from '../features/applications/routes';
import { receiptRoutes } from '../features/applications/receipt/routes';
import { authRoutes } from '../features/auth/routes';
import { formRoutes } from '../features/forms/routes';
import { impactRoutes } from '../features/impact/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { unsubscribeRoutes } from '../features/notifications/preferences/routes';
import {
  opportunityBrowseRoutes,
  opportunityPublicRoutes,
  opportunityRoutes,
} from '../features/opportunities/routes';
import { organisationBrowseRoutes, organisationRoutes } from '../features/organisations/routes';
import { profileRoutes } from '../features/profile/routes';
import { notFoundRoute, publicRoutes } from '../features/public/routes';
import { spaceRoutes } from '../features/spaces/routes';
import { BrowseLayout } from './layout/BrowseLayout';
import { PublicLayout } from './layout/PublicLayout';
import { RootShell } from './layout/RootShell';
import { RequireAuth } from './session';
import { RouteErrorPage } from './shell/ErrorBoundary';
import { PageLoading } from './shell/RouteProgress';
import { preloadable } from './preloadable';

// Only the pages that talk to the API need these; they stay out of the first load of `/`.
const apolloBoundary = preloadable(() => import('./ApolloBoundary'), 'ApolloBoundary');
const appLayout = preloadable(() => import('./layout/AppLayout'), 'AppLayout');
const ApolloBoundary = apolloBoundary.Component;
const AppLayout = appLayout.Component;
const loadApolloBoundary = apolloBoundary.preload;
const loadAppLayout = appLayout.preload;

/** Same test as the SessionProvider's: a visitor without a session is sent to /login. */
const hasSession = () => Boolean(getCookie(COOKIE_NAMES.accessToken));

/** Visitors who will be redirected to /login do not download the signed-in chunks first. */
function preloadWhenSignedIn(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { loader } = route;
    if (typeof loader !== 'function') return route;
    return { ...route, loader: (args) => (hasSession() ? loader(args) : null) } as RouteObject;
  });
}

/**
 * Pages anyone may browse, in the app frame when signed in and the public one otherwise. SEED-SPEC
 * point 2 lists /opportunities as protected; it is open so that visitors can search before they
 * sign up (docs/decisions.md, "Visitors browse").
 */
export const browseRoutes: RouteObject[] = [
  ...opportunityBrowseRoutes,
  ...organisationBrowseRoutes,
  ...receiptRoutes,
];

/** Every signed-in route of SEED-SPEC point 2. */
export const protectedRoutes: RouteObject[] = preloadWhenSignedIn([
  ...opportunityRoutes,
  ...formRoutes,
  ...applicationRoutes,
  ...organisationRoutes,
  ...spaceRoutes,
  ...profileRoutes,
  ...impactRoutes,
  ...notificationRoutes,
  ...adminRoutes,
]);

/** The branch of the route tree that needs a session; the server renders none of it. */
export const SIGNED_IN_ROUTE_ID = 'signed-in';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...publicRoutes,
          {
            element: <ApolloBoundary />,
            loader: async () => (await loadApolloBoundary(), null),
            children: [...authRoutes, ...unsubscribeRoutes, ...opportunityPublicRoutes],
          },
          notFoundRoute,
        ],
      },
      {
        element: <ApolloBoundary />,
        loader: async () => {
          await Promise.all([loadApolloBoundary(), ...(hasSession() ? [loadAppLayout()] : [])]);
          return null;
        },
        children: [{ element: <BrowseLayout />, children: browseRoutes }],
      },
      {
        id: SIGNED_IN_ROUTE_ID,
        element: <RequireAuth />,
        children: [
          {
            element: <ApolloBoundary />,
            loader: async () => {
              if (hasSession()) await Promise.all([loadApolloBoundary(), loadAppLayout()]);
              return null;
            },
            children: [{ element: <AppLayout />, children: protectedRoutes }],
          },
        ],
      },
    ],
  },
];

export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}

/** Runs the loaders of the routes at `href` (their chunks and translations), as navigation would. */
export async function preloadRoutes(href: string): Promise<void> {
  const url = new URL(href);
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const request = new Request(url);
  await Promise.all(
    matches.map(({ route, params }) =>
      typeof route.loader === 'function'
        ? route.loader({ request, params, context: undefined } as LoaderFunctionArgs)
        : null,
    ),
  );
}
