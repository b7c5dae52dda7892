import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '@encore/core';

let state: ServerRenderState | null | undefined;

/**
 * What the server sent with a page it rendered (language, translations, API answers, router
 * data), or null for a page the browser renders alone. Read once; kept for the whole visit.
 */
export function readServerRenderState(): ServerRenderState | null {
  if (state !== undefined) return state;
  const element =
    typeof document === 'undefined' ? null : document.getElementById(SERVER_RENDER_STATE_ID);
  try {
    state = element?.textContent ? (JSON.parse(element.textContent) as ServerRenderState) : null;
  } catch {
    state = null;
  }
  return state;
}
