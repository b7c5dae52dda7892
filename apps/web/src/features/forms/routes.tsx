import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const formRoutes: RouteObject[] = [
  {
    path: '/opportunity/:slug/form',
    ...lazyPage(() => import('./pages/OpportunityFormPage'), 'OpportunityFormPage'),
  },
];
