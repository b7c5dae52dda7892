import type { UpgradeStatus } from '@encore/core';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../users/users.table';

/** A performer's request for an organiser account and an administrator's decision on it. */
export const accountUpgradeRequests = pgTable(
  'account_upgrade_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<UpgradeStatus>().notNull().default('PENDING'),
    organisationName: text('organisation_name').notNull(),
    website: text('website'),
    message: text('message').notNull(),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One open request per person at a time.
    uniqueIndex('account_upgrade_requests_one_pending_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'PENDING'`),
    index('account_upgrade_requests_status_idx').on(table.status, table.createdAt),
  ],
);

export type AccountUpgradeRequestRow = typeof accountUpgradeRequests.$inferSelect;
