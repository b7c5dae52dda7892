import type { Locale } from '@encore/core';

/**
 * What a server render knows about the request it answers. The browser has one visitor and reads
 * the language and cookies from its globals; a server renders pages for many visitors at once,
 * so the server entry says, per render, which request the code is working for.
 */
export interface RenderContext {
  locale: Locale;
  cookies: Record<string, string>;
}

let currentRenderContext: () => RenderContext | undefined = () => undefined;

export function setRenderContextSource(source: () => RenderContext | undefined): void {
  currentRenderContext = source;
}

/** The request being rendered on the server; undefined in the browser. */
export function renderContext(): RenderContext | undefined {
  return currentRenderContext();
}
