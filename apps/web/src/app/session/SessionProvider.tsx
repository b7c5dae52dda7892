import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clearAuthCookies, setAuthCookies } from '../../lib/cookies';
import { useSnackbar } from '../../lib/snackbar';
import { SessionContext, type AuthPayload, type Session, type SessionUser } from './session';
import {
  SESSION_END_MESSAGES,
  endReasonForRefreshError,
  endSession,
  evaluateStoredSession,
  onSessionEnd,
  redirectToLogin,
  startActivityTracking,
  tokenRefresher,
  type SessionEndReason,
  type StoredSessionState,
} from './session-manager';

/**
 * The session of SEED-SPEC point 4: read from the cookies on load (remember-me sessions are
 * renewed silently while the pulsing logo shows), ended with a toast when tokens run out or
 * after 24 hours without activity (without remember-me).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  // Cookies are readable synchronously, so the outcome on load is known on the first render.
  const [initial] = useState<StoredSessionState>(() => evaluateStoredSession());
  const [status, setStatus] = useState<Session['status']>(() => {
    if (initial.kind === 'renew') return 'loading';
    return initial.kind === 'authenticated' ? 'authenticated' : 'anonymous';
  });
  const [user, setUser] = useState<SessionUser | null>(null);

  const showEnded = useCallback(
    (reason: SessionEndReason) => {
      const { key, defaultValue } = SESSION_END_MESSAGES[reason];
      snackbar.error(t(key, { defaultValue }));
    },
    [snackbar, t],
  );

  // Any part of the app (the Apollo link, the inactivity timer) may end the session.
  useEffect(
    () =>
      onSessionEnd((reason) => {
        setUser(null);
        setStatus('anonymous');
        showEnded(reason);
        redirectToLogin(window.location);
      }),
    [showEnded],
  );

  // What the cookies said on load: an ended session is cleared (RequireAuth then sends the
  // visitor to /login), a remember-me session with an expiring token is renewed.
  const initialHandled = useRef(false);
  useEffect(() => {
    if (initialHandled.current) return;
    initialHandled.current = true;
    if (initial.kind === 'ended') {
      clearAuthCookies();
      showEnded(initial.reason);
      return;
    }
    if (initial.kind !== 'renew') return;
    tokenRefresher
      .getValidAccessToken()
      .then((token) => setStatus(token ? 'authenticated' : 'anonymous'))
      .catch((error: unknown) => {
        const reason = endReasonForRefreshError(error);
        if (reason) endSession(reason);
        else setStatus('authenticated'); // A passing failure: the link retries later.
      });
  }, [initial, showEnded]);

  useEffect(() => {
    if (status !== 'authenticated') return;
    return startActivityTracking({ onInactive: () => endSession('inactivity') });
  }, [status]);

  const signIn = useCallback((payload: AuthPayload, { rememberMe }: { rememberMe: boolean }) => {
    setAuthCookies({
      accessToken: payload.access_token,
      refreshToken: payload.refresh_token,
      userRole: payload.user.role?.name ?? null,
      rememberMe,
    });
    tokenRefresher.reset();
    setUser(payload.user);
    setStatus('authenticated');
  }, []);

  const signOut = useCallback(() => {
    clearAuthCookies();
    tokenRefresher.reset();
    setUser(null);
    setStatus('anonymous');
  }, []);

  const value = useMemo<Session>(
    () => ({ status, user, signIn, signOut }),
    [status, user, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
