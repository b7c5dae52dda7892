import { useEffect, useState, type ReactNode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import type { HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { useSession } from './session';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { LoadingLogo } from './shell/LoadingLogo';

// Created on first render rather than at import, so the `?lng=` override is already gone from
// the address (see detectLocale), and once only, even under StrictMode's double rendering.
let router: ReturnType<typeof createAppRouter> | undefined;
function appRouter(hydrationData?: HydrationState) {
  router ??= createAppRouter(hydrationData);
  return router;
}

/** Holds the app back (pulsing logo) until the session is known. */
function SessionGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === 'loading' ? <LoadingLogo /> : children;
}

/** Everything around the router; the browser and the server render it alike (entry-server.tsx). */
export function AppFrame({
  children,
  emotionCache,
}: {
  children: ReactNode;
  emotionCache?: EmotionCache;
}) {
  return (
    <Providers emotionCache={emotionCache}>
      <ErrorBoundary>
        <SessionGate>{children}</SessionGate>
      </ErrorBoundary>
    </Providers>
  );
}

/** The app in the browser; `hydrationData` when the server rendered the page first. */
export function App({ hydrationData }: { hydrationData?: HydrationState }) {
  const [appRouterInstance] = useState(() => appRouter(hydrationData));
  // A server-rendered page shows before React takes it over; from here on it answers input.
  // (Browser tests wait for this mark before they act: e2e/browser.ts.)
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return (
    <AppFrame>
      <RouterProvider router={appRouterInstance} />
    </AppFrame>
  );
}
