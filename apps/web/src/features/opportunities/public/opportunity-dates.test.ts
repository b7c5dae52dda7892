import { describe, expect, it } from 'vitest';
import { hasPassed, zonedDate, zoneName } from './opportunity-dates';

// 2027-05-01 17:30 UTC is 18:30 in Lisbon (WEST), 19:30 in Berlin and 02:30 the next day in Tokyo.
const MOMENT = '2027-05-01 17:30:00';

describe('zonedDate', () => {
  it('shows the time in the opportunity’s zone and, when it reads differently, in the reader’s', () => {
    const date = zonedDate(MOMENT, {
      timeZone: 'Europe/Lisbon',
      showTime: true,
      viewerZone: 'Asia/Tokyo',
      locale: 'en',
    });
    expect(date.iso).toBe('2027-05-01T17:30:00.000Z');
    expect(date.local).toMatch(/May 1, 2027.*6:30\sPM/);
    expect(date.viewer).toMatch(/May 2, 2027.*2:30\sAM/);
  });

  it('leaves the reader’s line out in the same zone, or in another with the same clock', () => {
    const options = { timeZone: 'Europe/Lisbon', showTime: true, locale: 'en' };
    expect(zonedDate(MOMENT, { ...options, viewerZone: 'Europe/Lisbon' }).viewer).toBeNull();
    expect(zonedDate(MOMENT, { ...options, viewerZone: 'Europe/London' }).viewer).toBeNull();
  });

  it('shows the date alone when the organiser hides the time, still per zone', () => {
    const date = zonedDate(MOMENT, {
      timeZone: 'Europe/Lisbon',
      showTime: false,
      viewerZone: 'Asia/Tokyo',
      locale: 'en',
    });
    expect(date.local).toBe('May 1, 2027');
    expect(date.viewer).toBe('May 2, 2027');
    // Same calendar day in Berlin: nothing more to say.
    expect(
      zonedDate(MOMENT, {
        timeZone: 'Europe/Lisbon',
        showTime: false,
        viewerZone: 'Europe/Berlin',
        locale: 'en',
      }).viewer,
    ).toBeNull();
  });
});

describe('zoneName', () => {
  it('names a zone in the reader’s language and falls back to the id', () => {
    expect(zoneName('Europe/Lisbon', 'en')).not.toBe('');
    expect(zoneName('Not/AZone', 'en')).toBe('Not/AZone');
  });
});

describe('hasPassed', () => {
  it('compares an API moment with now; no date has not passed', () => {
    const now = Date.parse('2027-05-01T17:30:00Z');
    expect(hasPassed('2027-05-01 17:29:59', now)).toBe(true);
    expect(hasPassed('2027-05-01 17:30:01', now)).toBe(false);
    expect(hasPassed(null, now)).toBe(false);
  });
});
