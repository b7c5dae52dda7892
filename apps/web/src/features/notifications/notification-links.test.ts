import { describe, expect, it } from 'vitest';
import { formatRelativeTime, internalPath } from './notification-links';

const NOW = Date.UTC(2030, 5, 15, 12, 0, 0);
const ago = (seconds: number) =>
  new Date(NOW - seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);

describe('formatRelativeTime', () => {
  it('says how long ago, in the largest unit reached, in the reader’s language', () => {
    const en = (seconds: number) => formatRelativeTime(ago(seconds), { now: NOW, locale: 'en' });
    expect(en(20)).toBe('now');
    expect(en(5 * 60)).toBe('5 minutes ago');
    expect(en(3 * 3600)).toBe('3 hours ago');
    expect(en(26 * 3600)).toBe('yesterday');
    expect(en(3 * 86_400)).toBe('3 days ago');
    expect(en(14 * 86_400)).toBe('2 weeks ago');
    expect(en(400 * 86_400)).toBe('last year');
    expect(formatRelativeTime(ago(5 * 60), { now: NOW, locale: 'fr' })).toBe('il y a 5 minutes');
  });

  it('says "now" for a time a little ahead, as a clock slightly off would give', () => {
    expect(formatRelativeTime(ago(-30), { now: NOW, locale: 'en' })).toBe('now');
  });
});

describe('internalPath', () => {
  it('follows paths of this app only', () => {
    expect(internalPath('/application/a-1')).toBe('/application/a-1');
    expect(internalPath(null)).toBeNull();
    expect(internalPath('https://example.test/')).toBeNull();
    expect(internalPath('//example.test/application')).toBeNull();
    expect(internalPath('javascript:alert(1)')).toBeNull();
  });
});
