import { createBrowserRouter, type RouteObject } from 'react-router';
import { applicationRoutes } from '../features/applications/routes';
import { authRoutes } from '../features/auth/routes';
import { impactRoutes } from '../features/impact/routes';
import { opportunityRoutes } from '../features/opportunities/routes';
import { organisationRoutes } from '../features/organisations/routes';
import { profileRoutes } from '../features/profile/routes';
import { notFoundRoute, publicRoutes } from '../features/public/routes';
import { spaceRoutes } from '../features/spaces/routes';
import { AppLayout } from './layout/AppLayout';
import { PublicLayout } from './layout/PublicLayout';
import { RootShell } from './layout/RootShell';
import { RequireAuth } from './session';
import { RouteErrorPage } from './shell/ErrorBoundary';
import { PageLoading } from './shell/RouteProgress';

/** Every route of SEED-SPEC point 2. */
export const protectedRoutes: RouteObject[] = [
  ...opportunityRoutes,
  ...applicationRoutes,
  ...organisationRoutes,
  ...spaceRoutes,
  ...profileRoutes,
  ...impactRoutes,
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { element: <PublicLayout />, children: [...publicRoutes, ...authRoutes, notFoundRoute] },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: protectedRoutes,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
