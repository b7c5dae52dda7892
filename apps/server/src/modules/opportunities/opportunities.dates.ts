import { DateTime } from 'luxon';

const LOCAL_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/**
 * The instant a wall-clock time names in a time zone (`2027-05-01 18:30` in Europe/Lisbon), or
 * undefined when the text is not a real date (30 February). In the hour a clock skips, luxon moves
 * the time forward, as a person would.
 */
export function instantIn(local: string, timeZone: string): Date | undefined {
  const parsed = DateTime.fromISO(local.trim().replace(' ', 'T'), { zone: timeZone });
  return parsed.isValid ? parsed.toJSDate() : undefined;
}

/** The wall-clock time of an instant in a time zone, as the wizard shows and sends it back. */
export function localIn(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toFormat(LOCAL_FORMAT);
}
