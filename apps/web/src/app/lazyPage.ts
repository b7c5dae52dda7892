import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { i18next, type Namespace } from '../lib/i18n';
import { preloadable } from './preloadable';

/**
 * A route whose page is code-split. The route's loader fetches the page's chunk (and its
 * translation namespaces) first, so the router reports a pending navigation
 * (`navigation.state === 'loading'`, shown by RouteProgress) instead of leaving the old page
 * on screen without feedback, and the page then renders without suspending.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  { namespaces = [] }: { namespaces?: Namespace[] } = {},
): Pick<RouteObject, 'Component' | 'loader'> {
  const page = preloadable(load, name);
  return {
    Component: page.Component,
    loader: async () => {
      await Promise.all([
        page.preload(),
        namespaces.length ? i18next.loadNamespaces(namespaces) : null,
      ]);
      return null;
    },
  };
}
