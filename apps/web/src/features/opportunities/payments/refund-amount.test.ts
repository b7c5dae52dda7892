import { describe, expect, it } from 'vitest';
import { checkRefundAmount, parseMajorAmount } from './refund-amount';

describe('refund amounts', () => {
  it('reads major units exactly, with a point or a comma', () => {
    expect(parseMajorAmount('12.5', 2)).toBe(1250);
    expect(parseMajorAmount(' 12,05 ', 2)).toBe(1205);
    expect(parseMajorAmount('0.29', 2)).toBe(29);
    expect(parseMajorAmount('1500', 0)).toBe(1500);
    expect(parseMajorAmount('1.250', 3)).toBe(1250);
  });

  it('refuses what is not a plain amount in the currency', () => {
    expect(parseMajorAmount('12.505', 2)).toBeNull();
    expect(parseMajorAmount('1,250.00', 2)).toBeNull();
    expect(parseMajorAmount('15.5', 0)).toBeNull();
    expect(parseMajorAmount('-3', 2)).toBeNull();
    expect(parseMajorAmount('ten', 2)).toBeNull();
  });

  it('checks a partial refund against what is left', () => {
    expect(checkRefundAmount('', 2, 2500)).toEqual({ ok: false, problem: 'required' });
    expect(checkRefundAmount('abc', 2, 2500)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkRefundAmount('0', 2, 2500)).toEqual({ ok: false, problem: 'tooSmall' });
    expect(checkRefundAmount('25.01', 2, 2500)).toEqual({ ok: false, problem: 'tooMuch' });
    expect(checkRefundAmount('25', 2, 2500)).toEqual({ ok: true, minor: 2500 });
  });
});
