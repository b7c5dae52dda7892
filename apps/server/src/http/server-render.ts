import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  COOKIE_NAMES,
  SERVER_RENDER_STATE_ID,
  negotiateLocale,
  textDirection,
  type Locale,
  type ServerRenderRequest,
  type ServerRenderResult,
} from '@encore/core';
import { scriptJson } from './page-head';

/** The web app's server entry (apps/web/src/entry-server.tsx), as built into dist-server/. */
interface WebServerEntry {
  startServerRendering: (localesDir: string) => Promise<void>;
  render: (request: ServerRenderRequest) => Promise<ServerRenderResult>;
}

export type PageRenderer = (req: FastifyRequest) => Promise<ServerRenderResult>;

/** Every cookie of the request by name; a malformed escape (anyone can send one) is left out. */
export function requestCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(';') ?? []) {
    const cookie = part.trim();
    const separator = cookie.indexOf('=');
    if (separator < 1) continue;
    try {
      cookies[cookie.slice(0, separator)] = decodeURIComponent(cookie.slice(separator + 1));
    } catch {
      // Not a cookie the web app wrote.
    }
  }
  return cookies;
}

/** The web app's choice of language, made on the server: `?lng=`, the cookie, Accept-Language. */
function pageLocale(url: URL, cookies: Record<string, string>, acceptLanguage?: string): Locale {
  return negotiateLocale(url.searchParams.get('lng'), cookies[COOKIE_NAMES.locale], acceptLanguage);
}

/**
 * Loads the web app's server entry from beside its browser build (`<webDist>/../dist-server`).
 * Pages for someone with a session stay rendered by the browser: what they see depends on who
 * they are, and their tokens are for the browser to send, not for the server to borrow.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  webDist: string,
): Promise<PageRenderer | undefined> {
  const entryFile = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entryFile)) {
    app.log.warn({ entryFile }, 'web server entry not built; pages render in the browser only');
    return undefined;
  }
  const entry = (await import(pathToFileURL(entryFile).href)) as WebServerEntry;
  await entry.startServerRendering(path.join(webDist, 'locales'));

  // The page's queries go through this server's own GraphQL route, without a socket.
  const graphqlFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await app.inject({
      method: 'POST',
      url: new URL(input instanceof Request ? input.url : input).pathname,
      headers: Object.fromEntries(new Headers(init?.headers)),
      payload: typeof init?.body === 'string' ? init.body : '',
    });
    return new Response(response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  }) as typeof fetch;

  return async (req) => {
    const cookies = requestCookies(req.headers.cookie);
    if (cookies[COOKIE_NAMES.accessToken] || cookies[COOKIE_NAMES.refreshToken]) {
      return { kind: 'client-only' };
    }
    const url = new URL(req.url, `${req.protocol}://${req.host}`);
    return entry.render({
      url: url.href,
      locale: pageLocale(url, cookies, req.headers['accept-language']),
      cookies,
      graphqlFetch,
    });
  };
}

/** The app's index.html with a rendered page in it, ready for the browser to hydrate. */
export function withRenderedPage(
  indexHtml: string,
  page: Extract<ServerRenderResult, { kind: 'page' }>,
): string {
  const { locale } = page.state;
  const stateScript = `<script type="application/json" id="${SERVER_RENDER_STATE_ID}">${scriptJson(page.state)}</script>`;
  // Replaced through functions: a `$&` or `$'` in the page's text must stay text.
  return (
    indexHtml
      .replace(/<html[^>]*>/, () => `<html lang="${locale}" dir="${textDirection(locale)}">`)
      // The page paints without its code, which only makes it interactive: the code must not
      // compete with the document and the pictures on screen (or count as blocking the paint).
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
      .replace('</head>', () => `${page.styles}</head>`)
      .replace(/<noscript>.*?<\/noscript>\s*/s, '')
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${stateScript}`)
  );
}
