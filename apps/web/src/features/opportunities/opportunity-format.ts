import type { TFunction } from 'i18next';
import { formatMoney, toDate, type DateInput } from '../../lib/format';
import { currentLocale } from '../../lib/i18n';

interface Priced {
  is_paid: boolean;
  payment_type: string;
  payment_options: ReadonlyArray<{ cost: number; currency: string }>;
}

/** "Free", "From €25.00" (the cheapest option), or "Paid" when the price is set elsewhere. */
export function priceLabel(opportunity: Priced, t: TFunction<'pages'>): string {
  if (!opportunity.is_paid) return t('opportunities.price.free');
  const cheapest = [...opportunity.payment_options].sort((a, b) => a.cost - b.cost)[0];
  if (!cheapest) return t('opportunities.price.paid');
  const amount = formatMoney(cheapest.cost, cheapest.currency);
  return opportunity.payment_options.length > 1
    ? t('opportunities.price.from', { amount })
    : amount;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "in 3 days", "in 5 hours": the time left until a deadline in the reader's language, or null
 * once it has passed.
 */
export function deadlineCountdown(
  deadline: DateInput | null | undefined,
  now: number = Date.now(),
  locale: string = currentLocale(),
): string | null {
  if (deadline === null || deadline === undefined) return null;
  const left = toDate(deadline).getTime() - now;
  if (left <= 0) return null;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (left >= size) return format.format(Math.floor(left / size), unit);
  }
  return format.format(1, 'minute');
}

/** The reader's own time zone, for showing an opportunity's dates next to its zone's. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "12.4 km" in the reader's language; under a kilometre in metres. */
export function distanceLabel(km: number, locale: string = currentLocale()): string {
  if (km < 1) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter' }).format(
      Math.round(km * 1000),
    );
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km);
}
