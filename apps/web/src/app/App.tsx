import { type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createApolloClient } from '../lib/apollo';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { useSession } from './session';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { LoadingLogo } from './shell/LoadingLogo';

// Created on first render rather than at import, so the `?lng=` override is already gone from
// the address (see detectLocale), and only once even under StrictMode's double rendering.
let singletons:
  | { router: ReturnType<typeof createAppRouter>; client: ReturnType<typeof createApolloClient> }
  | undefined;

function appSingletons() {
  if (!singletons) {
    const router = createAppRouter();
    const client = createApolloClient({ navigate: (to) => void router.navigate(to) });
    singletons = { router, client };
  }
  return singletons;
}

/** Holds the app back (pulsing logo) until the session is known. */
function SessionGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === 'loading' ? <LoadingLogo /> : children;
}

export function App() {
  const { router, client } = appSingletons();
  return (
    <Providers client={client}>
      <ErrorBoundary>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </ErrorBoundary>
    </Providers>
  );
}
