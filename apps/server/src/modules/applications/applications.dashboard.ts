import {
  APPLICATION_SORT_FIELDS,
  APPLICATION_STATUSES,
  PAYMENT_STATUSES,
  pageOffset,
  type ApplicationSortField,
} from '@encore/core';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { pageWithItsTotal } from '../../db/page-total';
import { preparedByShape } from '../../db/prepared';
import type {
  OpportunitiesService,
  OpportunityGrant,
} from '../opportunities/opportunities.service';
import type { UsersService } from '../users/users.service';
import type { OrganisationsService } from '../organisations/organisations.service';
import { applicationPolicy } from './applications.policy';
import {
  applicationSummaryColumns,
  applications,
  type ApplicationRow,
  type ApplicationSummary,
} from './applications.table';

/** Shown to the opportunity's team (applicationPolicy.isShownToTeam), as a condition. */
// Written as the team list index's predicate (applications_team_list_idx), literal and all, so
// the planner sees that the index covers it.
export const shownToTeam: SQL = sql`(${applications.status} <> 'DRAFT' or ${applications.paymentStatus} is not null)`;

/** The average rating, null before anyone rated. */
export const averageRate = sql<
  number | null
>`${applications.ratingTotal}::float / nullif(${applications.ratingCount}, 0)`;

const SLUG = /^[a-z][a-z0-9_]{0,63}$/;
const ANSWER_TEXT = z.string().trim().min(1).max(200);

/**
 * What the dashboard narrows by (`dashboardFilters` of SEED point 3 and the filters of issue 6
 * point 7). Answers match a field's value: a text or choice (one of the answer's values when it
 * has several), a toggle, or a set of values that must all be among the answer's.
 */
export const applicationFiltersSchema = z.object({
  q: z.string().trim().max(200).nullish(),
  sort: z.enum(APPLICATION_SORT_FIELDS).nullish(),
  asc: z.boolean().nullish(),
  status: z.array(z.enum(APPLICATION_STATUSES)).max(APPLICATION_STATUSES.length).nullish(),
  min_rate: z.number().min(1).max(5).nullish(),
  max_rate: z.number().min(1).max(5).nullish(),
  unrated: z.boolean().nullish(),
  payment_status: z.array(z.enum(PAYMENT_STATUSES)).max(PAYMENT_STATUSES.length).nullish(),
  answers: z
    .array(
      z.object({
        slug: z.string().regex(SLUG, 'validation.form.slug'),
        value: z.union([ANSWER_TEXT, z.boolean(), z.array(ANSWER_TEXT).min(1).max(20)]),
      }),
    )
    .max(10)
    .nullish(),
});
export type ApplicationFilters = z.output<typeof applicationFiltersSchema>;
export type AnswerFilter = NonNullable<ApplicationFilters['answers']>[number];

/** `%`, `_` and `\` taken literally inside an ILIKE pattern. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accents and case ignored: `Jose` finds `José`. */
export const looselyMatches = (column: SQLWrapper, text: string) =>
  sql`unaccent(${column}) ilike unaccent(${containing(text)})`;

function answerMatches({ slug, value }: AnswerFilter): SQL {
  const has = (json: unknown) =>
    sql`${applications.answers} @> ${JSON.stringify({ [slug]: json })}::jsonb`;
  if (typeof value === 'string') return or(has(value), has([value]))!;
  // A toggle never switched on may be missing rather than false.
  if (value === false) return sql`not ${has(true)}`;
  return has(value);
}

const STATUS_ORDER = sql.raw(`array[${APPLICATION_STATUSES.map((s) => `'${s}'`).join(',')}]`);

function orderOf(sort: ApplicationSortField, ascending: boolean, seesIdentity: boolean): SQL[] {
  const direction = ascending ? sql`asc` : sql`desc`;
  const by = (expression: SQLWrapper) => sql`${expression} ${direction} nulls last`;
  // Among equals (the same rating, none yet), the newest first.
  const tieBreak = sql`${applications.createdAt} desc, ${applications.id} desc`;
  switch (sort) {
    case 'created_at':
      // Never null, so without `nulls last`: the order then walks the team's index, no sort.
      return ascending
        ? [asc(applications.createdAt), asc(applications.id)]
        : [desc(applications.createdAt), desc(applications.id)];
    case 'submitted_at':
      return [by(applications.submittedAt), tieBreak];
    case 'rate':
      return [by(averageRate), tieBreak];
    case 'status':
      return [by(sql`array_position(${STATUS_ORDER}, ${applications.status})`), tieBreak];
    case 'code':
      return [by(applications.code), tieBreak];
    case 'name':
      // A blind reviewer's list must not give away who comes first by name.
      return seesIdentity
        ? [
            by(sql`lower(coalesce(nullif(${applications.artistName}, ''), ${applications.name}))`),
            tieBreak,
          ]
        : [by(applications.code), tieBreak];
  }
}

