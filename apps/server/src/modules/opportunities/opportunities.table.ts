import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { LIVE_OPPORTUNITY_STATUSES } from '@encore/core';
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
import { citext, createdAt, deletedAt, moment, updatedAt } from '../../db/columns';
import { organisations, type OrganisationRow } from '../organisations/organisations.table';
import { users } from '../users/users.table';

/** What a public listing may show, as a partial index's predicate: a literal the planner can match. */
export const LISTABLE_PREDICATE = sql.raw(
  `"deleted_at" is null and not "is_private" and "status" in (${LIVE_OPPORTUNITY_STATUSES.map((status) => `'${status}'`).join(', ')})`,
);

/**
 * One index per order the search offers, over the listed rows only, so that a page is read off
 * an index rather than by sorting every match. Each key ends with the id (pages never overlap),
 * then carries the span of the stored status, so that a deep page skips rows without reading them.
 * Keys that may be empty (dates) have an index per direction: empty ones come last either way.
 */
function listingIndexes(
  table: Record<
    | 'id'
    | 'title'
    | 'minCost'
    | 'publishedAt'
    | 'createdAt'
    | 'deadlineAt'
    | 'startsAt'
    | 'statusFrom'
    | 'statusUntil',
    ExtraConfigColumn
  >,
) {
  const span = [table.statusFrom, table.statusUntil] as const;
  const listed = (name: string, ...keys: Parameters<ReturnType<typeof index>['on']>) =>
    index(`opportunities_listed_${name}_idx`)
      .on(...keys)
      .where(LISTABLE_PREDICATE);
  return [
    listed('recent', table.publishedAt, table.createdAt, table.id, ...span),
    listed('alphabet', sql`lower(${table.title})`, table.id, ...span),
    listed('price', sql`coalesce(${table.minCost}, 0)`, table.id, ...span),
    listed('deadline', table.deadlineAt.asc().nullsLast(), table.id.asc(), ...span),
    listed(
      'deadline_desc',
      table.deadlineAt.desc().nullsLast(),
      table.id.desc().nullsFirst(),
      ...span,
    ),
    listed('date', table.startsAt.asc().nullsLast(), table.id.asc(), ...span),
    listed('date_desc', table.startsAt.desc().nullsLast(), table.id.desc().nullsFirst(), ...span),
  ];
}

/**
 * An opportunity from its first draft on. The lifecycle status follows from the dates and the
 * hand-made decisions (published, closed, archived, deleted) by `opportunity_status_at()` in the
 * database. It is stored with the span of time it holds for (`status_from` to `status_until`),
 * worked out by a trigger on every write (migration 0014): a read whose instant falls in the span
 * takes the stored status (and lists from indexes on it), any other read computes it, so no read
 * shows a stale state however late the lifecycle job is.
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
    /** Reviewers without `manage_applications` do not see who applied. */
    blindReview: boolean('blind_review').notNull().default(false),
    paymentType: text('payment_type').$type<OpportunityPaymentType>().notNull().default('FREE'),
    externalPaymentUrl: text('external_payment_url'),
    /**
     * The answer-by promise of a paid opportunity: paid applications still undecided then are
     * refunded in full.
     */
    answerByAt: moment('answer_by_at'),
    /** When someone pressed publish; null while a draft. */
    publishedAt: moment('published_at'),
    closedAt: moment('closed_at'),
    archivedAt: moment('archived_at'),
    status: text('status').$type<OpportunityStatus>().notNull().default('DRAFT'),
    /** The stored status holds from this instant (null: from always)… */
    statusFrom: moment('status_from'),
    /** …until this one (null: for good); the lifecycle job wakes then. */
    statusUntil: moment('status_until'),
    /**
     * The instant the stored status was worked out for. Writers set it to their clock (tests move
     * theirs); a write that leaves it keeps working the status out for the instant it holds.
     */
    statusAsOf: moment('status_as_of'),
    /**
     * Title, summary, description (without tags) and the organisation's name, lower-cased and
     * without accents: kept by a database trigger (migration 0007) for the text search. Two more
     * columns that only the search reads are generated by the database and left out of this
     * table, so that loading an opportunity does not carry them (migration 0010): its words as a
     * `tsvector` (`search_vector`) and its point on the earth (`earth_point`).
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
    // Rows whose stored status has run out (or not begun) at an instant: the lifecycle job's
    // work, and what a listing reads apart from the indexes below.
    index('opportunities_status_until_idx')
      .on(table.statusUntil)
      .where(sql`${table.deletedAt} is null and ${table.statusUntil} is not null`),
    index('opportunities_status_from_idx')
      .on(table.statusFrom)
      .where(sql`${table.deletedAt} is null and ${table.statusFrom} is not null`),
    ...listingIndexes(table),
    index('opportunities_deadline_idx').on(table.deadlineAt),
    index('opportunities_genres_idx').using('gin', table.genres),
    index('opportunities_instruments_idx').using('gin', table.instruments),
    index('opportunities_target_countries_idx').using('gin', table.targetCountries),
  ],
);

/**
 * Every word of the opportunities' search text, kept by database triggers (migration 0010). The
 * search looks here for the near spellings of each word it is given; a word no opportunity uses
 * any more stays, and only widens a search by a spelling that matches nothing.
 */
export const opportunitySearchWords = pgTable(
  'opportunity_search_words',
  { word: text('word').primaryKey() },
  // Every search reads this index: new entries go straight into it rather than into a pending
  // list that each search would scan until the next vacuum.
  (table) => [
    index('opportunity_search_words_trgm_idx')
      .using('gin', table.word.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/**
 * How many listable opportunities (not private, not deleted) there are by stored status, in all
 * and by type, genre and country, and the same within each type and each genre: the total and
 * facets of an unfiltered listing, or of one filtered by one type or one genre, without counting
 * rows. Kept by statement triggers on `opportunities` (migration 0014); a search corrects it by
 * the few rows whose stored status does not hold at its instant.
 */
export const opportunityListingCounts = pgTable(
  'opportunity_listing_counts',
  {
    /** '' for every listable opportunity, `type:<type>` or `genre:<genre>` for those with it. */
    within: text('within').notNull(),
    /** `all` (value ''), `type`, `genre` or `country`. */
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    status: text('status').$type<OpportunityStatus>().notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.within, table.facet, table.status, table.value] })],
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
    /** Slots taken by applicants paying or paid (the payments feature asks for them). */
    filledSlots: integer('filled_slots').notNull().default(0),
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
/**
 * A row read with its organisation in the same statement (null: the organisation is deleted);
 * without the field, the organisation is read apart.
 */
export interface WithOrganisation {
  organisation?: OrganisationRow | null;
}
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
