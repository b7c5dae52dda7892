import { describe, expect, it } from 'vitest';
import { samePageAddress } from './web-app';

describe('samePageAddress', () => {
  it('keeps a page address and its query', () => {
    expect(samePageAddress('/login?next=%2Fopportunities')).toBe('/login?next=%2Fopportunities');
    expect(samePageAddress('/')).toBe('/');
  });

  it('never names another site', () => {
    expect(samePageAddress('//evil.test/login')).toBe('/evil.test/login');
    expect(samePageAddress('/\\evil.test/login')).toBe('/evil.test/login');
    expect(samePageAddress('///\\\\evil.test')).toBe('/evil.test');
  });
});
