import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const spaceRoutes: RouteObject[] = [
  { path: '/spaces', ...lazyPage(() => import('./pages/SpaceListPage'), 'SpaceListPage') },
  { path: '/spaces/:id', ...lazyPage(() => import('./pages/SpaceViewPage'), 'SpaceViewPage') },
];
