import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { COOKIE_NAMES } from '@encore/core';
import { getCookie } from '../lib/cookies';
import { applicationRoutes } from '../features/applications/routes';
import { authRoutes } from '../features/auth/routes';
import { formRoutes } from '../features/forms/routes';
import { impactRoutes } from '../features/impact/routes';
import { opportunityPublicRoutes, opportunityRoutes } from '../features/opportunities/routes';
import { organisationRoutes } from '../features/organisations/routes';
import { profileRoutes } from '../features/profile/routes';
import { notFoundRoute, publicRoutes } from '../features/public/routes';
import { spaceRoutes } from '../features/spaces/routes';
import { PublicLayout } from './layout/PublicLayout';
import { RootShell } from './layout/RootShell';
import { RequireAuth } from './session';
import { RouteErrorPage } from './shell/ErrorBoundary';
import { PageLoading } from './shell/RouteProgress';

// Only signed-in pages and account forms need these; they stay out of the first load of `/`.
const loadApolloBoundary = () => import('./ApolloBoundary');
const loadAppLayout = () => import('./layout/AppLayout');
const ApolloBoundary = lazy(async () => ({ default: (await loadApolloBoundary()).ApolloBoundary }));
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));

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

/** Every signed-in route of SEED-SPEC point 2. */
export const protectedRoutes: RouteObject[] = preloadWhenSignedIn([
  ...opportunityRoutes,
  ...formRoutes,
  ...applicationRoutes,
  ...organisationRoutes,
  ...spaceRoutes,
  ...profileRoutes,
  ...impactRoutes,
]);

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
            children: [...authRoutes, ...opportunityPublicRoutes],
          },
          notFoundRoute,
        ],
      },
      {
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
