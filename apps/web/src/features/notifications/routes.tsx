import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The page's copy lives in the `pages` namespace; the bell's (in the app bar) in `common`. */
const withPageCopy = { namespaces: ['pages' as const] };

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const notificationRoutes: RouteObject[] = [
  {
    path: '/notifications',
    ...lazyPage(() => import('./pages/NotificationsPage'), 'NotificationsPage', withPageCopy),
  },
];
