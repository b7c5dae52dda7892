import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/**
 * Account pages. Signed-in visitors are not redirected by the session logic (SEED-SPEC
 * point 2); each page decides what to do with them.
 */
export const authRoutes: RouteObject[] = [
  { path: '/login', ...lazyPage(() => import('./pages/LoginPage'), 'LoginPage') },
  { path: '/register', ...lazyPage(() => import('./pages/RegisterPage'), 'RegisterPage') },
  {
    path: '/register/complete',
    ...lazyPage(() => import('./pages/RegisterCompletePage'), 'RegisterCompletePage'),
  },
  {
    path: '/password/forgot',
    ...lazyPage(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage'),
  },
  {
    path: '/password/reset',
    ...lazyPage(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage'),
  },
];
