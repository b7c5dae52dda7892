import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { useSession } from './session';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { LoadingLogo } from './shell/LoadingLogo';

// Created on first render rather than at import, so the `?lng=` override is already gone from
// the address (see detectLocale), and once only, even under StrictMode's double rendering.
let router: ReturnType<typeof createAppRouter> | undefined;
function appRouter() {
  router ??= createAppRouter();
  return router;
}

/** Holds the app back (pulsing logo) until the session is known. */
function SessionGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === 'loading' ? <LoadingLogo /> : children;
}

export function App() {
  const [appRouterInstance] = useState(appRouter);
  return (
    <Providers>
      <ErrorBoundary>
        <SessionGate>
          <RouterProvider router={appRouterInstance} />
        </SessionGate>
      </ErrorBoundary>
    </Providers>
  );
}
