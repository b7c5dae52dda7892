import type { OpportunityStatus } from '@encore/core';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { opportunities } from './opportunities.table';

/**
 * The lifecycle status at an instant, computed by the database (migration 0006); a prepared
 * statement passes the instant as a placeholder.
 */
export const statusAt = (at: Date | Placeholder): SQL<OpportunityStatus> =>
  sql<OpportunityStatus>`opportunity_status_at(${opportunities.publishedAt}, ${opportunities.publishAt}, ${opportunities.deadlineAt}, ${opportunities.startsAt}, ${opportunities.endsAt}, ${opportunities.closedAt}, ${opportunities.archivedAt}, ${opportunities.deletedAt}, ${at instanceof Date ? at.toISOString() : at}::timestamptz)`;
