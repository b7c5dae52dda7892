import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { MemberInvitationStatus, OrganisationRole } from '@encore/core';
import { citext, createdAt, deletedAt, updatedAt } from '../../db/columns';
import { users } from '../users/users.table';

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: citext('slug').notNull().unique(),
  name: text('name').notNull(),
  email: citext('email'),
  description: text('description'),
  phone: text('phone'),
  website: text('website'),
  cityId: text('city_id'),
  countryCode: text('country_code'),
  logoFileId: uuid('logo_file_id'),
  coverFileId: uuid('cover_file_id'),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
});

export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrganisationRole>().notNull(),
    status: text('status').$type<MemberInvitationStatus>().notNull().default('accepted'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    index('organisation_members_user_idx').on(table.userId),
  ],
);

export type OrganisationRow = typeof organisations.$inferSelect;
