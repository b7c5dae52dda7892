import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccountType, Gender, PlatformRole, ProfessionalLevel } from '@encore/core';
import { citext, createdAt, deletedAt, updatedAt } from '../../db/columns';

export interface UserSettings {
  cur_pref: string | null;
  lang_pref: string | null;
  allow_contact: boolean;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: citext('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<PlatformRole>().notNull().default('performer'),
    selectedType: text('selected_type').$type<AccountType>().notNull().default('INDIVIDUAL'),
    locale: text('locale').notNull().default('en'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Carried in every access token; raising it (password reset) invalidates the tokens already out. */
    sessionVersion: integer('session_version').notNull().default(0),
    avatarFileId: uuid('avatar_file_id'),
    dob: date('dob', { mode: 'string' }),
    about: text('about'),
    professionalLevel: text('professional_level').$type<ProfessionalLevel>(),
    cityId: text('city_id'),
    countryCode: text('country_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    phone: text('phone'),
    gender: text('gender').$type<Gender>(),
    /** Instruments the person plays that the instrument list does not have, as they wrote them. */
    otherInstruments: text('other_instruments').array().notNull().default([]),
    settings: jsonb('settings')
      .$type<UserSettings>()
      .notNull()
      .default(sql`'{"cur_pref":null,"lang_pref":null,"allow_contact":true}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (table) => [index('users_role_idx').on(table.role)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