const SOMEONE_ELSES = { userId: '', status: 'SUBMITTED', paymentStatus: null } as const;

/** Whether the team member behind a grant sees who applied to an opportunity (blind review). */
export const teamSeesIdentity = (grant: OpportunityGrant, blindReview: boolean) =>
  applicationPolicy.seesIdentity(undefined, grant, SOMEONE_ELSES, blindReview);

/** How a viewer reads the list: blind review narrows search and sorting to the code. */
export interface DashboardView {
  seesIdentity: boolean;
  /** Answer slugs this viewer may not filter by (identity fields under blind review). */
  hiddenSlugs: ReadonlySet<string>;
}

export interface DashboardDependencies {
  db: Database;
  opportunities: OpportunitiesService;
  organisations: OrganisationsService;
  users: UsersService;
}

/** What the export reads of an application: no form snapshot, which can be large and is not used. */
export type ExportRow = Pick<
  ApplicationRow,
  | 'id'
  | 'code'
  | 'status'
  | 'paymentStatus'
  | 'submittedAt'
  | 'name'
  | 'email'
  | 'artistName'
  | 'address'
  | 'ratingTotal'
  | 'ratingCount'
  | 'answers'
> & { cursor: string };

/** An accepted person who reads an opportunity's applications, with the role that lets them. */
export interface ApplicationReader {
  userId: string;
  role: string;
}

/** The account fields lists show next to a person: one query for a page of people. */

/**
 * The organiser's dashboard (issue 6 point 7): one opportunity's applications, filtered, sorted and
 * paged in two statements whatever the page size, and the people who review them.
 */
