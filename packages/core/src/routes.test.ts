import { describe, expect, it } from 'vitest';
import { matchWebRoute } from './routes';

describe('matchWebRoute', () => {
  it('finds the page React Router would render, with its parameters', () => {
    expect(matchWebRoute('/')).toEqual({ pattern: '/', params: {} });
    expect(matchWebRoute('/opportunity/riverside-stage/edit')).toEqual({
      pattern: '/opportunity/:slug/edit',
      params: { slug: 'riverside-stage' },
    });
    expect(matchWebRoute('/spaces/42')).toEqual({ pattern: '/spaces/:id', params: { id: '42' } });
  });

  it('prefers a static segment to a parameter, whatever the order of the list', () => {
    expect(matchWebRoute('/organisation/connect')?.pattern).toBe('/organisation/connect');
    expect(matchWebRoute('/opportunity/wizard')?.pattern).toBe('/opportunity/wizard');
    expect(matchWebRoute('/organisation/harbour')?.pattern).toBe('/organisation/:slug');
  });

  it('ignores case and a trailing slash, as the router does', () => {
    expect(matchWebRoute('/About/')?.pattern).toBe('/about');
  });

  it('matches nothing for an address no page owns', () => {
    expect(matchWebRoute('/no-such-page')).toBeNull();
    expect(matchWebRoute('/opportunity/riverside-stage/nowhere')).toBeNull();
    expect(matchWebRoute('/opportunity/%E0%A4%A')).toBeNull();
  });
});
