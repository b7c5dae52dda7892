import { describe, expect, it } from 'vitest';
import { DIGEST_HOUR_UTC } from '@encore/core';
import { digestTimeOfDay } from './notification-kinds';

describe('digestTimeOfDay', () => {
  it('shows the digest hour in the reader’s zone, summer time included', () => {
    // The assertions below spell out what 08:00 UTC is in Paris and Tokyo.
    expect(DIGEST_HOUR_UTC).toBe(8);
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(digestTimeOfDay('en-GB', { now: winter, timeZone: 'Europe/Paris' })).toMatch(/^09:00 /);
    expect(digestTimeOfDay('en-GB', { now: summer, timeZone: 'Europe/Paris' })).toMatch(/^10:00 /);
    expect(digestTimeOfDay('en-GB', { now: winter, timeZone: 'Asia/Tokyo' })).toMatch(/^17:00 /);
  });

  it('names the zone, so a reader elsewhere is not misled', () => {
    // ICU versions differ in the space before "AM" (a narrow no-break space in newer ones).
    expect(
      digestTimeOfDay('en', { now: new Date('2026-01-15T12:00:00Z'), timeZone: 'UTC' }),
    ).toMatch(/^8:00\sAM\sUTC$/);
  });
});
