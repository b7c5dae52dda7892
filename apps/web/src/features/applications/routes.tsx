import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The application pages' copy lives in the `pages` namespace. */
const withPageCopy = { namespaces: ['pages' as const] };

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const applicationRoutes: RouteObject[] = [
  {
    path: '/opportunity/:slug/apply',
    ...lazyPage(() => import('./pages/ApplyPage'), 'ApplyPage', withPageCopy),
  },
  {
    path: '/applications',
    ...lazyPage(() => import('./pages/ApplicationListPage'), 'ApplicationListPage', withPageCopy),
  },
  {
    path: '/application/:id',
    ...lazyPage(() => import('./pages/ApplicationViewPage'), 'ApplicationViewPage', withPageCopy),
  },
  {
    path: '/application/:id/edit',
    ...lazyPage(() => import('./pages/ApplicationEditPage'), 'ApplicationEditPage', withPageCopy),
  },
  {
    path: '/application/:id/review',
    ...lazyPage(
      () => import('./pages/ApplicationReviewPage'),
      'ApplicationReviewPage',
      withPageCopy,
    ),
  },
];
