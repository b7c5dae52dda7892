import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { createAuthLink } from '../app/session/auth-link';
import { GRAPHQL_ENDPOINT, endSession, tokenRefresher } from '../app/session/session-manager';
import type { TokenRefresher } from '../app/session/token-refresher';
import { NETWORK_ERROR_STORAGE_KEY } from './constants';

export { GRAPHQL_ENDPOINT };

/** What /network-error shows about the failed call. */
export interface StoredNetworkError {
  operationName: string;
  /** ISO-8601. */
  time: string;
  message: string;
}

/**
 * Failures to reach the API at all, not GraphQL errors: fetch failed, connection refused,
 * timeouts, and an endpoint that is not found or whose gateway answers for it (404, 502-504).
 */
const NETWORK_FAILURE =
  /fetch failed|failed to fetch|network|connection|timeout|timed out|refused|not found|load failed/i;

export function isNetworkFailure(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return false;
  if (ServerError.is(error)) return [404, 502, 503, 504].includes(error.statusCode);
  return error instanceof Error && NETWORK_FAILURE.test(error.message);
}

/** Paths where a network failure must not redirect again (avoids loops on the error pages). */
export function isErrorPage(pathname: string): boolean {
  return pathname.startsWith('/error-pages') || pathname.startsWith('/network-error');
}

export function storeNetworkError(details: StoredNetworkError): void {
  try {
    sessionStorage.setItem(NETWORK_ERROR_STORAGE_KEY, JSON.stringify(details));
  } catch {
    // Storage may be full or disabled; the page then shows no details.
  }
}

export interface ApolloClientOptions {
  /** Client-side navigation (the router's); a full page load when omitted. */
  navigate?: (to: string) => void;
  /** The session's token refresher; the cookie-backed one by default (tests pass their own). */
  refresher?: TokenRefresher;
  /** The fetch used for GraphQL requests (tests pass a fake). */
  fetch?: typeof fetch;
}

export function createApolloClient({
  navigate,
  refresher = tokenRefresher,
  fetch: fetchImpl,
}: ApolloClientOptions = {}) {
  // Token refresh, one retry after an authentication error, logout (SEED-SPEC points 4 and 8).
  const authLink = createAuthLink({ refresher, endSession });

  const errorLink = new ErrorLink(({ error, operation }) => {
    if (!isNetworkFailure(error)) return;
    storeNetworkError({
      operationName: operation.operationName ?? '',
      time: new Date().toISOString(),
      message: error.message,
    });
    if (isErrorPage(window.location.pathname)) return;
    if (navigate) navigate('/network-error');
    else window.location.assign('/network-error');
  });

  const httpLink = new HttpLink({
    uri: GRAPHQL_ENDPOINT,
    credentials: 'include',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });

  return new ApolloClient({
    link: ApolloLink.from([errorLink, authLink, httpLink]),
    cache: createApolloCache(),
  });
}

/** The cache of the browser's client and of a server render's, alike so that one restores the other. */
export function createApolloCache(): InMemoryCache {
  return new InMemoryCache();
}
