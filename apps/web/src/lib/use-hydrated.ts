import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates its page, true from then on: what only the
 * visitor's browser knows (its time zone) is shown after hydration, or the browser's first
 * render would differ from the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
