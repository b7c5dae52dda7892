import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  COUPON_LIMITS,
  isChargeable,
  minimumChargeFor,
  couponInputSchema,
  couponUpdateSchema,
  normaliseCouponCode,
  quoteCheckout,
} from './payments';

const quote = (
  cost: number,
  currency: string,
  couponPercent: number | null,
  platformFeePercent = 5,
) => quoteCheckout({ cost, currency, couponPercent, platformFeePercent });

describe('quoteCheckout', () => {
  it('takes a coupon off the price and the platform fee off what is paid (EUR)', () => {
    expect(quote(2500, 'eur', 20)).toEqual({
      currency: 'EUR',
      price: 2500,
      discountPercent: 20,
      discount: 500,
      amount: 2000,
      platformFee: 100,
      organisationReceives: 1900,
      method: 'INTERNAL_PAYMENT',
    });
  });

  it('rounds half a cent of discount away from zero: 50 % of 19.99 is 10.00 off', () => {
    const result = quote(1999, 'EUR', 50);
    expect(result.discount).toBe(1000);
    expect(result.amount).toBe(999);
    // 5 % of 9.99 is 0.4995, rounded to the cent.
    expect(result.platformFee).toBe(50);
    expect(result.organisationReceives).toBe(949);
  });

  it('charges the whole price without a coupon', () => {
    for (const couponPercent of [null, undefined, 0]) {
      const result = quoteCheckout({
        cost: 2500,
        currency: 'EUR',
        couponPercent,
        platformFeePercent: 5,
      });
      expect(result).toMatchObject({
        discountPercent: 0,
        discount: 0,
        amount: 2500,
        platformFee: 125,
      });
      expect(result.method).toBe('INTERNAL_PAYMENT');
    }
  });

  it('makes a 100 % coupon free, with no fee and nothing to pay through the processor', () => {
    expect(quote(1999, 'EUR', 100)).toMatchObject({
      discount: 1999,
      amount: 0,
      platformFee: 0,
      organisationReceives: 0,
      method: 'FREE_COUPON',
    });
  });

  it('leaves everything to the organisation with a 0 % platform fee', () => {
    expect(quote(2500, 'EUR', 10, 0)).toMatchObject({
      amount: 2250,
      platformFee: 0,
      organisationReceives: 2250,
    });
  });

  it('reads fractional fee percentages as the decimals they are written with', () => {
    // 2.9 % of 10.00 is 0.29 exactly; 2.9 in binary is a hair below it.
    expect(quote(1000, 'EUR', null, 2.9).platformFee).toBe(29);
    // 2.9 % of 12.34 is 0.35786.
    expect(quote(1234, 'EUR', null, 2.9).platformFee).toBe(36);
    // Half a cent of fee is rounded away from zero: 5 % of 0.10 and of 0.30.
    expect(quote(10, 'EUR', null, 5).platformFee).toBe(1);
    expect(quote(30, 'EUR', null, 5).platformFee).toBe(2);
    expect(quote(2500, 'EUR', null, 100)).toMatchObject({
      platformFee: 2500,
      organisationReceives: 0,
    });
  });

  it('rounds a Swiss franc discount to 0.05, half away from zero', () => {
    // 15 % of 19.90 is 2.985: 3.00 off, not the 2.99 a cent would give.
    expect(quote(1990, 'CHF', 15)).toMatchObject({
      currency: 'CHF',
      discount: 300,
      amount: 1690,
      // The fee goes to the cent: 5 % of 16.90 is 0.845.
      platformFee: 85,
      organisationReceives: 1605,
    });
    // 1 % of 12.50 is 0.125, exactly half way between 0.10 and 0.15.
    expect(quote(1250, 'chf', 1).discount).toBe(15);
    // 10 % of 25.00 needs no rounding.
    expect(quote(2500, 'CHF', 10).discount).toBe(250);
  });

  it('never takes more than the price off, though the step would round past it', () => {
    // 100 % of CHF 12.34 rounded to 0.05 would be 12.35.
    expect(quote(1234, 'CHF', 100)).toMatchObject({
      discount: 1234,
      amount: 0,
      method: 'FREE_COUPON',
    });
  });

  it('has no minor unit below the yen', () => {
    expect(quote(1501, 'JPY', 50)).toMatchObject({
      currency: 'JPY',
      discount: 751,
      amount: 750,
      platformFee: 38,
      organisationReceives: 712,
    });
  });

  it('counts Kuwaiti dinars in thousandths', () => {
    // 10 % of 12.345 KWD is 1.2345 KWD: 1.235 off.
    expect(quote(12345, 'KWD', 10)).toMatchObject({
      currency: 'KWD',
      discount: 1235,
      amount: 11110,
      platformFee: 556,
      organisationReceives: 10554,
    });
  });

  it('keeps its sums and bounds for every percentage and currency', () => {
    const costs = [0, 1, 5, 7, 99, 101, 1234, 1990, 99_999, 10_000_000];
    for (const currency of ['EUR', 'CHF', 'JPY', 'KWD']) {
      const step = currency === 'CHF' ? 5 : 1;
      for (const cost of costs) {
        for (let percent = 0; percent <= 100; percent += 1) {
          const result = quote(cost, currency, percent, 7.5);
          expect(result.price - result.discount).toBe(result.amount);
          expect(result.discount).toBeGreaterThanOrEqual(0);
          expect(result.discount).toBeLessThanOrEqual(cost);
          if (result.discount !== cost) expect(result.discount % step).toBe(0);
          expect(result.platformFee).toBeGreaterThanOrEqual(0);
          expect(result.platformFee).toBeLessThanOrEqual(result.amount);
          expect(result.platformFee + result.organisationReceives).toBe(result.amount);
          expect(result.method).toBe(result.amount === 0 ? 'FREE_COUPON' : 'INTERNAL_PAYMENT');
        }
      }
    }
  });

  it('stays exact on prices beyond what a double multiplies exactly', () => {
    const cost = Number.MAX_SAFE_INTEGER;
    const result = quote(cost, 'EUR', 50, 5);
    expect(result.discount).toBe(4_503_599_627_370_496);
    expect(result.amount).toBe(4_503_599_627_370_495);
    expect(result.platformFee).toBe(225_179_981_368_525);
  });

  it('refuses input no checkout should reach', () => {
    expect(() => quote(-1, 'EUR', null)).toThrow(RangeError);
    expect(() => quote(12.5, 'EUR', null)).toThrow(RangeError);
    expect(() => quote(Number.NaN, 'EUR', null)).toThrow(RangeError);
    expect(() => quote(2 ** 53, 'EUR', null)).toThrow(RangeError);
    expect(() => quote(100, 'XXX', null)).toThrow(RangeError);
    expect(() => quote(100, 'ABC', null)).toThrow(RangeError);
    expect(() => quote(100, 'EUR', 101)).toThrow(RangeError);
    expect(() => quote(100, 'EUR', 12.5)).toThrow(RangeError);
    expect(() => quote(100, 'EUR', -1)).toThrow(RangeError);
    expect(() => quote(100, 'EUR', null, -0.5)).toThrow(RangeError);
    expect(() => quote(100, 'EUR', null, 100.5)).toThrow(RangeError);
    expect(() => quote(100, 'EUR', null, Number.NaN)).toThrow(RangeError);
  });
});

