import { describe, expect, it } from 'vitest';
import { createSealer } from './sealed';

describe('createSealer', () => {
  const sealer = createSealer('a server secret of some length');

  it('gives back what it sealed, and a different sealed text each time', () => {
    const first = sealer.seal('token-123');
    const second = sealer.seal('token-123');
    expect(first).not.toBe(second);
    expect(first).not.toContain('token-123');
    expect(sealer.unseal(first)).toBe('token-123');
    expect(sealer.unseal(second)).toBe('token-123');
  });

  it('refuses a sealed text that was changed, or sealed under another secret', () => {
    const sealed = sealer.seal('token-123');
    const changed = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => sealer.unseal(changed)).toThrow();
    expect(() => createSealer('another secret').unseal(sealed)).toThrow();
  });
});
