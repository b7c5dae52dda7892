import './lib/zod-jitless';
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { StrictMode, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router';
import { ApolloClient, HttpLink } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import createEmotionServer from '@emotion/server/create-instance';
import {
  DEFAULT_NAMESPACE,
  SUPPORTED_LOCALES,
  textDirection,
  type ServerRenderRequest,
  type ServerRenderResult,
} from '@encore/core';
import { AppFrame } from './app/App';
import { ServerApolloClient } from './app/server-apollo-client';
import { routes, SIGNED_IN_ROUTE_ID } from './app/router';
import { LoadingLogo } from './app/shell/LoadingLogo';
import { createEmotionCache, loadRtlSupport } from './app/theme';
import { GRAPHQL_ENDPOINT, createApolloCache } from './lib/apollo';
import { I18N_OPTIONS, NAMESPACES, i18next } from './lib/i18n';
import { setRenderContextSource, type RenderContext } from './lib/render-context';

/**
 * The web app's server entry: the server (apps/server/src/http/web-app.ts) renders the pages a
 * visitor without a session may see into HTML with the same components the browser runs, which
 * then hydrates them (main.tsx). Built by `vite build --ssr` into dist-server/.
 */

const requests = new AsyncLocalStorage<RenderContext>();
setRenderContextSource(() => requests.getStore());

/** Every language's bundles, read once from the build (`localesDir`: dist/locales). */
export async function startServerRendering(localesDir: string): Promise<void> {
  const resources = Object.fromEntries(
    SUPPORTED_LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        NAMESPACES.map((namespace) => [
          namespace,
          JSON.parse(readFileSync(path.join(localesDir, locale, `${namespace}.json`), 'utf8')),
        ]),
      ),
    ]),
  );
  // The shared instance only serves the route loaders' loadNamespaces(); renders use their own.
  await i18next.init({ ...I18N_OPTIONS, lng: 'en', ns: [...NAMESPACES], resources });
  await loadRtlSupport();
}

const handler = createStaticHandler(routes);

export async function render(request: ServerRenderRequest): Promise<ServerRenderResult> {
  const url = new URL(request.url);
  const matches = matchRoutes(routes, url.pathname) ?? [];
  if (matches.some(({ route }) => route.id === SIGNED_IN_ROUTE_ID)) return { kind: 'client-only' };

  const context = { locale: request.locale, cookies: request.cookies };
  return requests.run(context, async () => {
    const routing = await handler.query(new Request(url));
    if (routing instanceof Response) {
      return {
        kind: 'redirect',
        status: routing.status,
        location: routing.headers.get('location') ?? '/',
      };
    }
    const translator = i18next.cloneInstance({ lng: request.locale, initAsync: false });
    const apolloCache = createApolloCache();
    const apollo = new ApolloClient({
      ssrMode: true,
      link: new HttpLink({ uri: new URL(GRAPHQL_ENDPOINT, url).href, fetch: request.graphqlFetch }),
      cache: apolloCache,
    });
    const styleCache = createEmotionCache(textDirection(request.locale));
    // Styles go to the cache, to be written once into the head, not beside each element.
    styleCache.compat = true;
    const router = createStaticRouter(handler.dataRoutes, routing);

    const tree = (
      <StrictMode>
        <I18nextProvider i18n={translator}>
          <ServerApolloClient.Provider value={apollo}>
            <Suspense fallback={<LoadingLogo />}>
              <AppFrame emotionCache={styleCache}>
                <StaticRouterProvider router={router} context={routing} hydrate={false} />
              </AppFrame>
            </Suspense>
          </ServerApolloClient.Provider>
        </I18nextProvider>
      </StrictMode>
    );
    // React would send a failed part as its fallback for the browser to render; the server
    // sends the whole page to the browser instead, and logs why.
    const renderErrors: unknown[] = [];
    const { result: html } = await prerenderStatic({
      tree,
      // One piece: a boundary sent apart would need an inline script to be put in place, and the
      // Content-Security-Policy (rightly) runs none.
      renderFunction: (node) =>
        prerenderToNodeStream(node, {
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onError: (error) => void renderErrors.push(error),
        }),
      maxRerenders: 5,
    });
    if (renderErrors.length > 0) throw new AggregateError(renderErrors, 'server rendering failed');
    const styleServer = createEmotionServer(styleCache);
    const styles = styleServer.constructStyleTagsFromChunks(
      styleServer.extractCriticalToChunks(html),
    );
    return {
      kind: 'page',
      html,
      styles,
      state: {
        locale: request.locale,
        translations: {
          [DEFAULT_NAMESPACE]: translator.getResourceBundle(request.locale, DEFAULT_NAMESPACE),
        },
        apollo: apolloCache.extract(),
        loaderData: routing.loaderData,
      },
    };
  });
}
