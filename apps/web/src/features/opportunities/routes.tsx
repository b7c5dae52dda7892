import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The opportunity's own page is public (SEED-SPEC point 2 does not list it as protected). */
export const opportunityPublicRoutes: RouteObject[] = [
  {
    path: '/opportunity/:slug',
    ...lazyPage(() => import('./pages/OpportunityPublicPage'), 'OpportunityPublicPage', {
      namespaces: ['pages'],
    }),
  },
];

/** The search is open to visitors too; the router frames it by session (BrowseLayout). */
export const opportunityBrowseRoutes: RouteObject[] = [
  {
    path: '/opportunities',
    ...lazyPage(() => import('./pages/OpportunitySearchPage'), 'OpportunitySearchPage'),
  },
];

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const opportunityRoutes: RouteObject[] = [
  {
    path: '/opportunities/review',
    ...lazyPage(() => import('./pages/OpportunityReviewPage'), 'OpportunityReviewPage'),
  },
  {
    path: '/opportunity/wizard',
    ...lazyPage(() => import('./pages/OpportunityWizardPage'), 'OpportunityWizardPage'),
  },
  {
    path: '/opportunity/:slug/edit',
    ...lazyPage(() => import('./pages/OpportunityEditPage'), 'OpportunityEditPage'),
  },
  {
    path: '/opportunity/:slug/update',
    ...lazyPage(() => import('./pages/OpportunityUpdatePage'), 'OpportunityUpdatePage'),
  },
  {
    path: '/opportunity/:slug/dashboard',
    ...lazyPage(() => import('./pages/OpportunityDashboardPage'), 'OpportunityDashboardPage'),
  },
  {
    path: '/opportunity/:slug/payments/details',
    ...lazyPage(() => import('./payments/OpportunityPaymentsPage'), 'OpportunityPaymentsPage'),
  },
];
