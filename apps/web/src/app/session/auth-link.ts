import { ApolloLink } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { catchError, from, mergeMap, of, throwError, type Observable } from 'rxjs';
import type { TokenRefresher } from './token-refresher';
import { endReasonForRefreshError, type SessionEndReason } from './session-manager';

/**
 * Operations that must run without a token. Pages mark them with `context: { skipAuth: true }`;
 * the names cover documents sent without that context.
 */
export const SKIP_AUTH_OPERATIONS = new Set([
  'Login',
  'Register',
  'ForgotPassword',
  'ResetPassword',
  'RefreshToken',
  'VerifyEmail',
]);

const AUTH_ERROR_MESSAGES = new Set(['Not authenticated', 'Unauthorized']);

export function skipsAuth(operation: ApolloLink.Operation): boolean {
  return (
    operation.getContext().skipAuth === true ||
    SKIP_AUTH_OPERATIONS.has(operation.operationName ?? '')
  );
}

/** True when the result carries an authentication error (SEED-SPEC point 8). */
export function hasAuthError(result: ApolloLink.Result): boolean {
  if (!('errors' in result) || !Array.isArray(result.errors)) return false;
  return result.errors.some(
    (error) =>
      AUTH_ERROR_MESSAGES.has(error.message) || error.extensions?.code === 'UNAUTHENTICATED',
  );
}

function isAuthStatusError(error: unknown): boolean {
  return ServerError.is(error) && (error.statusCode === 401 || error.statusCode === 403);
}

export interface AuthLinkOptions {
  refresher: TokenRefresher;
  /** Clears the session, shows the toast and sends the user to /login. */
  endSession: (reason: SessionEndReason) => void;
}

/**
 * Adds `Authorization: Bearer <token>` (a valid token, refreshed first when needed) to every
 * operation but the skipAuth ones. An authentication error triggers one refresh and one retry;
 * HTTP 401/403 without a refresh token ends the session.
 */
export function createAuthLink({ refresher, endSession }: AuthLinkOptions) {
  const withToken = (operation: ApolloLink.Operation, token: string | null) => {
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => {
      const next: Record<string, string> = { ...headers };
      if (token) next.Authorization = `Bearer ${token}`;
      else delete next.Authorization;
      return { headers: next };
    });
    return operation;
  };

  const failRefresh = (error: unknown): Observable<never> => {
    const reason = endReasonForRefreshError(error);
    if (reason) endSession(reason);
    return throwError(() => error);
  };

  return new ApolloLink((operation, forward) => {
    if (skipsAuth(operation)) return forward(operation);

    let retried = false;
    const retryAfterRefresh = (): Observable<ApolloLink.Result> => {
      retried = true;
      return from(refresher.refreshAccessToken()).pipe(
        catchError(failRefresh),
        mergeMap((token) => forward(withToken(operation, token))),
        mergeMap((result) => {
          if (hasAuthError(result)) endSession('authFailed');
          return of(result);
        }),
        catchError((error: unknown) => {
          if (isAuthStatusError(error)) endSession('authFailed');
          return throwError(() => error);
        }),
      );
    };

    return from(refresher.getValidAccessToken()).pipe(
      catchError(failRefresh),
      mergeMap((token) =>
        forward(withToken(operation, token)).pipe(
          mergeMap((result) => {
            if (!token || retried || !hasAuthError(result)) return of(result);
            if (refresher.hasRefreshToken()) return retryAfterRefresh();
            endSession('authRequired');
            return of(result);
          }),
          catchError((error: unknown) => {
            if (retried || !isAuthStatusError(error)) return throwError(() => error);
            if (refresher.hasRefreshToken()) return retryAfterRefresh();
            endSession('authRequired');
            return throwError(() => error);
          }),
        ),
      ),
    );
  });
}
