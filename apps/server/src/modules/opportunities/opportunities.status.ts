import type { OpportunityStatus } from '@encore/core';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { opportunities } from './opportunities.table';

type Instant = Date | Placeholder;
const instant = (at: Instant) => sql`${at instanceof Date ? at.toISOString() : at}::timestamptz`;

/** Whether the stored status holds at the instant: it falls within the stored span. */
export const storedStatusHolds = (at: Instant): SQL =>
  sql`(${opportunities.statusFrom} is null or ${opportunities.statusFrom} <= ${instant(at)}) and (${opportunities.statusUntil} is null or ${opportunities.statusUntil} > ${instant(at)})`;

/** The ends of time, for `storedStatusLapsed`: literal, or placeholders a prepared statement fills. */
export interface TimeBounds {
  ever: SQL | Placeholder;
  never: SQL | Placeholder;
}
const LITERAL_BOUNDS: TimeBounds = { ever: sql`'-infinity'`, never: sql`'infinity'` };
/** What a prepared statement passes for `TimeBounds` placeholders named `ever` and `never`. */
export const TIME_BOUND_VALUES = { ever: '-infinity', never: 'infinity' } as const;

/**
 * Rows whose stored status does not hold at the instant: few, found by their own indexes. Each
 * side is written as a range between two parameters: a generic plan cannot know how many rows a
 * one-sided bound leaves and guesses a third of the table (a full scan), while it takes a range
 * between parameters for a narrow one and reads the index, which is what the values make true.
 */
export const storedStatusLapsed = (at: Instant, bounds: TimeBounds = LITERAL_BOUNDS): SQL =>
  sql`((${opportunities.statusUntil} >= ${bounds.ever}::timestamptz and ${opportunities.statusUntil} <= ${instant(at)}) or (${opportunities.statusFrom} > ${instant(at)} and ${opportunities.statusFrom} <= ${bounds.never}::timestamptz))`;

/** The lifecycle status worked out from the dates (migration 0006). */
export const computedStatusAt = (at: Instant): SQL<OpportunityStatus> =>
  sql<OpportunityStatus>`opportunity_status_at(${opportunities.publishedAt}, ${opportunities.publishAt}, ${opportunities.deadlineAt}, ${opportunities.startsAt}, ${opportunities.endsAt}, ${opportunities.closedAt}, ${opportunities.archivedAt}, ${opportunities.deletedAt}, ${instant(at)})`;

/**
 * The lifecycle status at an instant: the stored one where it holds, worked out otherwise; a
 * prepared statement passes the instant as a placeholder.
 */
export const statusAt = (at: Instant): SQL<OpportunityStatus> =>
  sql<OpportunityStatus>`case when ${storedStatusHolds(at)} then ${opportunities.status} else ${computedStatusAt(at)} end`;
