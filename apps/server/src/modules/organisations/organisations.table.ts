import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MemberInvitationStatus, OrganisationRole, SocialLink } from '@encore/core';
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
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  socialLinks: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
  logoFileId: uuid('logo_file_id'),
  coverFileId: uuid('cover_file_id'),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
});

/** Slugs an organisation had before; a link to one of them leads to the organisation's page. */
export const organisationSlugRedirects = pgTable('organisation_slug_redirects', {
  slug: citext('slug').primaryKey(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * A place in a team, from the invitation on: an invitation to an address without an account has
 * no user until that address registers. Only `accepted` members hold their role's permissions.
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: citext('email').notNull(),
    role: text('role').$type<OrganisationRole>().notNull(),
    status: text('status').$type<MemberInvitationStatus>().notNull().default('accepted'),
    /** SHA-256 of the emailed invitation token; cleared once the invitation is answered. */
    invitationTokenHash: text('invitation_token_hash').unique(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('organisation_members_org_user_key')
      .on(table.organisationId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('organisation_members_org_email_key').on(table.organisationId, table.email),
    index('organisation_members_user_idx').on(table.userId),
    index('organisation_members_email_idx').on(table.email),
  ],
);

/** Who changed what in an organisation or its team, and when. Append-only. */
export const organisationEvents = pgTable(
  'organisation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<OrganisationEventAction>().notNull(),
    memberEmail: citext('member_email'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('organisation_events_org_idx').on(table.organisationId, table.createdAt)],
);

export type OrganisationEventAction =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'member_invited'
  | 'invitation_accepted'
  | 'invitation_rejected'
  | 'invitation_cancelled'
  | 'member_role_changed'
  | 'member_removed'
  | 'member_left'
  | 'ownership_transferred';

export type OrganisationRow = typeof organisations.$inferSelect;
export type OrganisationMemberRow = typeof organisationMembers.$inferSelect;
export type OrganisationEventRow = typeof organisationEvents.$inferSelect;
