import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Reference data, seeded from data packages (lookups.seed.ts). Natural keys are the primary keys:
 * ISO 3166-1 alpha-2 codes for countries, GeoNames ids for cities, slugs for genres, instruments
 * and user types. Other features store those keys (users.country_code, users.city_id, genre and
 * instrument slugs), so they are the same on every installation and survive a reseed.
 */

export const countries = pgTable('countries', {
  /** ISO 3166-1 alpha-2, upper case. */
  code: text('code').primaryKey(),
  /** English name (i18n-iso-countries), the fallback when a locale has none. */
  name: text('name').notNull(),
  /** Name per supported UI locale: `{ "de": "Deutschland", "ar": "ألمانيا", ... }`. */
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** Sovereign state per world-countries (Kosovo, undecided there, counts as independent). */
  independent: boolean('independent').notNull(),
  /** Main ISO 4217 currency, when the country has one. */
  currency: text('currency'),
});

export const cities = pgTable(
  'cities',
  {
    /** GeoNames id. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * The name lower-cased, accents stripped and punctuation turned to spaces
     * (search-text.ts). Stored rather than computed with unaccent() in the index: unaccent() is
     * only STABLE (it reads a dictionary), so it cannot appear in an index expression, and the
     * JavaScript normaliser also folds letters unaccent leaves alone in some builds (ß, ø, ł).
     * Queries run the same normaliser over the search text.
     */
    searchName: text('search_name').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    /** GeoNames admin1 code (state, region) within the country. */
    adminCode: text('admin_code'),
    population: integer('population').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (table) => [
    // Prefix search: `search_name LIKE 'par%'` needs text_pattern_ops whatever the collation.
    index('cities_search_name_prefix_idx').on(table.searchName.op('text_pattern_ops')),
    // Near misses: pg_trgm word similarity (`<%`) and LIKE patterns with inner wildcards.
    index('cities_search_name_trgm_idx').using('gin', table.searchName.op('gin_trgm_ops')),
    // Most populous first: a two-letter prefix walks cities by population until the page is full.
    index('cities_population_idx').on(sql`${table.population} desc`),
    index('cities_country_code_idx').on(table.countryCode),
  ],
);

export const genres = pgTable(
  'genres',
  {
    /** The slug: `progressive-rock`. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    parentId: text('parent_id').references((): AnyPgColumn => genres.id),
    position: integer('position').notNull(),
  },
  (table) => [index('genres_parent_id_idx').on(table.parentId)],
);

export const instruments = pgTable(
  'instruments',
  {
    /** The slug: `saxophone`; families end in their own slugs (`reed-woodwinds`). */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The family's slug; a family row names itself. */
    family: text('family').notNull(),
    /** Null for a family, the family's id for an instrument. */
    parentId: text('parent_id').references((): AnyPgColumn => instruments.id),
    /** Kinds of the instrument a player may name: `acoustic`, `electric`, `nylon`, `alto`... */
    types: text('types').array().notNull(),
    /** Top-level genre slugs the instrument is commonly played in. */
    styles: text('styles').array().notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('instruments_parent_id_idx').on(table.parentId)],
);

export const userTypeCategories = pgTable('user_type_categories', {
  /** The slug: `performers`. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});

export const userTypes = pgTable(
  'user_types',
  {
    /** The slug: `singer-songwriter`. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => userTypeCategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [index('user_types_category_id_idx').on(table.categoryId)],
);

export type CountryRow = typeof countries.$inferSelect;
export type CityRow = typeof cities.$inferSelect;
export type GenreRow = typeof genres.$inferSelect;
export type InstrumentRow = typeof instruments.$inferSelect;
export type UserTypeCategoryRow = typeof userTypeCategories.$inferSelect;
export type UserTypeRow = typeof userTypes.$inferSelect;
