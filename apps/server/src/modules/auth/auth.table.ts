import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { citext, createdAt } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * Refresh tokens are opaque; only their SHA-256 is stored. Each login starts a family; every
 * refresh rotates the token within its family, and presenting a rotated token again (outside a
 * short grace window) revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    rememberMe: boolean('remember_me').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export type OneTimeTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

/** Single-use tokens sent by email (verification, password reset, email change); hashed too. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** For change_email: the new address, confirmed by following the link sent to it. */
    email: citext('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
