import { WEB_ROUTE_PATTERNS } from '@encore/core';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every page's full path in the router, its parents' paths joined in. */
function pagePaths(children: RouteObject[], parent = ''): string[] {
  return children.flatMap((route) => {
    const own = route.path ?? '';
    const full = own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`;
    const here = route.index || (route.path && !route.children) ? [full || '/'] : [];
    return [...here, ...(route.children ? pagePaths(route.children, full || parent) : [])];
  });
}

describe('the route table the server knows', () => {
  it('lists exactly the pages of the router (besides its catch-all not-found page)', () => {
    const inRouter = pagePaths(routes).filter((path) => !path.endsWith('*'));
    expect([...inRouter].sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
  });
});
