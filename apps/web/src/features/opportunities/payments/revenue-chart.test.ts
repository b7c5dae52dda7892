import { describe, expect, it } from 'vitest';
import { formatScaleMoney, labelledPoints, niceCeiling, scaleTop } from './revenue-chart';

describe('revenue chart scale', () => {
  it('ends the scale on a round number above the tallest bar', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(120)).toBe(200);
    expect(niceCeiling(500)).toBe(500);
    expect(scaleTop(30_000, 2)).toBe(50_000);
    expect(scaleTop(1_234, 0)).toBe(2_000);
  });

  it('writes scale marks without needless decimals', () => {
    expect(formatScaleMoney(50_000, 'eur', 2, 'en')).toBe('€500');
    expect(formatScaleMoney(250, 'eur', 2, 'en')).toBe('€2.50');
  });

  it('labels the first, the last and evenly spread days between', () => {
    expect(labelledPoints(0)).toEqual([]);
    expect(labelledPoints(3)).toEqual([0, 1, 2]);
    expect(labelledPoints(30)).toEqual([0, 7, 15, 22, 29]);
  });
});
