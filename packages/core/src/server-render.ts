import type { Locale } from './locales';

/**
 * The contract between the server and the web app's server entry (apps/web/src/entry-server.tsx):
 * the server hands over the request, the web app answers with the page's HTML.
 */
export interface ServerRenderRequest {
  /** Absolute address of the page, query included. */
  url: string;
  locale: Locale;
  /** The request's cookies by name (the cookie notice reads `accepted`). */
  cookies: Record<string, string>;
  /** Runs a GraphQL request in this server process, as an anonymous visitor. */
  graphqlFetch: typeof fetch;
}

export type ServerRenderResult =
  /** The route needs a session or the browser to render; the server sends the app shell. */
  | { kind: 'client-only' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      /** What goes inside `<div id="root">`. */
      html: string;
      /** `<style>` elements with the CSS the page uses, for the head. */
      styles: string;
      /** What the browser needs to hydrate; written into the page as JSON. */
      state: ServerRenderState;
    };

/** Read by the browser before it hydrates (apps/web/src/main.tsx). */
export interface ServerRenderState {
  locale: Locale;
  /** Translation bundles by namespace, for `locale`. */
  translations: Record<string, unknown>;
  /** Apollo's normalised cache after the server's queries. */
  apollo: Record<string, unknown>;
  /** The router's loader data by route id. */
  loaderData: Record<string, unknown>;
}

/** Id of the `<script type="application/json">` element that carries the state. */
export const SERVER_RENDER_STATE_ID = 'server-render-state';
