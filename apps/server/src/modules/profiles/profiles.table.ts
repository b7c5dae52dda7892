import type { PremiumFeature, SkillLevel } from '@encore/core';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { genres, instruments, userTypes } from '../lookups/lookups.table';
import { users } from '../users/users.table';

/** The genres a person plays, in the order they chose them. */
export const userGenres = pgTable(
  'user_genres',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    genreId: text('genre_id')
      .notNull()
      .references(() => genres.id),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.genreId] }),
    index('user_genres_genre_idx').on(table.genreId),
  ],
);

/** Instruments a person plays: how well, which kinds (`electric`) and in which styles (genre slugs). */
export const userInstruments = pgTable(
  'user_instruments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrumentId: text('instrument_id')
      .notNull()
      .references(() => instruments.id),
    skillLevel: text('skill_level').$type<SkillLevel>(),
    typeSlugs: text('type_slugs').array().notNull().default([]),
    styleSlugs: text('style_slugs').array().notNull().default([]),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.instrumentId] }),
    index('user_instruments_instrument_idx').on(table.instrumentId),
  ],
);

/** What a person is on stage and off it (`singer-songwriter`, `sound-engineer`). */
export const userUserTypes = pgTable(
  'user_user_types',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userTypeId: text('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.userTypeId] })],
);

/** Premium features granted to an account by an administrator, optionally until a date. */
export const premiumFeatures = pgTable(
  'premium_features',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feature: text('feature').$type<PremiumFeature>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    grantedById: uuid('granted_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.feature] })],
);

export type UserInstrumentRow = typeof userInstruments.$inferSelect;
export type PremiumFeatureRow = typeof premiumFeatures.$inferSelect;
