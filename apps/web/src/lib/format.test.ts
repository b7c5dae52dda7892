import { describe, expect, it } from 'vitest';
import {
  currencyFractionDigits,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  toDate,
} from './format';

// Intl separates amounts and symbols with (narrow) no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('uses the currency fraction digits from Intl', () => {
    expect(currencyFractionDigits('JPY')).toBe(0);
    expect(currencyFractionDigits('EUR')).toBe(2);
    expect(currencyFractionDigits('KWD')).toBe(3);
  });

  it('shows JPY without decimals (minor unit = yen)', () => {
    expect(formatMoney(1234, 'JPY', { locale: 'en' })).toBe('¥1,234');
  });

  it('turns minor units into major units', () => {
    expect(formatMoney(123456, 'USD', { locale: 'en' })).toBe('$1,234.56');
    expect(plain(formatMoney(1234, 'KWD', { locale: 'en' }))).toBe('KWD 1.234');
  });

  it('formats in the given locale, with comma decimals in German', () => {
    expect(plain(formatMoney(123456, 'EUR', { locale: 'de' }))).toBe('1.234,56 €');
    expect(plain(formatMoney(999, 'eur', { locale: 'fr' }))).toBe('9,99 €');
  });
});

describe('formatNumber', () => {
  it('follows the locale', () => {
    expect(formatNumber(1234.5, { locale: 'en' })).toBe('1,234.5');
    expect(formatNumber(1234.5, { locale: 'de' })).toBe('1.234,5');
    expect(formatNumber(0.25, { locale: 'en', style: 'percent' })).toBe('25%');
  });
});

describe('dates', () => {
  it('reads API date-times as UTC', () => {
    expect(toDate('2025-06-01 14:30:00').toISOString()).toBe('2025-06-01T14:30:00.000Z');
  });

  it('never shifts a date-only value to the previous day', () => {
    expect(formatDate('2025-06-01', { locale: 'en' })).toBe('Jun 1, 2025');
    expect(formatDate('2025-06-01', { locale: 'de' })).toBe('01.06.2025');
  });

  it('formats date and time in the locale', () => {
    expect(plain(formatDateTime('2025-06-01 14:30:00', { locale: 'en', timeZone: 'UTC' }))).toBe(
      'Jun 1, 2025, 2:30 PM',
    );
    expect(formatDateTime('2025-06-01 14:30:00', { locale: 'de', timeZone: 'UTC' })).toBe(
      '01.06.2025, 14:30',
    );
  });
});
