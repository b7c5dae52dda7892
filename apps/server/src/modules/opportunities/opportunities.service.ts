import { randomBytes } from 'node:crypto';
import {
  LIVE_OPPORTUNITY_STATUSES,
  OPPORTUNITY_ROLE_PERMISSIONS,
  slugify,
  type CreateOpportunityInput,
  type OpportunityStatus,
  type PaymentOptionInput,
  type UpdateOpportunityInput,
  type ValidationMap,
} from '@encore/core';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isAnyOf } from '../../db/prepared';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ServiceLog } from '../../lib/service-log';
import type { FilesService } from '../files/files.service';
import type { LookupsService } from '../lookups/lookups.service';
import { domainEvent, type NewDomainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Sealer } from '../../lib/sealed';
import { organisationAsJson, organisationFromJson } from '../organisations/organisations.service';
import { instantIn } from './opportunities.dates';
import { opportunityAggregate } from './opportunities.events';
import { columnsFrom, publishProblems, type FieldInput } from './opportunities.fields';
import { parsedJson, rowAsJson, rowFromJson, type Json } from './opportunities.row-json';
import { createOpportunitySearch } from './opportunities.search';
import { statusAt, storedStatusLapsed } from './opportunities.status';
import { createOpportunityTeam } from './opportunities.team';
import { createViewRecorder } from './opportunities.views';
import {
  opportunities,
  opportunityEvents,
  opportunityMembers,
  opportunityPaymentOptions,
  opportunitySlugRedirects,
  opportunityViews,
  type OpportunityEventAction,
  type OpportunityMemberRow,
  type OpportunityPaymentOptionRow,
  type OpportunityRow,
  type WithOrganisation,
} from './opportunities.table';
import { createTierSlots } from './opportunities.tier-slots';

export {
  NO_OPPORTUNITY_GRANT,
  allOpportunityPermissions,
  holdsOnOpportunity,
  opportunityPermissionsOf,
  opportunityPolicy,
  type OpportunityGrant,
} from './opportunities.policy';
export type {
  WithOrganisation,
  OpportunityEventRow,
  OpportunityMemberRow,
  OpportunityPaymentOptionRow,
  OpportunityRow,
} from './opportunities.table';

export const OPPORTUNITY_MEDIA = 'opportunity-media';
export const OPPORTUNITY_GALLERY = 'opportunity-gallery';
export const OPPORTUNITY_LOGO = 'opportunity-logo';

export interface OpportunitiesDependencies {
  db: Database;
  files: FilesService;
  lookups: LookupsService;
  /** Where the feature records what happened (invitations are emailed from there). */
  outbox: Outbox;
  sealer: Sealer;
  clock: Clock;
  log?: ServiceLog;
  /**
   * What other features copy into a duplicate, within its transaction (the application forms):
   * they depend on this service, so they hand it in rather than being imported.
   */
  copyIntoDuplicate?: (fromId: string, toId: string, executor: Executor) => Promise<void>;
  /** The accounts of an organisation's accepted team (those told of a publication). */
  organisationTeam?: (organisationId: string) => Promise<string[]>;
  /**
   * Whether the organisation's payout account takes card payments (the payments feature knows):
   * an opportunity charging through Encore is published only then.
   */
  takesPayments?: (organisationId: string) => Promise<boolean>;
}

export interface OpportunityActor {
  id: string;
  email: string;
}

/** An opportunity whose deadline is near, as the deadline reminders name it. */
export interface ClosingOpportunity {
  id: string;
  title: string;
  slug: string;
  deadlineAt: Date;
}

/** The viewer's own place on each opportunity asked about, and the organisation it belongs to. */
export interface OpportunityMembership {
  organisationId: string;
  member: Pick<OpportunityMemberRow, 'role' | 'permissions'> | null;
}

export { statusAt } from './opportunities.status';
export type { TierSlots } from './opportunities.tier-slots';

/** A sitemap file holds at most 50,000 addresses. */
const SITEMAP_LIMIT = 50_000;

/** Rules an applicant relied on: changing them on a live opportunity needs a confirmation. */
const RULE_FIELDS = ['deadline_date', 'payment_options', 'payment_type'] as const;

const randomSuffix = () =>
  randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');

