import './lib/zod-jitless';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { textDirection, type Locale } from '@encore/core';
import { App } from './app/App';
import { preloadRoutes } from './app/router';
import { readServerRenderState } from './app/server-render-state';
import { loadRtlSupport } from './app/theme';
import { LoadingLogo } from './app/shell/LoadingLogo';
import { startAnalytics } from './lib/analytics';
import { detectLocale, initI18n, setDirectionPreparer } from './lib/i18n';

const prepareDirection = async (locale: Locale) => {
  if (textDirection(locale) === 'rtl') await loadRtlSupport();
};
setDirectionPreparer(prepareDirection);

const serverState = readServerRenderState();
const detectedLocale = detectLocale();
const locale = serverState?.locale ?? detectedLocale;
const i18nReady = initI18n(locale, serverState?.translations);
startAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <Suspense fallback={<LoadingLogo />}>
      <App hydrationData={serverState ? { loaderData: serverState.loaderData } : undefined} />
    </Suspense>
  </StrictMode>
);

if (serverState) {
  // The page is on screen already; the browser fetches what the server rendered it with (the
  // route's code, its translations, the right-to-left styles) and then takes it over as it is.
  // A chunk that fails to load (a new release replaced it) is met again by the router, whose
  // error page then takes over.
  const routesReady = preloadRoutes(window.location.href).catch(() => undefined);
  // In a transition React hydrates in slices and lets the browser handle input in between,
  // rather than in one long task.
  void Promise.all([i18nReady, prepareDirection(locale), routesReady]).then(() =>
    startTransition(() => {
      hydrateRoot(container, app);
    }),
  );
} else {
  // Arabic visitors wait for the RTL style plugin (fetched while translations load anyway), so
  // the first paint is already right to left.
  void prepareDirection(locale).then(() => createRoot(container).render(app));
}
