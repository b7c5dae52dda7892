import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazyPage';

/** The page's copy lives in the `pages` namespace (`unsubscribe`, and the kinds' names). */
const withPageCopy = { namespaces: ['pages' as const] };

/**
 * Public: the unsubscribe link of an email works without signing in. The router puts it in the
 * public frame, with the API at hand.
 */
export const unsubscribeRoutes: RouteObject[] = [
  {
    path: '/unsubscribe',
    ...lazyPage(() => import('./UnsubscribePage'), 'UnsubscribePage', withPageCopy),
  },
];
