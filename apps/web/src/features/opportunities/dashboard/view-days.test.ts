import { describe, expect, it } from 'vitest';
import { lastDays } from './view-days';

describe('lastDays', () => {
  it('gives every day up to today (UTC), oldest first, with zero where nobody came', () => {
    const now = Date.parse('2027-05-03T23:30:00Z');
    const days = lastDays(
      [
        { date: '2027-05-01', count: 4 },
        { date: '2027-05-03', count: 2 },
        { date: '2027-03-01', count: 9 },
      ],
      now,
      4,
    );
    expect(days).toEqual([
      { date: '2027-04-30', count: 0 },
      { date: '2027-05-01', count: 4 },
      { date: '2027-05-02', count: 0 },
      { date: '2027-05-03', count: 2 },
    ]);
  });

  it('covers thirty days by default', () => {
    const days = lastDays([], Date.parse('2027-05-03T00:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe('2027-04-04');
    expect(days[29]?.date).toBe('2027-05-03');
  });
});
