import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const applicationRoutes: RouteObject[] = [
  {
    path: '/applications',
    ...lazyPage(() => import('./pages/ApplicationListPage'), 'ApplicationListPage'),
  },
  {
    path: '/application/:id',
    ...lazyPage(() => import('./pages/ApplicationViewPage'), 'ApplicationViewPage'),
  },
  {
    path: '/application/:id/edit',
    ...lazyPage(() => import('./pages/ApplicationEditPage'), 'ApplicationEditPage'),
  },
  {
    path: '/application/:id/review',
    ...lazyPage(() => import('./pages/ApplicationReviewPage'), 'ApplicationReviewPage'),
  },
];
