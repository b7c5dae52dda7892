import { currentLocale } from '../../../lib/i18n';

/**
 * The smallest "round" number (1, 2 or 5 times a power of ten) at or above `value`, so the
 * chart's scale ends on a figure people read at a glance. At least 1.
 */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/** The top of the scale, in minor units: a round number of major units above the tallest bar. */
export function scaleTop(maxMinor: number, decimalDigits: number): number {
  const unit = 10 ** decimalDigits;
  return niceCeiling(maxMinor / unit) * unit;
}

/** A scale mark: whole major units drop their decimals ("€50", not "€50.00"). */
export function formatScaleMoney(
  minor: number,
  currency: string,
  decimalDigits: number,
  locale = currentLocale(),
): string {
  const major = minor / 10 ** decimalDigits;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(major) ? 0 : decimalDigits,
    maximumFractionDigits: decimalDigits,
  }).format(major);
}

/** A day of the timeline (`YYYY-MM-DD`, UTC) as "3 Mar" in the reader's language. */
export function formatChartDay(day: string, locale = currentLocale()): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * Which points get a date under the chart: the first, the last and evenly spread ones between,
 * at most `most` of them, so the labels never run into each other.
 */
export function labelledPoints(count: number, most = 5): number[] {
  if (count <= 0) return [];
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  const chosen = new Set<number>();
  for (let step = 0; step < most; step += 1) {
    chosen.add(Math.round((step * (count - 1)) / (most - 1)));
  }
  return [...chosen].sort((a, b) => a - b);
}
