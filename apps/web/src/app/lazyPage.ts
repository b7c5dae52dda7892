import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { i18next, type Namespace } from '../lib/i18n';

/**
 * A route whose page is code-split with React.lazy. The route's loader fetches the same chunk
 * (and the page's translation namespaces) first, so the router reports a pending navigation
 * (`navigation.state === 'loading'`, shown by RouteProgress) instead of leaving the old page
 * on screen without feedback; the Suspense fallback covers the first load.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  { namespaces = [] }: { namespaces?: Namespace[] } = {},
): Pick<RouteObject, 'Component' | 'loader'> {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return {
    Component: Page,
    loader: async () => {
      await Promise.all([load(), namespaces.length ? i18next.loadNamespaces(namespaces) : null]);
      return null;
    },
  };
}
