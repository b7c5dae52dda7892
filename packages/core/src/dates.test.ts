import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './dates';

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2027-12-31', '1900-01-01', '0001-01-01'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each([
    ['a day past the end of the month', '2023-02-29'],
    ['the 31st of a 30-day month', '2024-04-31'],
    ['month 13', '2024-13-01'],
    ['nines everywhere', '9999-99-99'],
    ['day zero', '2024-01-00'],
    ['year zero', '0000-01-01'],
    ['a date with a time', '2024-01-01 10:00'],
    ['a five-digit year', '10000-01-01'],
    ['an empty text', ''],
  ])('refuses %s', (_case, value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});
