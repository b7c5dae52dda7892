import { SERVER_RENDER_STATE_ID } from '@encore/core';

/**
 * The page's first script. A page the server rendered is complete without the app, so the app's
 * code (several hundred kilobytes to fetch and evaluate) starts after the browser has painted
 * it; otherwise the phone would evaluate that code before showing anything. A page the browser
 * renders itself needs the app at once.
 */
const startApp = () => void import('./main');

const serverRendered = document.getElementById(SERVER_RENDER_STATE_ID) !== null;
if (serverRendered && document.visibilityState === 'visible') {
  // The frame after the next one: the page has been painted by then.
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  startApp();
}
