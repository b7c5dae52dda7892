import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const impactRoutes: RouteObject[] = [
  { path: '/impact', ...lazyPage(() => import('./pages/ImpactPage'), 'ImpactPage') },
];
