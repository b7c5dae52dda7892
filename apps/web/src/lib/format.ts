import { currentLocale } from './i18n';

/** A Date, epoch milliseconds, or an API string: `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` (UTC). */
export type DateInput = Date | number | string;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const API_DATETIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/** Parses API values as UTC (the API never sends an offset), anything else with `Date`. */
export function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (DATE_ONLY.test(value)) return new Date(`${value}T00:00:00Z`);
  const match = API_DATETIME.exec(value);
  if (match) return new Date(`${match[1]}T${match[2]}Z`);
  return new Date(value);
}

interface FormatOptions {
  locale?: string;
  timeZone?: string;
}

/**
 * A calendar date. Date-only API values are shown in UTC so that "2025-06-01" never turns into
 * 31 May for a visitor west of Greenwich.
 */
export function formatDate(
  value: DateInput,
  { locale = currentLocale(), timeZone }: FormatOptions = {},
): string {
  const zone = timeZone ?? (typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : undefined);
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(zone ? { timeZone: zone } : {}),
  }).format(toDate(value));
}

export function formatDateTime(
  value: DateInput,
  { locale = currentLocale(), timeZone }: FormatOptions = {},
): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(toDate(value));
}

export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions & { locale?: string } = {},
): string {
  const { locale = currentLocale(), ...rest } = options;
  return new Intl.NumberFormat(locale, rest).format(value);
}

/** How many minor units make one major unit: 100 for EUR, 1 for JPY, 1000 for KWD. */
export function currencyFractionDigits(currency: string): number {
  const { maximumFractionDigits } = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).resolvedOptions();
  return maximumFractionDigits ?? 2;
}

/** Money from the API: integer minor units plus an ISO 4217 code (ARCHITECTURE.md §4). */
export function formatMoney(
  minorUnits: number,
  currency: string,
  { locale = currentLocale() }: { locale?: string } = {},
): string {
  const code = currency.toUpperCase();
  const digits = currencyFractionDigits(code);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(
    minorUnits / 10 ** digits,
  );
}
