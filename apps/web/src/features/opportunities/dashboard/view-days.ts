export interface DayCount {
  /** YYYY-MM-DD (UTC, as views are counted). */
  date: string;
  count: number;
}

const DAY_MS = 86_400_000;

/**
 * Every one of the last `length` days up to today (UTC), oldest first, with zero for the days the
 * server has no row for (it sends only days with visits).
 */
export function lastDays(
  counted: readonly DayCount[],
  now: number = Date.now(),
  length = 30,
): DayCount[] {
  const byDate = new Map(counted.map((day) => [day.date, day.count]));
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length }, (_, index) => {
    const date = new Date(today - (length - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    return { date, count: byDate.get(date) ?? 0 };
  });
}
