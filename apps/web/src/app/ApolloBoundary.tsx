import { useContext, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../lib/apollo';
import { ServerApolloClient } from './server-apollo-client';
import { readServerRenderState } from './server-render-state';
import { setSessionNavigator } from './session';

// Loaded lazily by the router: the landing and content pages never talk to the API, so
// Apollo (about 45 KB gzipped) stays out of the JavaScript that `/` needs first.
const navigation = { to: (path: string) => window.location.assign(path) };
let browserClient: ApolloClient | undefined;

/** The browser's one client, holding what the server fetched for the first page. */
function browserApolloClient(): ApolloClient {
  if (!browserClient) {
    browserClient = createApolloClient({ navigate: (path) => navigation.to(path) });
    const serverState = readServerRenderState();
    if (serverState) browserClient.cache.restore(serverState.apollo);
  }
  return browserClient;
}

/** Gives the routes below it the app's Apollo client. */
export function ApolloBoundary() {
  const serverClient = useContext(ServerApolloClient);
  const navigate = useNavigate();
  useEffect(() => {
    navigation.to = (path) => void navigate(path);
    // An ended session sends the user to /login without a page load (keeps the toast).
    setSessionNavigator((path) => void navigate(path, { replace: true }));
    return () => setSessionNavigator(null);
  }, [navigate]);
  return (
    <ApolloProvider client={serverClient ?? browserApolloClient()}>
      <Outlet />
    </ApolloProvider>
  );
}