export function createOpportunitiesService({
  db,
  files,
  lookups,
  outbox,
  sealer,
  clock,
  log = { warn: () => undefined },
  copyIntoDuplicate,
  organisationTeam,
  takesPayments = async () => false,
}: OpportunitiesDependencies) {
  const team = createOpportunityTeam({ db, outbox, sealer, clock });
  /** A stored row with the status it has now in place of the stored one. */
  const withCurrentStatus = ({
    row,
    current,
  }: {
    row: typeof opportunities.$inferSelect;
    current: OpportunityStatus;
  }) => ({ ...row, status: current });
  /** Rows with their status as of now; `status` on a returned row is always the current one. */
  async function select(where: SQL | undefined, executor: Executor = db, order?: SQL[]) {
    const now = clock();
    const rows = await executor
      .select({ row: opportunities, current: statusAt(now) })
      .from(opportunities)
      .where(where)
      .orderBy(...(order ?? [desc(opportunities.createdAt)]));
    return rows.map(withCurrentStatus);
  }

  const views = createViewRecorder(db, clock, (error) =>
    log.warn({ err: error }, 'opportunity views not recorded'),
  );
  const bySlugStatement = db
    .select({
      found: sql<
        Json<unknown[]>
      >`${rowAsJson(statusAt(sql.placeholder('now')), organisationAsJson(opportunities.organisationId))}`,
    })
    .from(opportunities)
    .where(and(eq(opportunities.slug, sql.placeholder('slug')), isNull(opportunities.deletedAt)))
    .prepare('opportunity_by_slug');
  const byIdsStatement = db
    .select({ row: opportunities, current: statusAt(sql.placeholder('now')) })
    .from(opportunities)
    .where(isAnyOf(opportunities.id, 'ids'))
    .prepare('opportunities_by_ids');
  const membershipsStatement = db
    .select({
      id: opportunities.id,
      organisationId: opportunities.organisationId,
      role: opportunityMembers.role,
      permissions: opportunityMembers.permissions,
    })
    .from(opportunities)
    .leftJoin(
      opportunityMembers,
      and(
        eq(opportunityMembers.opportunityId, opportunities.id),
        eq(opportunityMembers.userId, sql.placeholder('userId')),
        eq(opportunityMembers.status, 'accepted'),
      ),
    )
    .where(isAnyOf(opportunities.id, 'ids'))
    .prepare('opportunity_memberships_of');

  async function requireById(id: string, executor: Executor = db): Promise<OpportunityRow> {
    const [row] = await select(eq(opportunities.id, id), executor);
    if (!row) throw AppError.notFound('opportunity');
    return row;
  }

  async function record(
    executor: Executor,
    opportunityId: string,
    actorId: string | null,
    action: OpportunityEventAction,
    details: Record<string, unknown> = {},
  ) {
    await executor.insert(opportunityEvents).values({ opportunityId, actorId, action, details });
  }

  async function slugTaken(slug: string, exceptId: string | null, executor: Executor) {
    const [current] = await executor
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(
        and(eq(opportunities.slug, slug), exceptId ? ne(opportunities.id, exceptId) : undefined),
      )
      .limit(1);
    if (current) return true;
    const [old] = await executor
      .select({ id: opportunitySlugRedirects.opportunityId })
      .from(opportunitySlugRedirects)
      .where(
        and(
          eq(opportunitySlugRedirects.slug, slug),
          exceptId ? ne(opportunitySlugRedirects.opportunityId, exceptId) : undefined,
        ),
      )
      .limit(1);
    return old !== undefined;
  }

  /**
   * A free slug from the title. A private opportunity's address ends in random letters: it is
   * reachable by its link only, so the link must not be guessable from the title.
   */
  async function freeSlug(title: string, isPrivate: boolean, executor: Executor) {
    const stem = (slugify(title) || 'opportunity').slice(0, 60);
    if (isPrivate) {
      for (;;) {
        const candidate = `${stem}-${randomSuffix()}`;
        if (!(await slugTaken(candidate, null, executor))) return candidate;
      }
    }
    for (let suffix = 1; ; suffix++) {
      const candidate = suffix === 1 ? stem : `${stem.slice(0, 56)}-${suffix}`;
      if (candidate.length >= 3 && !(await slugTaken(candidate, null, executor))) return candidate;
    }
  }

  /** Hands uploaded files to the opportunity; a file that is not the actor's upload is refused. */
  async function attachFiles(
    opportunityId: string,
    input: Pick<UpdateOpportunityInput, 'media_file_ids' | 'gallery_file_ids' | 'logo_file_id'>,
    current: OpportunityRow | null,
    actorId: string,
    tx: Executor,
    problems: ValidationMap,
  ) {
    const columns: Partial<OpportunityRow> = {};
    const attachOne = async (
      fileId: string,
      ownerType: string,
      path: string,
      imageOnly: boolean,
    ) => {
      const attached = await files.attach(
        fileId,
        actorId,
        { ownerType, ownerId: opportunityId, visibility: 'public' },
        tx,
      );
      if (!attached || (imageOnly && !attached.mimeType.startsWith('image/'))) {
        problems[path] = ['validation.file_reference'];
      }
    };
    const lists = [
      ['media_file_ids', 'mediaFileIds', OPPORTUNITY_MEDIA, false],
      ['gallery_file_ids', 'galleryFileIds', OPPORTUNITY_GALLERY, true],
    ] as const;
    for (const [field, column, ownerType, imageOnly] of lists) {
      const wanted = input[field];
      if (wanted === undefined) continue;
      const kept = new Set(current?.[column] ?? []);
      for (const [index, fileId] of wanted.entries()) {
        if (!kept.has(fileId))
          await attachOne(fileId, ownerType, `input.${field}.${index}`, imageOnly);
      }
      columns[column] = [...new Set(wanted)];
    }
    if (input.logo_file_id !== undefined) {
      if (input.logo_file_id && input.logo_file_id !== current?.logoFileId) {
        await attachOne(input.logo_file_id, OPPORTUNITY_LOGO, 'input.logo_file_id', true);
      }
      columns.logoFileId = input.logo_file_id;
    }
    return columns;
  }

  /** Replaces the price list: kept options (by id) are updated, missing ones removed, new ones added. */
  async function savePaymentOptions(
    opportunityId: string,
    options: PaymentOptionInput[],
    timeZone: string,
    tx: Executor,
    problems: ValidationMap,
  ) {
    const existing = await tx
      .select()
      .from(opportunityPaymentOptions)
      .where(eq(opportunityPaymentOptions.opportunityId, opportunityId));
    const existingById = new Map(existing.map((option) => [option.id, option]));
    const codes = new Set<string>();
    const rows = options.map((option, index) => {
      const current = option.id ? existingById.get(option.id) : undefined;
      if (option.id && !current) {
        problems[`input.payment_options.${index}.id`] = ['validation.in'];
      }
      // Slots already taken by applicants stay theirs: a tier cannot shrink below them.
      if (current && option.slots != null && option.slots < current.filledSlots) {
        problems[`input.payment_options.${index}.slots`] = ['validation.slots_below_taken'];
      }
      let deadlineAt: Date | null = null;
      if (option.deadline_date) {
        deadlineAt = instantIn(option.deadline_date, timeZone) ?? null;
        if (!deadlineAt)
          problems[`input.payment_options.${index}.deadline_date`] = ['validation.datetime'];
      }
      const stem = (slugify(option.title) || 'option').toUpperCase().slice(0, 30);
      let code = stem;
      for (let n = 2; codes.has(code); n++) code = `${stem}-${n}`;
      codes.add(code);
      return {
        id: option.id ?? undefined,
        opportunityId,
        code,
        title: option.title,
        description: option.description ?? null,
        cost: option.cost,
        currency: option.currency,
        slots: option.slots ?? null,
        deadlineAt,
        position: index,
      };
    });
    const kept = new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
    existing.forEach((option) => {
      if (!kept.has(option.id) && option.filledSlots > 0) {
        problems['input.payment_options'] = ['validation.payment_option_in_use'];
      }
    });
    if (Object.keys(problems).length > 0) return;
    // Updated in place, not deleted and written again: payments point at their tier and the
    // tier's taken slots are counted on it.
    const removed = existing.filter((option) => !kept.has(option.id)).map((option) => option.id);
    if (removed.length > 0) {
      await tx
        .delete(opportunityPaymentOptions)
        .where(inArray(opportunityPaymentOptions.id, removed));
    }
    // Codes are unique per opportunity: moved out of the way first, as tiers may swap titles.
    if (kept.size > 0) {
      await tx
        .update(opportunityPaymentOptions)
        .set({ code: sql`'~' || ${opportunityPaymentOptions.id}::text` })
        .where(inArray(opportunityPaymentOptions.id, [...kept]));
    }
    for (const { id, ...row } of rows) {
      if (id) {
        await tx
          .update(opportunityPaymentOptions)
          .set({ ...row, updatedAt: clock() })
          .where(eq(opportunityPaymentOptions.id, id));
      } else {
        await tx.insert(opportunityPaymentOptions).values(row);
      }
    }
  }

  /** Which rules a change touches on a live opportunity (earlier deadline, other prices). */
  async function changedRules(
    current: OpportunityRow,
    columns: Partial<OpportunityRow>,
    input: UpdateOpportunityInput,
    tx: Executor,
  ) {
    const changed: string[] = [];
    if (columns.deadlineAt !== undefined && current.deadlineAt) {
      if (columns.deadlineAt === null || columns.deadlineAt < current.deadlineAt)
        changed.push('deadline_date');
    }
    if (columns.paymentType !== undefined && columns.paymentType !== current.paymentType)
      changed.push('payment_type');
    if (input.payment_options !== undefined) {
      const saved = await paymentOptionsOf([current.id], tx);
      const before = JSON.stringify(saved[0]!.map((o) => [o.title, o.cost, o.currency, o.slots]));
      const after = JSON.stringify(
        input.payment_options.map((o) => [o.title, o.cost, o.currency, o.slots ?? null]),
      );
      if (before !== after) changed.push('payment_options');
    }
    return changed.filter((field) => (RULE_FIELDS as readonly string[]).includes(field));
  }

  async function paymentOptionsOf(
    ids: readonly string[],
    executor: Executor = db,
  ): Promise<OpportunityPaymentOptionRow[][]> {
    if (ids.length === 0) return [];
    const rows = await executor
      .select()
      .from(opportunityPaymentOptions)
      .where(inArray(opportunityPaymentOptions.opportunityId, [...ids]))
      .orderBy(asc(opportunityPaymentOptions.position));
    return ids.map((id) => rows.filter((row) => row.opportunityId === id));
  }

  /** Moves an opportunity by hand, within one transaction and with its change recorded. */
  async function transition(
    id: string,
    actor: OpportunityActor,
    allowedFrom: readonly OpportunityStatus[],
    set: Partial<OpportunityRow>,
    action: OpportunityEventAction,
    check?: (row: OpportunityRow, tx: Executor) => Promise<void>,
    /** What the move tells the rest of the product, recorded in its transaction. */
    facts?: (moved: OpportunityRow) => NewDomainEvent[],
  ): Promise<OpportunityRow> {
    await outbox.transaction(async (tx, emit) => {
      await lock(tx, id);
      const row = await requireById(id, tx);
      if (!allowedFrom.includes(row.status)) {
        throw new AppError(
          'CONFLICT',
          `An opportunity in status ${row.status} cannot be ${action}.`,
          {
            messageKey: 'errors.opportunity_status',
            messageValues: { status: row.status },
          },
        );
      }
      await check?.(row, tx);
      const [moved] = await tx
        .update(opportunities)
        .set({ ...set, updatedAt: clock(), statusAsOf: clock() })
        .where(eq(opportunities.id, id))
        .returning();
      await record(tx, id, actor.id, action, { from: row.status });
      if (facts) await emit(...facts(moved!));
    });
    return requireById(id);
  }

  async function lock(tx: Executor, id: string) {
    await tx.execute(
      sql`select id from ${opportunities} where ${opportunities.id} = ${id} for update`,
    );
  }

  return {
    team,
    search: createOpportunitySearch(db, lookups, clock),
    requireById: (id: string) => requireById(id),

    async byIds(ids: readonly string[]): Promise<OpportunityRow[]> {
      if (ids.length === 0) return [];
      const rows = await byIdsStatement.execute({ ids, now: clock().toISOString() });
      return rows.map(withCurrentStatus);
    },

    /** By its slug or one it had before (compare `slug` to redirect); deleted ones are not found. */
    async bySlug(slug: string): Promise<(OpportunityRow & WithOrganisation) | undefined> {
      const [current] = await bySlugStatement.execute({ slug, now: clock().toISOString() });
      if (current) {
        const { row, added } = rowFromJson(parsedJson(current.found, []));
        const found: OpportunityRow & WithOrganisation = row;
        found.status = added[0] as OpportunityStatus;
        found.organisation = organisationFromJson(added[1] as unknown[] | null);
        return found;
      }
      const [old] = await db
        .select({ id: opportunitySlugRedirects.opportunityId })
        .from(opportunitySlugRedirects)
        .where(eq(opportunitySlugRedirects.slug, slug))
        .limit(1);
      if (!old) return undefined;
      const [moved] = await select(
        and(eq(opportunities.id, old.id), isNull(opportunities.deletedAt)),
      );
      return moved;
    },

    /** Whether the slug (current or old) belongs to a deleted opportunity: its page is gone, not unknown. */
    async isDeletedSlug(slug: string): Promise<boolean> {
      const [row] = await db
        .select({ id: opportunities.id })
        .from(opportunities)
        .where(
          and(
            isNotNull(opportunities.deletedAt),
            or(
              eq(opportunities.slug, slug),
              inArray(
                opportunities.id,
                db
                  .select({ id: opportunitySlugRedirects.opportunityId })
                  .from(opportunitySlugRedirects)
                  .where(eq(opportunitySlugRedirects.slug, slug)),
              ),
            ),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** An organisation's opportunities, newest first; `statuses` narrows them (none: all but deleted). */
    async ofOrganisation(
      organisationId: string,
      statuses?: readonly OpportunityStatus[],
    ): Promise<OpportunityRow[]> {
      const now = clock();
      return select(
        and(
          eq(opportunities.organisationId, organisationId),
          isNull(opportunities.deletedAt),
          statuses ? inArray(statusAt(now), [...statuses]) : undefined,
        ),
      );
    },

    /** Whether the organisation has a paid opportunity still taking or holding applications. */
    async hasOpenPaidOpportunities(organisationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: opportunities.id })
        .from(opportunities)
        .where(
          and(
            eq(opportunities.organisationId, organisationId),
            ne(opportunities.paymentType, 'FREE'),
            inArray(statusAt(clock()), ['SCHEDULED', 'PUBLISHED', 'ACTIVE']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The viewer's place on each opportunity asked about, in one query. */
    async membershipsOf(
      userId: string,
      ids: readonly string[],
    ): Promise<Map<string, OpportunityMembership>> {
      if (ids.length === 0) return new Map();
      const rows = await membershipsStatement.execute({ userId, ids });
      return new Map(
        rows.map((row) => [
          row.id,
          {
            organisationId: row.organisationId,
            member:
              row.role && row.permissions ? { role: row.role, permissions: row.permissions } : null,
          },
        ]),
      );
    },

    paymentOptionsOf: (ids: readonly string[]) => paymentOptionsOf(ids),

    /** Price tiers' slots, for checkout. */
    tierSlots: createTierSlots({ clock }),

    /** Notes one visit (once per viewer and day), written with others a moment later. */
    recordView: (opportunityId: string, viewerKey: string): void =>
      views.record(opportunityId, viewerKey),

    /** Writes the visits noted so far (before counting them, and when the server stops). */
    flushViews: () => views.flush(),

    /** Visits in total and per day over the last `days` days (UTC), oldest first. */
    async views(opportunityId: string, days = 30) {
      await views.flush();
      const since = new Date(clock().getTime() - (days - 1) * 24 * 60 * 60 * 1000)
        .toISOString()
        .slice(0, 10);
      const [total] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(opportunityViews)
        .where(eq(opportunityViews.opportunityId, opportunityId));
      const perDay = await db
        .select({ day: opportunityViews.day, count: sql<number>`count(*)::int` })
        .from(opportunityViews)
        .where(
          and(
            eq(opportunityViews.opportunityId, opportunityId),
            sql`${opportunityViews.day} >= ${since}`,
          ),
        )
        .groupBy(opportunityViews.day)
        .orderBy(asc(opportunityViews.day));
      return {
        total: Number(total?.value ?? 0),
        perDay: perDay.map((row) => ({ day: row.day, count: Number(row.count) })),
      };
    },

    /**
     * The opportunities a person works on, newest first: those of the organisations they are in
     * (MANAGE) or those they hold a place on themselves (REVIEW for reviewers and custom roles);
     * ALL is both. Optionally one organisation's, and titles containing `search`.
     */
    async mine(
      userId: string,
      /** The organisations whose team the person is in (from the organisations service). */
      teamOrganisationIds: readonly string[],
      filter: {
        type: 'ALL' | 'MANAGE' | 'REVIEW';
        organisationId?: string | undefined;
        search?: string | undefined;
      },
      page: { first: number; page: number },
    ) {
      const viaTeam =
        teamOrganisationIds.length > 0
          ? inArray(opportunities.organisationId, [...teamOrganisationIds])
          : sql`false`;
      const viaPlace = (roles: string[]) =>
        sql`${opportunities.id} in (select opportunity_id from opportunity_members where user_id = ${userId} and status = 'accepted' and role = any(${sql.param(roles)}::text[]))`;
      const scope =
        filter.type === 'REVIEW'
          ? viaPlace(['reviewer', 'custom'])
          : filter.type === 'MANAGE'
            ? or(viaTeam, viaPlace(['manager']))
            : or(viaTeam, viaPlace(['manager', 'reviewer', 'custom']));
      const where = and(
        isNull(opportunities.deletedAt),
        scope,
        filter.organisationId ? eq(opportunities.organisationId, filter.organisationId) : undefined,
        filter.search
          ? sql`strpos(lower(${opportunities.title}), lower(${filter.search})) > 0`
          : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({ row: opportunities, current: statusAt(clock()) })
          .from(opportunities)
          .where(where)
          .orderBy(desc(opportunities.createdAt), desc(opportunities.id))
          .limit(page.first)
          .offset((page.page - 1) * page.first),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(opportunities)
          .where(where),
      ]);
      return {
        rows: rows.map(withCurrentStatus),
        total: Number(counted?.total ?? 0),
      };
    },

    /** Files by id, in the order asked (media, gallery, logo). */
    async files(ids: readonly string[]) {
      const found = await files.byIds(ids);
      const byId = new Map(found.map((file) => [file.id, file]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Listed opportunities for the sitemap: public, not private, newest change first. */
    async listedForSitemap(limit = SITEMAP_LIMIT) {
      return db
        .select({ slug: opportunities.slug, updatedAt: opportunities.updatedAt })
        .from(opportunities)
        .where(
          and(
            isNull(opportunities.deletedAt),
            eq(opportunities.isPrivate, false),
            inArray(statusAt(clock()), [...LIVE_OPPORTUNITY_STATUSES]),
          ),
        )
        .orderBy(desc(opportunities.updatedAt))
        .limit(limit);
    },

    /**
     * Opportunities taking applications whose deadline falls after `from` and by `to`: what the
     * deadline reminders look at (few, found by the deadline's index).
     */
    async closingBetween(from: Date, to: Date): Promise<ClosingOpportunity[]> {
      const rows = await db
        .select({
          id: opportunities.id,
          title: opportunities.title,
          slug: opportunities.slug,
          deadlineAt: opportunities.deadlineAt,
        })
        .from(opportunities)
        .where(
          and(
            isNull(opportunities.deletedAt),
            sql`${opportunities.deadlineAt} > ${from.toISOString()}::timestamptz`,
            sql`${opportunities.deadlineAt} <= ${to.toISOString()}::timestamptz`,
            inArray(statusAt(from), ['PUBLISHED', 'ACTIVE']),
          ),
        );
      return rows.flatMap((row) =>
        row.deadlineAt ? [{ ...row, deadlineAt: row.deadlineAt }] : [],
      );
    },

    /**
     * Paid opportunities whose answer-by date falls after `from` and by `to` (the automatic refunds
     * and their warnings look at these).
     */
    async answerByBetween(from: Date, to: Date): Promise<OpportunityRow[]> {
      return db
        .select()
        .from(opportunities)
        .where(
          and(
            isNull(opportunities.deletedAt),
            eq(opportunities.paymentType, 'PAID_INTERNAL'),
            sql`${opportunities.answerByAt} > ${from.toISOString()}::timestamptz`,
            sql`${opportunities.answerByAt} <= ${to.toISOString()}::timestamptz`,
          ),
        );
    },

    /** Taking applications now: published, or running before its deadline. */
    isOpen(row: OpportunityRow): boolean {
      if (row.status === 'PUBLISHED') return true;
      return row.status === 'ACTIVE' && (!row.deadlineAt || row.deadlineAt > clock());
    },

    async members(opportunityId: string): Promise<OpportunityMemberRow[]> {
      return db
        .select()
        .from(opportunityMembers)
        .where(eq(opportunityMembers.opportunityId, opportunityId))
        .orderBy(asc(opportunityMembers.createdAt));
    },

    async events(opportunityId: string) {
      return db
        .select()
        .from(opportunityEvents)
        .where(eq(opportunityEvents.opportunityId, opportunityId))
        .orderBy(desc(opportunityEvents.createdAt), desc(opportunityEvents.id))
        .limit(100);
    },

    /** A new draft of the organisation's, with its creator as the first manager. */
    async create(input: CreateOpportunityInput, actor: OpportunityActor): Promise<OpportunityRow> {
      const {
        organisation_id,
        slug,
        payment_options,
        media_file_ids,
        gallery_file_ids,
        logo_file_id,
        ...fields
      } = input;
      const problems: ValidationMap = {};
      const columns = await columnsFrom(fields as FieldInput, null, lookups, problems);
      if (Object.keys(problems).length > 0) throw AppError.validation(problems);
      const id = await db.transaction(async (tx) => {
        let chosen: string;
        if (slug && !input.is_private) {
          if (await slugTaken(slug, null, tx))
            throw AppError.validation({ 'input.slug': ['validation.slug_taken'] });
          chosen = slug;
        } else {
          chosen = await freeSlug(input.title, input.is_private ?? false, tx);
        }
        const [row] = await tx
          .insert(opportunities)
          .values({
            ...columns,
            organisationId: organisation_id,
            slug: chosen,
            title: input.title,
            timeZone: input.time_zone,
            createdById: actor.id,
            statusAsOf: clock(),
          })
          .returning({ id: opportunities.id });
        const created = row!.id;
        const fileColumns = await attachFiles(
          created,
          { media_file_ids, gallery_file_ids, logo_file_id },
          null,
          actor.id,
          tx,
          problems,
        );
        if (payment_options)
          await savePaymentOptions(created, payment_options, input.time_zone, tx, problems);
        if (Object.keys(problems).length > 0) throw AppError.validation(problems);
        if (Object.keys(fileColumns).length > 0) {
          await tx.update(opportunities).set(fileColumns).where(eq(opportunities.id, created));
        }
        await tx.insert(opportunityMembers).values({
          opportunityId: created,
          userId: actor.id,
          email: actor.email,
          role: 'manager',
          permissions: [...OPPORTUNITY_ROLE_PERMISSIONS.manager],
          respondedAt: clock(),
        });
        await record(tx, created, actor.id, 'created');
        return created;
      });
      return requireById(id);
    },

    /**
     * Saves one wizard step. On a live opportunity, an earlier deadline or other prices need
     * `confirm_changes` (applicants relied on them) and are recorded as a rule change.
     */
    async update(input: UpdateOpportunityInput, actor: OpportunityActor): Promise<OpportunityRow> {
      const {
        id,
        slug,
        confirm_changes,
        payment_options,
        media_file_ids,
        gallery_file_ids,
        logo_file_id,
        ...fields
      } = input;
      // The fields are checked before the transaction: the lookups read the database themselves,
      // and the embedded database runs one transaction at a time. A change saved meanwhile by
      // someone else is caught under the lock and the fields are checked again.
      for (let attempt = 1; ; attempt++) {
        const snapshot = await requireById(id);
        if (snapshot.status === 'DELETED') throw AppError.notFound('opportunity');
        const problems: ValidationMap = {};
        const columns = await columnsFrom(fields as FieldInput, snapshot, lookups, problems);
        if (Object.keys(problems).length > 0) throw AppError.validation(problems);
        const saved = await db.transaction(async (tx) => {
          await lock(tx, id);
          const current = await requireById(id, tx);
          if (current.updatedAt.getTime() !== snapshot.updatedAt.getTime() && attempt < 3)
            return false;
          Object.assign(
            columns,
            await attachFiles(
              id,
              { media_file_ids, gallery_file_ids, logo_file_id },
              current,
              actor.id,
              tx,
              problems,
            ),
          );
          if (Object.keys(problems).length > 0) throw AppError.validation(problems);

          const live = current.publishedAt !== null;
          const rules = live ? await changedRules(current, columns, input, tx) : [];
          if (rules.length > 0 && !confirm_changes) {
            throw new AppError(
              'CONFLICT',
              'This change affects rules applicants relied on; confirm it.',
              {
                messageKey: 'errors.opportunity_rules_confirm',
                messageValues: { fields: rules.join(', ') },
              },
            );
          }

          const becomesPrivate = input.is_private === true && !current.isPrivate;
          let newSlug: string | undefined;
          if (becomesPrivate) {
            newSlug = await freeSlug(columns.title ?? current.title, true, tx);
            // The public address must stop working, or the private opportunity stays reachable by it.
            await tx
              .delete(opportunitySlugRedirects)
              .where(eq(opportunitySlugRedirects.opportunityId, id));
          } else if (slug && slug !== current.slug) {
            if (current.isPrivate && input.is_private !== false) {
              throw AppError.validation({ 'input.slug': ['validation.slug_private'] });
            }
            if (await slugTaken(slug, id, tx))
              throw AppError.validation({ 'input.slug': ['validation.slug_taken'] });
            newSlug = slug;
            await tx
              .insert(opportunitySlugRedirects)
              .values({ slug: current.slug, opportunityId: id })
              .onConflictDoNothing();
          }
          if (payment_options) {
            await savePaymentOptions(
              id,
              payment_options,
              columns.timeZone ?? current.timeZone,
              tx,
              problems,
            );
            if (Object.keys(problems).length > 0) throw AppError.validation(problems);
          }
          await tx
            .update(opportunities)
            .set({
              ...columns,
              ...(newSlug ? { slug: newSlug } : {}),
              updatedAt: clock(),
              statusAsOf: clock(),
            })
            .where(eq(opportunities.id, id));
          const changedFields = Object.keys(input).filter(
            (key) => key !== 'id' && key !== 'confirm_changes',
          );
          await record(tx, id, actor.id, 'updated', { fields: changedFields });
          if (rules.length > 0) await record(tx, id, actor.id, 'rules_changed', { fields: rules });
          return true;
        });
        if (saved) return requireById(id);
      }
    },

    /** Publishes a complete draft: live at once, or scheduled for its `publish_at`. */
    async publish(id: string, actor: OpportunityActor): Promise<OpportunityRow> {
      // Read before the transaction (the embedded database runs one statement stream at a time).
      const { organisationId, paymentType } = await requireById(id);
      const teamMemberIds = (await organisationTeam?.(organisationId)) ?? [];
      const paymentsAccepted =
        paymentType === 'PAID_INTERNAL' && (await takesPayments(organisationId));
      return transition(
        id,
        actor,
        ['DRAFT'],
        { publishedAt: clock(), closedAt: null },
        'published',
        async (row, tx) => {
          const [options] = await paymentOptionsOf([row.id], tx);
          const problems = publishProblems(row, options!.length, clock());
          if (row.paymentType === 'PAID_INTERNAL' && !paymentsAccepted) {
            problems['input.payment_type'] = ['validation.payment_account_required'];
          }
          if (Object.keys(problems).length > 0) throw AppError.validation(problems);
        },
        (published) => [
          domainEvent('OpportunityPublished', opportunityAggregate(published.id), {
            opportunityId: published.id,
            organisationId: published.organisationId,
            opportunityTitle: published.title,
            slug: published.slug,
            publisherId: actor.id,
            scheduled: published.status === 'SCHEDULED',
            teamMemberIds,
          }),
        ],
      );
    },

    /** Takes a scheduled opportunity back to a draft before anyone could apply. */
    unpublish: (id: string, actor: OpportunityActor) =>
      transition(id, actor, ['SCHEDULED'], { publishedAt: null }, 'unpublished'),

    /** Stops applications before the deadline. */
    close: (id: string, actor: OpportunityActor) =>
      transition(id, actor, ['PUBLISHED', 'ACTIVE'], { closedAt: clock() }, 'closed'),

    /** Takes applications again after a close by hand, if the deadline has not passed. */
    reopen: (id: string, actor: OpportunityActor) =>
      transition(id, actor, ['CLOSED'], { closedAt: null }, 'reopened', async (row) => {
        if (!row.closedAt || (row.deadlineAt && row.deadlineAt <= clock())) {
          throw AppError.validation({ 'input.deadline_date': ['validation.deadline_past'] });
        }
      }),

    archive: (id: string, actor: OpportunityActor) =>
      transition(
        id,
        actor,
        ['DRAFT', 'PUBLISHED', 'ACTIVE', 'CLOSED', 'SCHEDULED'],
        { archivedAt: clock() },
        'archived',
      ),

    /** Soft delete: gone from every list and page; its slug stays reserved. */
    remove: (id: string, actor: OpportunityActor) =>
      transition(
        id,
        actor,
        ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'ACTIVE', 'CLOSED', 'ARCHIVED'],
        { deletedAt: clock() },
        'deleted',
      ),

    /** A new draft with the same content, dates and prices; people and history stay behind. */
    async duplicate(id: string, actor: OpportunityActor): Promise<OpportunityRow> {
      const source = await requireById(id);
      const [options] = await paymentOptionsOf([id]);
      const copyId = await db.transaction(async (tx) => {
        const {
          id: _id,
          slug: _slug,
          publishedAt: _published,
          closedAt: _closed,
          archivedAt: _archived,
          deletedAt: _deleted,
          status: _status,
          statusFrom: _from,
          statusUntil: _until,
          statusAsOf: _asOf,
          createdAt: _created,
          updatedAt: _updated,
          createdById: _by,
          ...content
        } = source;
        const title = `${source.title} (copy)`.slice(0, 150);
        const [row] = await tx
          .insert(opportunities)
          .values({
            ...content,
            title,
            slug: await freeSlug(title, source.isPrivate, tx),
            createdById: actor.id,
            statusAsOf: clock(),
          })
          .returning({ id: opportunities.id });
        const created = row!.id;
        if (options!.length > 0) {
          await tx.insert(opportunityPaymentOptions).values(
            options!.map(({ id: _optionId, createdAt: _c, updatedAt: _u, ...option }) => ({
              ...option,
              opportunityId: created,
            })),
          );
        }
        await tx.insert(opportunityMembers).values({
          opportunityId: created,
          userId: actor.id,
          email: actor.email,
          role: 'manager',
          permissions: [...OPPORTUNITY_ROLE_PERMISSIONS.manager],
          respondedAt: clock(),
        });
        await copyIntoDuplicate?.(source.id, created, tx);
        await record(tx, created, actor.id, 'duplicated', { from: source.slug });
        return created;
      });
      return requireById(copyId);
    },

    /**
     * The lifecycle job's step: stores the status of every opportunity whose stored one has run
     * out, records each transition, and says when the next one is due (null: none is).
     */
    async syncStatuses(): Promise<{
      moved: Array<{ id: string; from: OpportunityStatus; to: OpportunityStatus }>;
      nextDueAt: Date | null;
    }> {
      const now = clock();
      const moved = await db.transaction(async (tx) => {
        const lapsed = await tx
          .select({ id: opportunities.id, from: opportunities.status })
          .from(opportunities)
          .where(and(isNull(opportunities.deletedAt), storedStatusLapsed(now)))
          .for('update', { skipLocked: true });
        if (lapsed.length === 0) return [];
        const stored = await tx
          .update(opportunities)
          .set({ statusAsOf: now })
          .where(
            inArray(
              opportunities.id,
              lapsed.map(({ id }) => id),
            ),
          )
          .returning({ id: opportunities.id, to: opportunities.status });
        const toById = new Map(stored.map(({ id, to }) => [id, to]));
        const changes = lapsed
          .map(({ id, from }) => ({ id, from, to: toById.get(id) ?? from }))
          .filter(({ from, to }) => from !== to);
        if (changes.length > 0) {
          await tx.insert(opportunityEvents).values(
            changes.map(({ id, from, to }) => ({
              opportunityId: id,
              actorId: null,
              action: 'status_changed' as const,
              details: { from, to },
            })),
          );
        }
        return changes;
      });
      const [next] = await db
        .select({
          at: sql<Date | null>`min(${opportunities.statusUntil})`.mapWith(
            opportunities.statusUntil,
          ),
        })
        .from(opportunities)
        .where(
          and(
            isNull(opportunities.deletedAt),
            sql`${opportunities.statusUntil} > ${now.toISOString()}::timestamptz`,
          ),
        );
      return { moved, nextDueAt: next?.at ?? null };
    },
  };
}

export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;
