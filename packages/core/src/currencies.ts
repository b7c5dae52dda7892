import { data as iso4217 } from 'currency-codes';

/**
 * Currency table and money arithmetic. Amounts are stored and exchanged in minor units
 * (integer cents, yen, fils...) so that no floating-point error reaches a payment.
 */

export type DecimalDigits = 0 | 2 | 3;

export interface CurrencyInfo {
  /** ISO 4217 alphabetic code, upper case. */
  code: string;
  /** ISO 4217 English name. */
  name: string;
  /** Narrow symbol as rendered by Intl in English, e.g. "$", "€", "CHF" when none is shorter. */
  symbol: string;
  /** Digits after the decimal point: 1 major unit = 10^decimalDigits minor units. */
  decimalDigits: DecimalDigits;
  /** Smallest step amounts are rounded to, in minor units; 0 when any minor unit is allowed. */
  rounding: number;
}

/**
 * ISO 4217 entries that are not currencies a person pays with: fund and index codes
 * (marked IsFund in the ISO list), precious metals, bond-market units, drawing rights and
 * the testing / "no currency" codes. The `currency-codes` package maps ISO's "N.A." minor
 * unit to 0, so these cannot be told apart from real zero-decimal currencies by digits alone.
 */
const NON_PAYMENT_ISO_CODES: ReadonlySet<string> = new Set([
  // Funds
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
  // Precious metals
  'XAG',
  'XAU',
  'XPD',
  'XPT',
  // Bond-market units, drawing rights, settlement units
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XSU',
  'XUA',
  // Testing and "no currency"
  'XTS',
  'XXX',
]);

/**
 * Cash rounding, in minor units. Swiss francs are settled in steps of 0.05 because the
 * smallest coin is 5 centimes; every other currency uses its full precision.
 */
const ROUNDING_STEPS: Readonly<Record<string, number>> = { CHF: 5 };

function isDecimalDigits(digits: number): digits is DecimalDigits {
  return digits === 0 || digits === 2 || digits === 3;
}

const narrowSymbols = new Map<string, string>();

function narrowSymbol(code: string): string {
  let symbol = narrowSymbols.get(code);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? code;
    narrowSymbols.set(code, symbol);
  }
  return symbol;
}

/** Every active ISO 4217 currency, sorted by code. */
export const CURRENCIES: readonly CurrencyInfo[] = iso4217
  .filter((entry) => !NON_PAYMENT_ISO_CODES.has(entry.code))
  .flatMap((entry): CurrencyInfo[] => {
    if (!isDecimalDigits(entry.digits)) return [];
    return [
      {
        code: entry.code,
        name: entry.currency,
        // Made when first read: a formatter per currency, all made while this module loads,
        // held up a phone for a fifth of a second on every page that shows a price.
        get symbol() {
          return narrowSymbol(entry.code);
        },
        decimalDigits: entry.digits,
        rounding: ROUNDING_STEPS[entry.code] ?? 0,
      },
    ];
  })
  .sort((a, b) => a.code.localeCompare(b.code));

const CURRENCIES_BY_CODE: ReadonlyMap<string, CurrencyInfo> = new Map(
  CURRENCIES.map((currency) => [currency.code, currency]),
);

/**
 * Currencies accepted for payments, lower case as the payment processor's API expects them.
 * Source: Stripe's supported presentment currencies, https://docs.stripe.com/currencies
 * (checked 2025). Two codes of that page are left out because they are not in our ISO table:
 * `std` (Stripe still uses the pre-2018 code of the São Tomé dobra; ISO now has STN) and
 * `xcg` (the Caribbean guilder, newer than the ISO data we ship).
 */
