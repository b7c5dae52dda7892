import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazyPage';

/** The page's copy lives in the `pages` namespace (`receipt`). */
const withPageCopy = { namespaces: ['pages' as const] };

/**
 * A receipt link opens for whoever holds it, signed in or not: the router frames it by session,
 * as it does the pages anyone may browse.
 */
export const receiptRoutes: RouteObject[] = [
  {
    path: '/receipt/:token',
    ...lazyPage(() => import('./ReceiptPage'), 'ReceiptPage', withPageCopy),
  },
];
