import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../lib/apollo';
import { setSessionNavigator } from './session';

// Loaded lazily by the router: the landing and content pages never talk to the API, so
// Apollo (about 45 KB gzipped) stays out of the JavaScript that `/` needs first.
const navigation = { to: (path: string) => window.location.assign(path) };
const client = createApolloClient({ navigate: (path) => navigation.to(path) });

/** Gives the routes below it the app's single Apollo client. */
export function ApolloBoundary() {
  const navigate = useNavigate();
  useEffect(() => {
    navigation.to = (path) => void navigate(path);
    // An ended session sends the user to /login without a page load (keeps the toast).
    setSessionNavigator((path) => void navigate(path, { replace: true }));
    return () => setSessionNavigator(null);
  }, [navigate]);
  return (
    <ApolloProvider client={client}>
      <Outlet />
    </ApolloProvider>
  );
}