describe('coupon input', () => {
  const valid = { name: 'Early friends', code: 'EARLY-2027_a', value: 25, slots: 40 };
  const problemsOf = (input: unknown, schema: z.ZodType = couponInputSchema) => {
    const result = schema.safeParse(input);
    if (result.success) return {};
    return Object.fromEntries(
      result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
  };

  it('accepts a coupon and trims what was typed', () => {
    expect(
      couponInputSchema.parse({ ...valid, name: '  Early friends ', code: ' EARLY-2027_a ' }),
    ).toEqual(valid);
    expect(couponInputSchema.parse({ ...valid, slots: null }).slots).toBeNull();
    expect(
      couponInputSchema.parse({ ...valid, value: 100, slots: COUPON_LIMITS.slotsMax }).value,
    ).toBe(100);
  });

  it('names each field that is wrong with a translation key', () => {
    expect(problemsOf({ ...valid, name: '   ' })).toEqual({ name: 'validation.required' });
    expect(problemsOf({ ...valid, name: 'x'.repeat(COUPON_LIMITS.nameMax + 1) })).toEqual({
      name: 'validation.coupon.name_length',
    });
    expect(problemsOf({ ...valid, name: 'a\u0000b' })).toEqual({
      name: 'validation.nul_character',
    });
    expect(problemsOf({ ...valid, name: 'a\uD800b' })).toEqual({
      name: 'validation.unpaired_surrogate',
    });
    for (const code of ['ab', 'x'.repeat(33), 'EARLY BIRD', 'ÉTÉ25', 'a\u0000bc', 'GO!']) {
      expect(problemsOf({ ...valid, code })).toEqual({ code: 'validation.coupon.code' });
    }
    for (const value of [0, 101, 12.5, 1e308, Number.NaN, '50', null]) {
      expect(problemsOf({ ...valid, value })).toEqual({ value: 'validation.coupon.value' });
    }
    for (const slots of [0, -1, 1.5, COUPON_LIMITS.slotsMax + 1, 2 ** 53, '3']) {
      expect(problemsOf({ ...valid, slots })).toEqual({ slots: 'validation.coupon.slots' });
    }
    expect(problemsOf({ code: 'ABC', value: 10 })).toEqual({ name: 'validation.required' });
  });

  it('lets an edit leave out what does not change', () => {
    expect(couponUpdateSchema.parse({ value: 30 })).toEqual({ value: 30 });
    expect(problemsOf({ code: 'no' }, couponUpdateSchema)).toEqual({
      code: 'validation.coupon.code',
    });
  });

  it('folds full-width characters of an Asian keyboard into the ASCII code', () => {
    expect(normaliseCouponCode(' ＥＡＲＬＹ２０ ')).toBe('EARLY20');
    expect(normaliseCouponCode('early-20')).toBe('early-20');
    expect(couponInputSchema.parse({ ...valid, code: 'ＥＡＲＬＹ２０' }).code).toBe('EARLY20');
  });
});

describe('minimum charges', () => {
  it("keeps the processor's published minimums and one major unit elsewhere", () => {
    expect(minimumChargeFor('eur')).toBe(50);
    expect(minimumChargeFor('JPY')).toBe(50);
    expect(minimumChargeFor('KWD')).toBe(1000);
    expect(minimumChargeFor('ISK')).toBe(1);
  });

  it('lets a quote through with nothing to pay or at least the minimum, and no other', () => {
    expect(isChargeable({ amount: 0, currency: 'EUR' })).toBe(true);
    expect(isChargeable({ amount: 49, currency: 'EUR' })).toBe(false);
    expect(isChargeable({ amount: 50, currency: 'EUR' })).toBe(true);
  });
});
