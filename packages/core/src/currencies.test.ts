import { describe, it, expect } from 'vitest';
import {
  CURRENCIES,
  PAYMENT_CURRENCIES,
  findCurrency,
  formatMoney,
  fromMinorUnits,
  getCurrency,
  isPaymentCurrency,
  roundMinorUnits,
  toMinorUnits,
} from './currencies';

// Intl separates currency and number with non-breaking spaces; compare with plain ones.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('currency table', () => {
  it('holds every active ISO currency, once each, sorted by code', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    const codes = CURRENCIES.map((currency) => currency.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('only has 0, 2 or 3 decimal digits and non-negative rounding steps', () => {
    for (const currency of CURRENCIES) {
      expect([0, 2, 3]).toContain(currency.decimalDigits);
      expect(currency.rounding).toBeGreaterThanOrEqual(0);
      expect(currency.symbol.length).toBeGreaterThan(0);
      expect(currency.name.length).toBeGreaterThan(0);
    }
  });

  it('leaves out funds, precious metals and testing codes', () => {
    for (const code of ['XAU', 'XAG', 'XPT', 'XPD', 'XTS', 'XXX', 'XDR', 'CHE', 'CLF', 'UYW']) {
      expect(findCurrency(code)).toBeUndefined();
    }
  });

  it('keeps real zero-decimal currencies that share the X prefix', () => {
    expect(getCurrency('XOF').decimalDigits).toBe(0);
    expect(getCurrency('XAF').decimalDigits).toBe(0);
    expect(getCurrency('XCD').decimalDigits).toBe(2);
  });

  it('knows the decimal digits of JPY, EUR, KWD and BHD', () => {
    expect(getCurrency('JPY').decimalDigits).toBe(0);
    expect(getCurrency('EUR').decimalDigits).toBe(2);
    expect(getCurrency('KWD').decimalDigits).toBe(3);
    expect(getCurrency('BHD').decimalDigits).toBe(3);
  });

  it('takes symbols from Intl', () => {
    expect(getCurrency('USD').symbol).toBe('$');
    expect(getCurrency('EUR').symbol).toBe('€');
    expect(getCurrency('GBP').symbol).toBe('£');
    expect(getCurrency('JPY').symbol).toBe('¥');
    // No narrower symbol exists: Intl falls back to the code.
    expect(getCurrency('CHF').symbol).toBe('CHF');
  });

  it('rounds CHF to 5 minor units and nothing else', () => {
    expect(getCurrency('CHF').rounding).toBe(5);
    const others = CURRENCIES.filter((currency) => currency.code !== 'CHF');
    expect(others.every((currency) => currency.rounding === 0)).toBe(true);
  });
});

describe('getCurrency / findCurrency', () => {
  it('is case-insensitive and ignores surrounding spaces', () => {
    expect(getCurrency('eur').code).toBe('EUR');
    expect(getCurrency('Chf').code).toBe('CHF');
    expect(getCurrency(' usd ').code).toBe('USD');
  });

  it('throws on unknown codes', () => {
    expect(() => getCurrency('ABC')).toThrow(RangeError);
    expect(() => getCurrency('')).toThrow(/Unknown currency code/);
    expect(() => getCurrency('EURO')).toThrow(RangeError);
    expect(findCurrency('ABC')).toBeUndefined();
  });
});

describe('payment currencies', () => {
  it('lists about 135 unique lower-case codes, all in the table', () => {
    expect(PAYMENT_CURRENCIES.length).toBeGreaterThanOrEqual(130);
    expect(new Set(PAYMENT_CURRENCIES).size).toBe(PAYMENT_CURRENCIES.length);
    for (const code of PAYMENT_CURRENCIES) {
      expect(code).toMatch(/^[a-z]{3}$/);
      expect(findCurrency(code), code).toBeDefined();
    }
  });

  it('recognises payment currencies in any case', () => {
    expect(isPaymentCurrency('usd')).toBe(true);
    expect(isPaymentCurrency('EUR')).toBe(true);
    expect(isPaymentCurrency('Chf')).toBe(true);
  });

  it('rejects currencies that exist but cannot be charged, and unknown codes', () => {
    // Known ISO currencies outside the processor's list.
    expect(isPaymentCurrency('kpw')).toBe(false);
    expect(isPaymentCurrency('IRR')).toBe(false);
    expect(isPaymentCurrency('xau')).toBe(false);
    expect(isPaymentCurrency('')).toBe(false);
  });
});

