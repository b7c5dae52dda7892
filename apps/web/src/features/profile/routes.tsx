import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const profileRoutes: RouteObject[] = [
  {
    path: '/profile/update',
    ...lazyPage(() => import('./pages/ProfileUpdatePage'), 'ProfileUpdatePage'),
  },
  { path: '/:id/profile', ...lazyPage(() => import('./pages/ProfileViewPage'), 'ProfileViewPage') },
  {
    path: '/account/upgrade',
    ...lazyPage(() => import('./pages/AccountUpgradePage'), 'AccountUpgradePage'),
  },
];