export function createApplicationsDashboard({
  db,
  opportunities,
  organisations,
  users,
}: DashboardDependencies) {
  function whereOf(opportunityId: string, filters: ApplicationFilters, view: DashboardView) {
    const q = filters.q?.trim();
    const answers = (filters.answers ?? []).filter((answer) => !view.hiddenSlugs.has(answer.slug));
    return and(
      eq(applications.opportunityId, opportunityId),
      shownToTeam,
      q
        ? view.seesIdentity
          ? or(
              looselyMatches(applications.code, q),
              looselyMatches(applications.name, q),
              looselyMatches(applications.email, q),
              looselyMatches(sql`coalesce(${applications.artistName}, '')`, q),
            )
          : looselyMatches(applications.code, q)
        : undefined,
      filters.status?.length ? inArray(applications.status, filters.status) : undefined,
      filters.payment_status?.length
        ? inArray(applications.paymentStatus, filters.payment_status)
        : undefined,
      filters.min_rate != null ? gte(averageRate, filters.min_rate) : undefined,
      filters.max_rate != null ? lte(averageRate, filters.max_rate) : undefined,
      filters.unrated === true ? eq(applications.ratingCount, 0) : undefined,
      filters.unrated === false ? ne(applications.ratingCount, 0) : undefined,
      ...answers.map(answerMatches),
    );
  }

  /**
   * A page's rows, each carrying how many match in all (`pageWithItsTotal`): PostgreSQL counts once
   * (an init plan).
   * The page is found by id first (deferred join): the rows an offset skips are read from an index
   * alone, and only the page's own rows from the table.
   */
  const pageWithTotal = (
    where: SQL | undefined,
    order: SQL[],
    limit: number | Placeholder,
    offset: number | Placeholder,
  ) =>
    db
      .select({
        ...applicationSummaryColumns,
        total: sql<number>`(${db
          .select({ total: sql`count(*)` })
          .from(applications)
          .where(where)})::int`,
      })
      .from(applications)
      .where(
        inArray(
          applications.id,
          db
            .select({ id: applications.id })
            .from(applications)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        ),
      )
      .orderBy(...order);

  // The list as it opens, sorted or narrowed by status (what the dashboard mostly reads): one
  // statement per shape, prepared. Searches and the other filters are built per request.
  interface ListShape {
    byStatus: boolean;
    sort: ApplicationSortField;
    asc: boolean;
    seesIdentity: boolean;
  }
  const listedBy = ({ byStatus }: { byStatus: boolean }) =>
    and(
      eq(applications.opportunityId, sql.placeholder('opportunityId')),
      shownToTeam,
      byStatus
        ? sql`${applications.status} = any(${sql.placeholder('status')}::text[])`
        : undefined,
    );
  const pageStatement = preparedByShape('dashboard_page', (shape: ListShape) =>
    pageWithTotal(
      listedBy(shape),
      orderOf(shape.sort, shape.asc, shape.seesIdentity),
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ),
  );
  const totalStatement = preparedByShape('dashboard_total', (shape: { byStatus: boolean }) =>
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(applications)
      .where(listedBy(shape)),
  );
  const narrowsBeyondStatus = (filters: ApplicationFilters) =>
    Boolean(filters.q?.trim()) ||
    filters.min_rate != null ||
    filters.max_rate != null ||
    filters.unrated != null ||
    Boolean(filters.payment_status?.length) ||
    Boolean(filters.answers?.length);

  return {
    /** One page of an opportunity's applications and how many match in all. */
    async page(
      opportunityId: string,
      filters: ApplicationFilters,
      request: { first: number; page: number },
      view: DashboardView,
    ): Promise<{ rows: ApplicationSummary[]; total: number }> {
      if (!narrowsBeyondStatus(filters)) {
        const byStatus = Boolean(filters.status?.length);
        const values = { opportunityId, status: filters.status ?? [] };
        const found = await pageStatement({
          byStatus,
          sort: filters.sort ?? 'created_at',
          asc: filters.asc ?? false,
          seesIdentity: view.seesIdentity,
        }).execute({
          ...values,
          limit: request.first,
          offset: pageOffset(request.page, request.first),
        });
        return pageWithItsTotal(found, () => totalStatement({ byStatus }).execute(values));
      }
      const where = whereOf(opportunityId, filters, view);
      const order = orderOf(filters.sort ?? 'created_at', filters.asc ?? false, view.seesIdentity);
      const found = await pageWithTotal(
        where,
        order,
        request.first,
        pageOffset(request.page, request.first),
      );
      return pageWithItsTotal(found, () =>
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(applications)
          .where(where),
      );
    },

    /**
     * Who reads the opportunity's applications: its organisation's owners and admins (full access)
     * and its accepted people holding rate, comment or manage_applications; owners first.
     */
    async readers(opportunity: { id: string; organisationId: string }) {
      const [team, members] = await Promise.all([
        organisations.team.members(opportunity.organisationId, ['accepted']),
        opportunities.members(opportunity.id),
      ]);
      const readers = new Map<string, ApplicationReader>();
      for (const seat of team) {
        if (seat.userId && (seat.role === 'owner' || seat.role === 'admin')) {
          readers.set(seat.userId, { userId: seat.userId, role: seat.role });
        }
      }
      for (const member of members) {
        const grant = {
          organisation: { role: null, platformAdmin: false },
          member: { role: member.role, permissions: member.permissions },
        };
        if (
          member.userId &&
          member.status === 'accepted' &&
          !readers.has(member.userId) &&
          applicationPolicy.readsApplications(grant)
        ) {
          readers.set(member.userId, { userId: member.userId, role: member.role });
        }
      }
      const accounts = new Map(
        (await users.byIds([...readers.keys()])).map((account) => [account.id, account]),
      );
      return [...readers.values()].flatMap((reader) => {
        const account = accounts.get(reader.userId);
        return account ? [{ ...account, role: reader.role }] : [];
      });
    },

    /**
     * Every application shown to the team, oldest first, in batches read one after the other
     * (keyset on created_at and id), so an export of any size holds one batch in memory. The cursor
     * is the exact stored time: a JavaScript Date would drop its microseconds.
     */
    async *exportBatches(opportunityId: string, size = 500): AsyncGenerator<ExportRow[]> {
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const rows: ExportRow[] = await db
          .select({
            id: applications.id,
            code: applications.code,
            status: applications.status,
            paymentStatus: applications.paymentStatus,
            submittedAt: applications.submittedAt,
            name: applications.name,
            email: applications.email,
            artistName: applications.artistName,
            address: applications.address,
            ratingTotal: applications.ratingTotal,
            ratingCount: applications.ratingCount,
            answers: applications.answers,
            cursor: sql<string>`${applications.createdAt}::text`,
          })
          .from(applications)
          .where(
            and(
              eq(applications.opportunityId, opportunityId),
              shownToTeam,
              after
                ? sql`(${applications.createdAt}, ${applications.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(asc(applications.createdAt), asc(applications.id))
          .limit(size);
        if (rows.length > 0) yield rows;
        const last = rows.at(-1);
        if (!last || rows.length < size) return;
        after = { at: last.cursor, id: last.id };
      }
    },

    /** The most entries any shown application gives each list answer (band members), in one read. */
    async mostEntries(
      opportunityId: string,
      slugs: readonly string[],
    ): Promise<Map<string, number>> {
      if (slugs.length === 0) return new Map();
      const [row] = await db
        .select(
          Object.fromEntries(
            slugs.map((slug, index) => [
              `n${index}`,
              sql<number>`coalesce(max(case when jsonb_typeof(${applications.answers} -> ${slug}) = 'array' then jsonb_array_length(${applications.answers} -> ${slug}) end), 0)::int`,
            ]),
          ),
        )
        .from(applications)
        .where(and(eq(applications.opportunityId, opportunityId), shownToTeam));
      return new Map(slugs.map((slug, index) => [slug, Number(row?.[`n${index}`] ?? 0)]));
    },
  };
}

export type ApplicationsDashboard = ReturnType<typeof createApplicationsDashboard>;