describe('minor units', () => {
  it('converts by the currency digits', () => {
    expect(toMinorUnits(12.34, 'USD')).toBe(1234);
    expect(toMinorUnits(500, 'JPY')).toBe(500);
    expect(toMinorUnits(1.234, 'KWD')).toBe(1234);
    expect(fromMinorUnits(1234, 'USD')).toBe(12.34);
    expect(fromMinorUnits(500, 'JPY')).toBe(500);
    expect(fromMinorUnits(1234, 'BHD')).toBe(1.234);
  });

  it('does not suffer from binary floating-point error', () => {
    // 1.005 * 100 === 100.49999999999999 in IEEE 754.
    expect(toMinorUnits(1.005, 'EUR')).toBe(101);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(19.99, 'USD')).toBe(1999);
    expect(fromMinorUnits(1999, 'USD')).toBe(19.99);
  });

  it('rounds extra precision half away from zero', () => {
    expect(toMinorUnits(1.5, 'JPY')).toBe(2);
    expect(toMinorUnits(1.4999, 'JPY')).toBe(1);
    expect(toMinorUnits(-1.5, 'JPY')).toBe(-2);
    expect(toMinorUnits(1.2345, 'KWD')).toBe(1235);
    expect(toMinorUnits(-0.001, 'USD')).toBe(0);
    expect(Object.is(toMinorUnits(-0.001, 'USD'), 0)).toBe(true);
  });

  it('handles numbers written in exponent form', () => {
    expect(toMinorUnits(1e-7, 'USD')).toBe(0);
    expect(toMinorUnits(1e15, 'JPY')).toBe(1e15);
    expect(fromMinorUnits(1, 'KWD')).toBe(0.001);
  });

  it('rejects non-finite amounts, unsafe results and fractional minor units', () => {
    expect(() => toMinorUnits(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(1e16, 'USD')).toThrow(RangeError);
    expect(() => fromMinorUnits(12.5, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(1, 'NOPE')).toThrow(RangeError);
  });

  it('round-trips every currency', () => {
    for (const currency of CURRENCIES) {
      expect(toMinorUnits(fromMinorUnits(123_456, currency.code), currency.code)).toBe(123_456);
    }
  });
});

describe('roundMinorUnits', () => {
  it('rounds CHF to the nearest 5 centimes, half up', () => {
    expect(roundMinorUnits(1234, 'CHF')).toBe(1235);
    expect(roundMinorUnits(1232, 'CHF')).toBe(1230);
    expect(roundMinorUnits(1233, 'CHF')).toBe(1235);
    expect(roundMinorUnits(1235, 'chf')).toBe(1235);
    expect(roundMinorUnits(1237, 'CHF')).toBe(1235);
    expect(roundMinorUnits(1238, 'CHF')).toBe(1240);
    expect(roundMinorUnits(0, 'CHF')).toBe(0);
    expect(roundMinorUnits(2, 'CHF')).toBe(0);
  });

  it('mirrors rounding for negative amounts', () => {
    expect(roundMinorUnits(-1234, 'CHF')).toBe(-1235);
    expect(roundMinorUnits(-1232, 'CHF')).toBe(-1230);
    expect(Object.is(roundMinorUnits(-2, 'CHF'), 0)).toBe(true);
  });

  it('leaves currencies without a rounding step unchanged', () => {
    expect(roundMinorUnits(1234, 'EUR')).toBe(1234);
    expect(roundMinorUnits(7, 'JPY')).toBe(7);
  });

  it('rejects fractional minor units', () => {
    expect(() => roundMinorUnits(12.5, 'CHF')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats in the given locale', () => {
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(plainSpaces(formatMoney(123456, 'eur', 'de'))).toBe('1.234,56 €');
    expect(plainSpaces(formatMoney(123456, 'EUR', 'fr'))).toBe('1 234,56 €');
  });

  it('shows exactly the currency digits', () => {
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(1500, 'USD', 'en')).toBe('$15.00');
    expect(plainSpaces(formatMoney(1234, 'KWD', 'en'))).toBe('KWD 1.234');
    // Intl alone would drop the decimals of IDR; ISO gives it two.
    expect(plainSpaces(formatMoney(150, 'IDR', 'en'))).toBe('IDR 1.50');
  });

  it('formats negative amounts and zero', () => {
    expect(formatMoney(-250, 'USD', 'en')).toBe('-$2.50');
    expect(formatMoney(0, 'USD', 'en')).toBe('$0.00');
  });

  it('throws on an unknown currency', () => {
    expect(() => formatMoney(100, 'ZZZ', 'en')).toThrow(RangeError);
  });
});
