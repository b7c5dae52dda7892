import { toDate, type DateInput } from '../../lib/format';
import { currentLocale } from '../../lib/i18n';

/**
 * Where a notification leads, when that is a page of this app. Anything else (another site, a
 * protocol-relative `//host`) is not followed: a notification is text the server wrote, but the
 * panel navigates without asking.
 */
export function internalPath(urlPath: string | null): string | null {
  return urlPath && urlPath.startsWith('/') && !urlPath.startsWith('//') ? urlPath : null;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Largest first: the first unit the time span reaches is the one said. */
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * "5 minutes ago", "yesterday", "now", in the reader's language. Under a minute it says "now": a
 * browser's clock a few seconds off the server's should not read "in 3 seconds".
 */
export function formatRelativeTime(
  value: DateInput,
  { now = Date.now(), locale = currentLocale() }: { now?: number; locale?: string } = {},
): string {
  const seconds = (toDate(value).getTime() - now) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}
