import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The admin pages' copy lives in the `pages` namespace. */
const withPageCopy = { namespaces: ['pages' as const] };

/**
 * Signed-in routes for platform administrators; the router puts them behind RequireAuth and the
 * AppLayout, and each page shows anyone else the not-found page.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin/events',
    ...lazyPage(() => import('./pages/AdminEventsPage'), 'AdminEventsPage', withPageCopy),
  },
];
