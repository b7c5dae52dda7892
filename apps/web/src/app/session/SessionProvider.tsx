import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { COOKIE_NAMES } from '@encore/core';
import { clearAuthCookies, getCookie, setAuthCookies } from '../../lib/cookies';
import { SessionContext, type AuthPayload, type Session, type SessionUser } from './session';

/**
 * For now a visitor counts as signed in when an `access_token` cookie exists. Token refresh,
 * expiry and inactivity rules (SEED-SPEC point 4) arrive with the session issue.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // Cookies are readable synchronously, so the status is known on the first render.
  const [status, setStatus] = useState<Session['status']>(() =>
    getCookie(COOKIE_NAMES.accessToken) ? 'authenticated' : 'anonymous',
  );
  const [user, setUser] = useState<SessionUser | null>(null);

  const signIn = useCallback((payload: AuthPayload, { rememberMe }: { rememberMe: boolean }) => {
    setAuthCookies({
      accessToken: payload.access_token,
      refreshToken: payload.refresh_token,
      userRole: payload.user.role?.name ?? null,
      rememberMe,
    });
    setUser(payload.user);
    setStatus('authenticated');
  }, []);

  const signOut = useCallback(() => {
    clearAuthCookies();
    setUser(null);
    setStatus('anonymous');
  }, []);

  const value = useMemo<Session>(
    () => ({ status, user, signIn, signOut }),
    [status, user, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
