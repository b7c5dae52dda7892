import { formatDate, formatDateTime, toDate, type DateInput } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { viewerTimeZone } from '../opportunity-format';

/** One moment as the opportunity's zone reads it and, when that differs, as the reader's does. */
export interface ZonedDate {
  /** For `<time dateTime>`. */
  iso: string;
  /** In the opportunity's time zone. */
  local: string;
  /** In the reader's time zone; null when it reads the same (same zone or same offset). */
  viewer: string | null;
}

interface ZonedDateOptions {
  timeZone: string;
  /** False when the organiser chose to show the date alone (`time_visibility`). */
  showTime: boolean;
  viewerZone?: string;
  locale?: string;
}

export function zonedDate(
  value: DateInput,
  { timeZone, showTime, viewerZone = viewerTimeZone(), locale = currentLocale() }: ZonedDateOptions,
): ZonedDate {
  const format = showTime ? formatDateTime : formatDate;
  const local = format(value, { timeZone, locale });
  const inViewerZone =
    viewerZone === timeZone ? local : format(value, { timeZone: viewerZone, locale });
  return {
    iso: toDate(value).toISOString(),
    local,
    viewer: inViewerZone === local ? null : inViewerZone,
  };
}

/**
 * A time zone's name in the reader's language ("Western European Time"), which people recognise
 * more easily than its IANA id; the id when the runtime has no name for it.
 */
export function zoneName(timeZone: string, locale: string = currentLocale()): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((item) => item.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** Whether a moment from the API lies in the past. */
export function hasPassed(value: DateInput | null | undefined, now: number = Date.now()): boolean {
  return value !== null && value !== undefined && toDate(value).getTime() <= now;
}
