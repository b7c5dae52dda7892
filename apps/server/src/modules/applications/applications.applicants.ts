import {
  pageOffset,
  type ApplicationStatus,
  type FormType,
  type Locale,
  type LocationAnswer,
  type PaymentStatus,
} from '@encore/core';
import { and, asc, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Country, LookupsService } from '../lookups/lookups.service';
import type { UsersService } from '../users/users.service';
import { createApplicantIds } from './applications.applicant-ids';
import { looselyMatches, shownToTeam } from './applications.dashboard';
import { applications } from './applications.table';

/** Who applied, as the applicant lists name it: a band applies with the GENERAL form. */
export const APPLICANT_TYPES = ['INDIVIDUAL', 'BAND'] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];
const FORM_TYPE_OF_APPLICANT: Record<ApplicantType, FormType> = {
  INDIVIDUAL: 'INDIVIDUAL',
  BAND: 'GENERAL',
};

/** Which applications a list of applicants covers. */
export interface ApplicantScope {
  /** The opportunities whose applications count; 'all' for a platform admin who narrows nothing. */
  opportunityIds: readonly string[] | 'all';
  /** Those of them whose applicants the viewer may know (blind review hides the others). */
  identityOpportunityIds: readonly string[] | 'all';
}

export interface ApplicantFilters {
  type?: ApplicantType | null | undefined;
  /** Words of the name or the email address. */
  filter?: string | null | undefined;
}

/**
 * One applicant account over the applications in scope (SEED point 3, "Applicant summary"): the
 * status, payment status, date and identity of their latest application, where they are from (their
 * profile, else the address they gave), and how many applications they made.
 */
export interface ApplicantSummary {
  /** The account id; under blind review the applicant's id within the opportunity (applicant-ids). */
  id: string;
  name: string | null;
  email: string | null;
  created_at: Date;
  location_name: string | null;
  applications_count: number;
  payment_status: PaymentStatus | null;
  country: Country | null;
  status: ApplicationStatus;
  avatarFileId: string | null;
  /** One application under blind review for the viewer: a row of its own, not the account's. */
  is_blind: boolean;
}

const jsonValue = <T>(value: unknown): T | null =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? null)) as T | null;

function latest(column: SQLWrapper) {
  return sql`(array_agg(${column} order by ${applications.createdAt} desc, ${applications.id} desc))[1]`;
}

const anyOf = (ids: readonly string[] | 'all'): SQL =>
  ids === 'all'
    ? sql`true`
    : ids.length > 0
      ? inArray(applications.opportunityId, [...ids])
      : sql`false`;

export function createApplicantsService({
  db,
  lookups,
  users,
  secret,
}: {
  db: Database;
  lookups: LookupsService;
  users: UsersService;
  /** The server's secret, which applicant ids are made with. */
  secret: string;
}) {
  const applicantIds = createApplicantIds(secret);
  return {
    /** The opportunity and account behind an applicant id of a blind row; undefined for other ids. */
    parseApplicantId: (id: string) => applicantIds.parse(id),

    /** The opportunities whose team has an application of this person (drafts stay theirs). */
    async appliedTo(userId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: applications.opportunityId })
        .from(applications)
        .where(and(eq(applications.userId, userId), shownToTeam));
      return rows.map((row) => row.id);
    },

    /** A page of applicants, those who applied most recently first, and how many there are. */
    async summaries(
      scope: ApplicantScope,
      filters: ApplicantFilters,
      request: { first: number; page: number },
      locale: Locale,
    ): Promise<{ rows: ApplicantSummary[]; total: number }> {
      if (scope.opportunityIds !== 'all' && scope.opportunityIds.length === 0) {
        return { rows: [], total: 0 };
      }
      const where = and(
        shownToTeam,
        scope.opportunityIds === 'all' ? undefined : anyOf(scope.opportunityIds),
        filters.type ? eq(applications.formType, FORM_TYPE_OF_APPLICANT[filters.type]) : undefined,
      );
      const seen = anyOf(scope.identityOpportunityIds);
      // An application under blind review is a row of its own: counted in with the applicant's
      // other applications, it would tie the person the viewer knows to the one they must not.
      const blindOpportunity = sql`case when ${seen} then null else ${applications.opportunityId} end`;
      const text = filters.filter?.trim();
      // Filtered per row, not per application, so a row's count stays whole; a blind row never matches.
      const having = text
        ? sql`bool_or(${and(
            seen,
            or(looselyMatches(applications.name, text), looselyMatches(applications.email, text)),
          )})`
        : undefined;
      const lastApplied = sql`max(${applications.createdAt})`;
      const [found, [counted]] = await Promise.all([
        db
          .select({
            userId: applications.userId,
            // One opportunity in a blind row; any of them in the account's own.
            opportunityId: sql<string>`min(${applications.opportunityId}::text)`,
            count: sql<number>`count(*)::int`,
            createdAt: lastApplied.mapWith(applications.createdAt),
            status: latest(applications.status).mapWith(applications.status),
            paymentStatus: latest(applications.paymentStatus).mapWith(applications.paymentStatus),
            name: latest(applications.name).mapWith(applications.name),
            email: latest(applications.email).mapWith(applications.email),
            address: latest(sql`${applications.answers} -> 'address'`).mapWith((value: unknown) =>
              jsonValue<LocationAnswer>(value),
            ),
            seesIdentity: sql<boolean>`bool_or(${seen})`,
          })
          .from(applications)
          .where(where)
          .groupBy(applications.userId, blindOpportunity)
          .having(having)
          .orderBy(
            desc(lastApplied),
            asc(applications.userId),
            sql`min(${applications.opportunityId}::text)`,
          )
          .limit(request.first)
          .offset(pageOffset(request.page, request.first)),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(
            db
              .select({ userId: applications.userId })
              .from(applications)
              .where(where)
              .groupBy(applications.userId, blindOpportunity)
              .having(having)
              .as('applicants'),
          ),
      ]);
      const accounts = new Map(
        (await users.byIds(found.map((row) => row.userId))).map((row) => [row.id, row]),
      );
      const cityIds = found.flatMap((row) => {
        const id = accounts.get(row.userId)?.cityId ?? row.address?.city_id;
        return id ? [id] : [];
      });
      const cities = new Map(
        (await lookups.citiesByIds([...new Set(cityIds)], locale)).map((city) => [city.id, city]),
      );
      const rows = await Promise.all(
        found.map(async (row): Promise<ApplicantSummary> => {
          const account = accounts.get(row.userId);
          const cityId = account?.cityId ?? row.address?.city_id ?? null;
          const countryCode = account?.countryCode ?? row.address?.country_code ?? null;
          const known = row.seesIdentity;
          return {
            id: known ? row.userId : applicantIds.of(row.opportunityId, row.userId),
            name: known ? row.name || account?.name || null : null,
            email: known ? row.email || account?.email || null : null,
            created_at: row.createdAt,
            location_name: known
              ? ((cityId ? cities.get(cityId)?.name : undefined) ?? row.address?.label ?? null)
              : null,
            applications_count: row.count,
            payment_status: row.paymentStatus,
            country:
              known && countryCode ? ((await lookups.country(countryCode, locale)) ?? null) : null,
            status: row.status,
            avatarFileId: known ? (account?.avatarFileId ?? null) : null,
            is_blind: !known,
          };
        }),
      );
      return { rows, total: Number(counted?.total ?? 0) };
    },
  };
}

export type ApplicantsService = ReturnType<typeof createApplicantsService>;
