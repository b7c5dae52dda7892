import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

const withPageCopy = { namespaces: ['pages' as const] };

/** Public pages (no login), rendered inside the PublicLayout. */
export const publicRoutes: RouteObject[] = [
  { index: true, ...lazyPage(() => import('./pages/LandingPage'), 'LandingPage', withPageCopy) },
  { path: '/about', ...lazyPage(() => import('./pages/AboutPage'), 'AboutPage', withPageCopy) },
  {
    path: '/terms-conditions',
    ...lazyPage(() => import('./pages/TermsPage'), 'TermsPage', withPageCopy),
  },
  {
    path: '/privacy',
    ...lazyPage(() => import('./pages/PrivacyPage'), 'PrivacyPage', withPageCopy),
  },
  { path: '/help', ...lazyPage(() => import('./pages/HelpPage'), 'HelpPage', withPageCopy) },
  {
    path: '/contact',
    ...lazyPage(() => import('./pages/ContactPage'), 'ContactPage', withPageCopy),
  },
  {
    path: '/error-pages/general',
    ...lazyPage(() => import('./pages/GeneralErrorPage'), 'GeneralErrorPage'),
  },
  {
    path: '/network-error',
    ...lazyPage(() => import('./pages/NetworkErrorPage'), 'NetworkErrorPage'),
  },
];

export const notFoundRoute: RouteObject = {
  path: '*',
  ...lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage'),
};