export const PAYMENT_CURRENCIES = [
  'usd',
  'aed',
  'afn',
  'all',
  'amd',
  'ang',
  'aoa',
  'ars',
  'aud',
  'awg',
  'azn',
  'bam',
  'bbd',
  'bdt',
  'bgn',
  'bif',
  'bmd',
  'bnd',
  'bob',
  'brl',
  'bsd',
  'bwp',
  'byn',
  'bzd',
  'cad',
  'cdf',
  'chf',
  'clp',
  'cny',
  'cop',
  'crc',
  'cve',
  'czk',
  'djf',
  'dkk',
  'dop',
  'dzd',
  'egp',
  'etb',
  'eur',
  'fjd',
  'fkp',
  'gbp',
  'gel',
  'gip',
  'gmd',
  'gnf',
  'gtq',
  'gyd',
  'hkd',
  'hnl',
  'htg',
  'huf',
  'idr',
  'ils',
  'inr',
  'isk',
  'jmd',
  'jpy',
  'kes',
  'kgs',
  'khr',
  'kmf',
  'krw',
  'kyd',
  'kzt',
  'lak',
  'lbp',
  'lkr',
  'lrd',
  'lsl',
  'mad',
  'mdl',
  'mga',
  'mkd',
  'mmk',
  'mnt',
  'mop',
  'mur',
  'mvr',
  'mwk',
  'mxn',
  'myr',
  'mzn',
  'nad',
  'ngn',
  'nio',
  'nok',
  'npr',
  'nzd',
  'pab',
  'pen',
  'pgk',
  'php',
  'pkr',
  'pln',
  'pyg',
  'qar',
  'ron',
  'rsd',
  'rub',
  'rwf',
  'sar',
  'sbd',
  'scr',
  'sek',
  'sgd',
  'shp',
  'sle',
  'sos',
  'srd',
  'szl',
  'thb',
  'tjs',
  'top',
  'try',
  'ttd',
  'twd',
  'tzs',
  'uah',
  'ugx',
  'uyu',
  'uzs',
  'vnd',
  'vuv',
  'wst',
  'xaf',
  'xcd',
  'xof',
  'xpf',
  'yer',
  'zar',
  'zmw',
] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

const PAYMENT_CURRENCY_SET: ReadonlySet<string> = new Set(PAYMENT_CURRENCIES);

/** The currency with this code (any case), or undefined. */
export function findCurrency(code: string): CurrencyInfo | undefined {
  return CURRENCIES_BY_CODE.get(code.trim().toUpperCase());
}

/** The currency with this code (any case); throws a RangeError for an unknown code. */
export function getCurrency(code: string): CurrencyInfo {
  const currency = findCurrency(code);
  if (!currency) throw new RangeError(`Unknown currency code "${code}"`);
  return currency;
}

/** Whether payments can be taken in this currency (code in any case, so not a type guard). */
export function isPaymentCurrency(code: string): boolean {
  return PAYMENT_CURRENCY_SET.has(code.trim().toLowerCase());
}

/**
 * Multiplies by 10^places by moving the decimal point in the number's text form, so that
 * 1.005 becomes exactly 100.5 rather than 100.49999999999999 as `1.005 * 100` would.
 */
function shiftDecimalPoint(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Rounds half away from zero, so that refunds (negative amounts) mirror charges. */
function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

function assertMinorUnits(minor: number): void {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`Minor units must be a safe integer, got ${minor}`);
  }
}

/** 12.34 USD -> 1234; 1.5 JPY -> 2; 1.2345 KWD -> 1235. Rounds half away from zero. */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Amount must be finite, got ${amount}`);
  const { decimalDigits } = getCurrency(currency);
  const minor = roundHalfAwayFromZero(shiftDecimalPoint(amount, decimalDigits));
  assertMinorUnits(minor);
  // Avoid handing out -0, which prints as "-0" in some formatters.
  return minor === 0 ? 0 : minor;
}

/** 1234 USD -> 12.34; 500 JPY -> 500; 1235 KWD -> 1.235. */
export function fromMinorUnits(minor: number, currency: string): number {
  assertMinorUnits(minor);
  const { decimalDigits } = getCurrency(currency);
  return shiftDecimalPoint(minor, -decimalDigits);
}

/**
 * Rounds to the currency's rounding step, half away from zero: CHF 1234 -> 1235,
 * 1232 -> 1230. Currencies without a step are returned unchanged.
 */
export function roundMinorUnits(minor: number, currency: string): number {
  assertMinorUnits(minor);
  const { rounding } = getCurrency(currency);
  if (rounding === 0) return minor;
  const rounded = roundHalfAwayFromZero(minor / rounding) * rounding;
  return rounded === 0 ? 0 : rounded;
}

const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: CurrencyInfo, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency.code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.code,
      // Intl's own digits for a few currencies differ from ISO 4217 (e.g. it shows IDR
      // with 0); fixing them keeps what is displayed equal to what is charged.
      minimumFractionDigits: currency.decimalDigits,
      maximumFractionDigits: currency.decimalDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Formats an amount given in minor units, e.g. (123456, 'eur', 'de') -> "1.234,56 €". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const info = getCurrency(currency);
  return moneyFormatter(info, locale).format(fromMinorUnits(minor, info.code));
}
