import { describe, expect, it } from 'vitest';
import { instantIn, localIn } from './opportunities.dates';

describe('wall-clock times in a time zone', () => {
  it('reads a local time in its zone, summer and winter time included', () => {
    expect(instantIn('2027-01-15 18:30', 'Europe/Lisbon')?.toISOString()).toBe(
      '2027-01-15T18:30:00.000Z',
    );
    expect(instantIn('2027-07-15 18:30', 'Europe/Lisbon')?.toISOString()).toBe(
      '2027-07-15T17:30:00.000Z',
    );
    expect(instantIn('2027-07-15', 'America/New_York')?.toISOString()).toBe(
      '2027-07-15T04:00:00.000Z',
    );
  });

  it('refuses dates that do not exist and moves a time the clock skips forward', () => {
    expect(instantIn('2027-02-30 10:00', 'UTC')).toBeUndefined();
    // Clocks in Vienna jump from 02:00 to 03:00 on 28 March 2027.
    expect(localIn(instantIn('2027-03-28 02:30', 'Europe/Vienna')!, 'Europe/Vienna')).toBe(
      '2027-03-28 03:30:00',
    );
  });

  it('writes an instant back as the wall-clock time of the zone', () => {
    expect(localIn(new Date('2027-05-01T22:59:00Z'), 'Europe/Lisbon')).toBe('2027-05-01 23:59:00');
  });
});
