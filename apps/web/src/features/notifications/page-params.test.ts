import { describe, expect, it } from 'vitest';
import { isReadFor, parseNotificationsParams, serialiseNotificationsView } from './page-params';

describe('the address of /notifications', () => {
  it('reads the filter and page, and falls back to all, page 1', () => {
    const parse = (query: string) => parseNotificationsParams(new URLSearchParams(query));
    expect(parse('')).toEqual({ filter: 'all', page: 1 });
    expect(parse('show=unread&page=3')).toEqual({ filter: 'unread', page: 3 });
    expect(parse('show=read')).toEqual({ filter: 'read', page: 1 });
    expect(parse('show=everything&page=-2')).toEqual({ filter: 'all', page: 1 });
    expect(parse('page=1.5')).toEqual({ filter: 'all', page: 1 });
  });

  it('writes only what differs from the default', () => {
    const write = (filter: 'all' | 'unread' | 'read', page: number) =>
      serialiseNotificationsView({ filter, page }).toString();
    expect(write('all', 1)).toBe('');
    expect(write('unread', 1)).toBe('show=unread');
    expect(write('read', 2)).toBe('show=read&page=2');
  });

  it('asks the API for both, unread or read ones', () => {
    expect([isReadFor('all'), isReadFor('unread'), isReadFor('read')]).toEqual([null, false, true]);
  });
});
