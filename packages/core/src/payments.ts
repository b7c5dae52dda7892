import { z } from 'zod';
import { getCurrency } from './currencies';
import type { PaymentMethod } from './enums';

/**
 * Checkout arithmetic and coupon rules, shared by the server (which charges) and the web (which
 * shows the price before the applicant pays), so that what is shown is what is charged.
 */

/** Letters, digits, dashes and underscores: what an applicant can type without ambiguity. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

export const COUPON_LIMITS = {
  nameMax: 100,
  codeMin: 3,
  codeMax: 32,
  codePattern: COUPON_CODE_PATTERN,
  /** Percent off. 100 makes the application free (FREE_COUPON). */
  valueMin: 1,
  valueMax: 100,
  slotsMin: 1,
  slotsMax: 100_000,
} as const;

/**
 * A code as typed or pasted: NFKC folds full-width letters and digits (typed on a Japanese or
 * Chinese keyboard) into the ASCII ones the pattern allows; surrounding spaces are dropped. Case
 * is kept as the organiser wrote it; codes compare without regard to it (citext in the database).
 */
export function normaliseCouponCode(code: string): string {
  return code.normalize('NFKC').trim();
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Coupon fields as the organiser's form sends them. Every message is a translation key that needs
 * only the field's name, so the server can report problems without knowing the reader's language.
 */
export const couponInputSchema = z.strictObject({
  name: z
    .string({ error: 'validation.required' })
    .refine((name) => !name.includes('\u0000'), 'validation.nul_character')
    .refine((name) => !UNPAIRED_SURROGATE.test(name), 'validation.unpaired_surrogate')
    .trim()
    .min(1, 'validation.required')
    .max(COUPON_LIMITS.nameMax, 'validation.coupon.name_length'),
  code: z
    .string({ error: 'validation.coupon.code' })
    .overwrite(normaliseCouponCode)
    .regex(COUPON_CODE_PATTERN, 'validation.coupon.code'),
  value: z
    .number({ error: 'validation.coupon.value' })
    .int('validation.coupon.value')
    .min(COUPON_LIMITS.valueMin, 'validation.coupon.value')
    .max(COUPON_LIMITS.valueMax, 'validation.coupon.value'),
  /** Null for no limit. */
  slots: z
    .number({ error: 'validation.coupon.slots' })
    .int('validation.coupon.slots')
    .min(COUPON_LIMITS.slotsMin, 'validation.coupon.slots')
    .max(COUPON_LIMITS.slotsMax, 'validation.coupon.slots')
    .nullish(),
});
export type CouponInput = z.output<typeof couponInputSchema>;
/** What a caller sends, before trimming and checks. */
export type CouponInputFields = z.input<typeof couponInputSchema>;

/** An edit: an absent field stays as it is; `slots: null` lifts the limit. */
export const couponUpdateSchema = couponInputSchema.partial();
export type CouponUpdateInput = z.output<typeof couponUpdateSchema>;
export type CouponUpdateFields = z.input<typeof couponUpdateSchema>;

export interface CheckoutQuoteInput {
  /** The chosen tier's price, in minor units of `currency`. */
  cost: number;
  currency: string;
  /** The coupon's percent off (1–100), or nothing without a coupon. */
  couponPercent?: number | null | undefined;
  /** The platform's share of what the applicant pays, in percent (PLATFORM_FEE_PERCENT). */
  platformFeePercent: number;
}

export interface CheckoutQuote {
  /** Upper-case ISO 4217 code, as the ledger and the payments table keep it. */
  currency: string;
  price: number;
  discountPercent: number;
  discount: number;
  /** What the applicant pays: price − discount. */
  amount: number;
  /** Taken from the amount, never more than it. */
  platformFee: number;
  organisationReceives: number;
  /** Nothing to pay means no payment intent at all. */
  method: Extract<PaymentMethod, 'FREE_COUPON' | 'INTERNAL_PAYMENT'>;
}

/** Fee percentages are kept to this many decimal places (2.9 %, 1.4 %…), exactly, as integers. */
const PERCENT_DECIMALS = 6;
const PERCENT_SCALE = 10n ** BigInt(PERCENT_DECIMALS);

/** numerator ÷ denominator for non-negative integers, rounded half away from zero. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

function scaledPercent(percent: number, what: string): bigint {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`${what} must be a percentage from 0 to 100, got ${percent}`);
  }
  // The decimal text, not the binary value: 2.9 is 2.9000000, not 2.8999999.
  const [whole = '0', fraction = ''] = percent.toFixed(PERCENT_DECIMALS).split('.');
  return BigInt(whole) * PERCENT_SCALE + BigInt(fraction.padEnd(PERCENT_DECIMALS, '0'));
}

/**
 * What an applicant pays for a tier with an optional coupon, and how it divides between the
 * organisation and the platform, in integer minor units. The discount is rounded half away from
 * zero to the currency's cash step (CHF to 0.05) and never exceeds the price; the platform's fee is
 * rounded to the minor unit. Throws a RangeError for input no checkout should reach.
 *
 * Any ISO currency is quoted: whether the processor takes it (`isPaymentCurrency`) is checked when
 * a tier's price is saved, not here.
 */
export function quoteCheckout({
  cost,
  currency,
  couponPercent,
  platformFeePercent,
}: CheckoutQuoteInput): CheckoutQuote {
  if (!Number.isSafeInteger(cost) || cost < 0) {
    throw new RangeError(`The price must be a whole number of minor units, got ${cost}`);
  }
  // Throws for a code that is not an ISO currency one pays with (XXX, XAU).
  const info = getCurrency(currency);
  const discountPercent = couponPercent ?? 0;
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError(`A coupon takes a whole percent from 0 to 100, got ${couponPercent}`);
  }
  const step = BigInt(Math.max(info.rounding, 1));
  const price = BigInt(cost);

  const roundedDiscount = divideRoundingHalfUp(price * BigInt(discountPercent), 100n * step) * step;
  // Rounding up to the step could pass the price itself (CHF 12.34 at 100 % -> 12.35).
  const discount = roundedDiscount > price ? price : roundedDiscount;
  const amount = price - discount;

  const fee = divideRoundingHalfUp(
    amount * scaledPercent(platformFeePercent, 'The platform fee'),
    100n * PERCENT_SCALE,
  );
  const platformFee = fee > amount ? amount : fee;

  return {
    currency: info.code,
    price: cost,
    discountPercent,
    discount: Number(discount),
    amount: Number(amount),
    platformFee: Number(platformFee),
    organisationReceives: Number(amount - platformFee),
    method: amount === 0n ? 'FREE_COUPON' : 'INTERNAL_PAYMENT',
  };
}

/**
 * The smallest charge card processors take, in minor units (Stripe's published minimums, which
 * the local processor keeps too). A currency not listed takes one major unit: a coupon may not
 * leave less than this to pay (a 100 % coupon leaves nothing, and takes no payment at all).
 */
const MINIMUM_CHARGES: Readonly<Record<string, number>> = {
  USD: 50,
  EUR: 50,
  GBP: 30,
  CHF: 50,
  AUD: 50,
  CAD: 50,
  NZD: 50,
  SGD: 50,
  BRL: 50,
  INR: 50,
  AED: 200,
  CZK: 1500,
  DKK: 250,
  HKD: 400,
  HUF: 17500,
  JPY: 50,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  PLN: 200,
  RON: 200,
  SEK: 300,
  THB: 1000,
  BGN: 100,
};

export function minimumChargeFor(currency: string): number {
  const info = getCurrency(currency);
  return MINIMUM_CHARGES[info.code] ?? 10 ** info.decimalDigits;
}

/** Whether a quote can be charged: nothing to pay, or at least the processor's minimum. */
export const isChargeable = (quote: Pick<CheckoutQuote, 'amount' | 'currency'>) =>
  quote.amount === 0 || quote.amount >= minimumChargeFor(quote.currency);
