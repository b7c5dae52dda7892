import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingLogo } from '../shell/LoadingLogo';
import { useSession } from './session';
import { loginPathFor } from './session-manager';

/** Lets signed-in users through; sends everyone else to /login with the way back in `next`. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <LoadingLogo />;
  if (status === 'anonymous') return <Navigate to={loginPathFor(pathname, search)} replace />;
  return children ?? <Outlet />;
}
