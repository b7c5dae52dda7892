import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The profile pages' copy lives in the `pages` namespace. */
const withPageCopy = { namespaces: ['pages' as const] };

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const profileRoutes: RouteObject[] = [
  {
    path: '/profile/update',
    ...lazyPage(() => import('./pages/ProfileUpdatePage'), 'ProfileUpdatePage', withPageCopy),
  },
  {
    path: '/:id/profile',
    ...lazyPage(() => import('./pages/ProfileViewPage'), 'ProfileViewPage', withPageCopy),
  },
  {
    path: '/account/upgrade',
    ...lazyPage(() => import('./pages/AccountUpgradePage'), 'AccountUpgradePage', withPageCopy),
  },
];
