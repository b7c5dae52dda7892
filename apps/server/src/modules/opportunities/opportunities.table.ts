import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ApprovalType,
  MemberInvitationStatus,
  OpportunityPaymentType,
  OpportunityPermission,
  OpportunityStatus,
  OpportunityType,
  ProfessionalLevel,
  TargetUser,
  TimeVisibility,
} from '@encore/core';
import { citext, createdAt, deletedAt, updatedAt } from '../../db/columns';
import { organisations } from '../organisations/organisations.table';
import { users } from '../users/users.table';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An opportunity from its first draft on. The lifecycle status is derived from the dates and the
 * hand-made decisions (published, closed, archived, deleted) by `opportunity_status_at()` in the
 * database, so no read can show a stale state; `status` keeps the last derived value, which the
 * lifecycle job compares to spot transitions.
 */
export const opportunities = pgTable(
  'opportunities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    slug: citext('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary'),
    /** Sanitised HTML. */
    description: text('description'),
    venue: text('venue'),
    street: text('street'),
    cityId: text('city_id'),
    countryCode: text('country_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timeZone: text('time_zone').notNull(),
    deadlineAt: moment('deadline_at'),
    startsAt: moment('starts_at'),
    endsAt: moment('ends_at'),
    publishAt: moment('publish_at'),
    timeVisibility: jsonb('time_visibility')
      .$type<TimeVisibility>()
      .notNull()
      .default({ start_time: true, end_time: true, deadline_time: true }),
    types: text('types').array().$type<OpportunityType[]>().notNull().default([]),
    genres: text('genres').array().notNull().default([]),
    instruments: text('instruments').array().notNull().default([]),
    target: text('target').array().$type<TargetUser[]>().notNull().default([]),
    experienceLevel: text('experience_level')
      .array()
      .$type<ProfessionalLevel[]>()
      .notNull()
      .default([]),
    languages: text('languages').array().notNull().default([]),
    targetCountries: text('target_countries').array().notNull().default([]),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    mediaFileIds: uuid('media_file_ids').array().notNull().default([]),
    galleryFileIds: uuid('gallery_file_ids').array().notNull().default([]),
    logoFileId: uuid('logo_file_id'),
    videoLinks: text('video_links').array().notNull().default([]),
    isPrivate: boolean('is_private').notNull().default(false),
    isVirtual: boolean('is_virtual').notNull().default(false),
    isWorldwide: boolean('is_worldwide').notNull().default(false),
    approvalType: text('approval_type').$type<ApprovalType>().notNull().default('ON_REVIEW'),
    paymentType: text('payment_type').$type<OpportunityPaymentType>().notNull().default('FREE'),
    externalPaymentUrl: text('external_payment_url'),
    /** When someone pressed publish; null while a draft. */
    publishedAt: moment('published_at'),
    closedAt: moment('closed_at'),
    archivedAt: moment('archived_at'),
    status: text('status').$type<OpportunityStatus>().notNull().default('DRAFT'),
    /**
     * Title, summary, description (without tags) and the organisation's name, lower-cased and
     * without accents: kept by a database trigger (migration 0007) for the text search.
     */
    searchText: text('search_text').notNull().default(''),
    /** The cheapest payment option (minor units), null for a free opportunity; for price search. */
    minCost: integer('min_cost'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (table) => [
    index('opportunities_organisation_idx').on(table.organisationId, table.createdAt),
    // The lifecycle job looks only at rows whose next transition may be due.
    index('opportunities_status_idx').on(table.status),
    index('opportunities_published_idx')
      .on(table.publishedAt)
      .where(sql`${table.deletedAt} is null`),
    index('opportunities_deadline_idx').on(table.deadlineAt),
    index('opportunities_genres_idx').using('gin', table.genres),
    index('opportunities_instruments_idx').using('gin', table.instruments),
    index('opportunities_target_countries_idx').using('gin', table.targetCountries),
    index('opportunities_search_text_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/** Slugs an opportunity had before; a link to one of them still finds it. */
export const opportunitySlugRedirects = pgTable('opportunity_slug_redirects', {
  slug: citext('slug').primaryKey(),
  opportunityId: uuid('opportunity_id')
    .notNull()
    .references(() => opportunities.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The prices an applicant chooses between (early bird, regular, ...). */
export const opportunityPaymentOptions = pgTable(
  'opportunity_payment_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    /** Short code shown on receipts and reports: `EARLY-BIRD`. */
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    cost: integer('cost').notNull(),
    currency: text('currency').notNull(),
    slots: integer('slots'),
    deadlineAt: moment('deadline_at'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('opportunity_payment_options_opportunity_idx').on(table.opportunityId, table.position),
    uniqueIndex('opportunity_payment_options_code_key').on(table.opportunityId, table.code),
  ],
);

/**
 * A manager, reviewer or custom role on one opportunity, from the invitation on. The creator is
 * its first manager. Only `accepted` places carry permissions.
 */
export const opportunityMembers = pgTable(
  'opportunity_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: citext('email').notNull(),
    /** `manager`, `reviewer`, or `custom` with its own permission set. */
    role: text('role').$type<OpportunityMemberRole>().notNull(),
    permissions: text('permissions').array().$type<OpportunityPermission[]>().notNull(),
    status: text('status').$type<MemberInvitationStatus>().notNull().default('accepted'),
    invitationTokenHash: text('invitation_token_hash').unique(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: moment('responded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('opportunity_members_opp_user_key')
      .on(table.opportunityId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('opportunity_members_opp_email_key').on(table.opportunityId, table.email),
    index('opportunity_members_user_idx').on(table.userId),
  ],
);

/** Who changed what on an opportunity, and when: lifecycle steps and rule changes. */
export const opportunityEvents = pgTable(
  'opportunity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    /** Null for a transition made by the clock. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<OpportunityEventAction>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('opportunity_events_opp_idx').on(table.opportunityId, table.createdAt)],
);

export type OpportunityMemberRole = 'manager' | 'reviewer' | 'custom';

export type OpportunityEventAction =
  | 'created'
  | 'updated'
  | 'rules_changed'
  | 'published'
  | 'unpublished'
  | 'closed'
  | 'reopened'
  | 'archived'
  | 'deleted'
  | 'duplicated'
  | 'status_changed'
  | 'member_invited'
  | 'invitation_accepted'
  | 'invitation_rejected'
  | 'member_role_changed'
  | 'member_removed';

export type OpportunityRow = typeof opportunities.$inferSelect;
export type OpportunityPaymentOptionRow = typeof opportunityPaymentOptions.$inferSelect;
export type OpportunityMemberRow = typeof opportunityMembers.$inferSelect;
export type OpportunityEventRow = typeof opportunityEvents.$inferSelect;

/** One viewer's visit to an opportunity's page on one day (UTC): repeat visits that day count once. */
export const opportunityViews = pgTable(
  'opportunity_views',
  {
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    /** The account id, or a hash of the address and browser of a visitor who is not signed in. */
    viewerKey: text('viewer_key').notNull(),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('opportunity_views_key').on(table.opportunityId, table.day, table.viewerKey),
  ],
);
