import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** An organisation's own page is open to visitors too; the router frames it by session. */
export const organisationBrowseRoutes: RouteObject[] = [
  {
    path: '/organisation/:slug',
    ...lazyPage(() => import('./pages/OrganisationPublicPage'), 'OrganisationPublicPage'),
  },
];

/** Signed-in routes; the router puts them behind RequireAuth and the AppLayout. */
export const organisationRoutes: RouteObject[] = [
  {
    path: '/organisations',
    ...lazyPage(() => import('./pages/OrganisationListPage'), 'OrganisationListPage'),
  },
  {
    path: '/organisations/create',
    ...lazyPage(() => import('./pages/OrganisationCreatePage'), 'OrganisationCreatePage'),
  },
  {
    path: '/organisation/:slug/update',
    ...lazyPage(() => import('./pages/OrganisationUpdatePage'), 'OrganisationUpdatePage'),
  },
  {
    path: '/organisation/:slug/dashboard',
    ...lazyPage(() => import('./pages/OrganisationDashboardPage'), 'OrganisationDashboardPage'),
  },
  {
    path: '/organisation/:slug/opportunities',
    ...lazyPage(
      () => import('./pages/OrganisationOpportunitiesPage'),
      'OrganisationOpportunitiesPage',
    ),
  },
  {
    path: '/organisation/:slug/payment/connect',
    ...lazyPage(
      () => import('./pages/OrganisationPaymentConnectPage'),
      'OrganisationPaymentConnectPage',
    ),
  },
  {
    path: '/organisation/:slug/payment/update',
    ...lazyPage(
      () => import('./pages/OrganisationPaymentUpdatePage'),
      'OrganisationPaymentUpdatePage',
    ),
  },
  {
    path: '/organisation/:slug/payment/account',
    ...lazyPage(
      () => import('./pages/OrganisationPaymentAccountPage'),
      'OrganisationPaymentAccountPage',
    ),
  },
  {
    path: '/organisation/connect',
    ...lazyPage(() => import('./pages/OrganisationConnectPage'), 'OrganisationConnectPage'),
  },
];
