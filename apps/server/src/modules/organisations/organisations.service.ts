import {
  slugify,
  type CreateOrganisationInput,
  type OrganisationRole,
  type UpdateOrganisationInput,
  type ValidationMap,
} from '@encore/core';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { isAnyOf } from '../../db/prepared';
import { rowJson } from '../../db/row-json';
import { AppError } from '../../lib/errors';
import type { FilesService } from '../files/files.service';
import type { LookupsService } from '../lookups/lookups.service';
import type { Outbox } from '../../events/outbox';
import type { Sealer } from '../../lib/sealed';
import { createTeam } from './organisations.team';
import {
  organisationEvents,
  organisationMembers,
  organisationSlugRedirects,
  organisations,
  type OrganisationEventAction,
  type OrganisationRow,
} from './organisations.table';

import { allPermissions, permissionsOf, type OrganisationGrant } from './organisations.policy';

export { NO_GRANT, organisationPolicy, type OrganisationGrant } from './organisations.policy';

/** Every organisation permission answered for a grant, for `canAccess`. */
export const organisationAccess = (grant: OrganisationGrant) => ({
  all: allPermissions(grant),
  permissions: permissionsOf(grant),
});
export type {
  OrganisationEventRow,
  OrganisationMemberRow,
  OrganisationRow,
} from './organisations.table';

export const ORGANISATION_LOGO = 'organisation-logo';
export const ORGANISATION_COVER = 'organisation-cover';

export interface OrganisationsDependencies {
  db: Database;
  files: FilesService;
  lookups: LookupsService;
  /** Where the feature records what happened (invitations are emailed from there). */
  outbox: Outbox;
  sealer: Sealer;
}

export interface Actor {
  id: string;
  email: string;
}

/** Appends one line to an organisation's change log, in the caller's transaction. */
export async function recordEvent(
  executor: Executor,
  organisationId: string,
  actorId: string | null,
  action: OrganisationEventAction,
  extra: { memberEmail?: string; details?: Record<string, unknown> } = {},
): Promise<void> {
  await executor.insert(organisationEvents).values({
    organisationId,
    actorId,
    action,
    memberEmail: extra.memberEmail ?? null,
    details: extra.details ?? {},
  });
}

export function createOrganisationsService(deps: OrganisationsDependencies) {
  const { db, files, lookups } = deps;
  const rolesStatement = db
    .select({
      organisationId: organisationMembers.organisationId,
      role: organisationMembers.role,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(
      and(
        eq(organisationMembers.userId, sql.placeholder('userId')),
        eq(organisationMembers.status, 'accepted'),
        isAnyOf(organisationMembers.organisationId, 'ids'),
        isNull(organisations.deletedAt),
      ),
    )
    .prepare('organisation_roles_of');
  const byIdsStatement = db
    .select()
    .from(organisations)
    .where(and(isAnyOf(organisations.id, 'ids'), isNull(organisations.deletedAt)))
    .prepare('organisations_by_ids');

  /** A slug nobody uses, now or as an old slug: the name's, then with -2, -3 and so on. */
  async function freeSlug(base: string, executor: Executor): Promise<string> {
    const stem = base.length >= 3 ? base : `${base || 'organisation'}-team`.slice(0, 60);
    for (let suffix = 1; ; suffix++) {
      const candidate = suffix === 1 ? stem : `${stem.slice(0, 56)}-${suffix}`;
      if (!(await slugTaken(candidate, null, executor))) return candidate;
    }
  }

  async function slugTaken(slug: string, exceptId: string | null, executor: Executor) {
    const [current] = await executor
      .select({ id: organisations.id })
      .from(organisations)
      .where(
        and(eq(organisations.slug, slug), exceptId ? ne(organisations.id, exceptId) : undefined),
      )
      .limit(1);
    if (current) return true;
    const [old] = await executor
      .select({ id: organisationSlugRedirects.organisationId })
      .from(organisationSlugRedirects)
      .where(
        and(
          eq(organisationSlugRedirects.slug, slug),
          exceptId ? ne(organisationSlugRedirects.organisationId, exceptId) : undefined,
        ),
      )
      .limit(1);
    return old !== undefined;
  }

  /** City, country and coordinates from a `filterCities` id; a problem is noted, not thrown. */
  async function placeOf(cityId: string | null | undefined, problems: ValidationMap) {
    if (cityId === undefined) return {};
    if (cityId === null)
      return { cityId: null, countryCode: null, latitude: null, longitude: null };
    const place = await lookups.placeOfCity(cityId);
    if (!place) problems['input.city_id'] = ['validation.city'];
    return place ?? {};
  }

  /** Hands uploaded pictures to the organisation; a file that is not the actor's picture is refused. */
  async function attachPictures(
    organisationId: string,
    input: Pick<CreateOrganisationInput, 'logo_file_id' | 'cover_file_id'>,
    current: Pick<OrganisationRow, 'logoFileId' | 'coverFileId'> | null,
    actorId: string,
    tx: Executor,
  ) {
    const result: { logoFileId?: string | null; coverFileId?: string | null } = {};
    const slots = [
      ['logo_file_id', 'logoFileId', ORGANISATION_LOGO],
      ['cover_file_id', 'coverFileId', ORGANISATION_COVER],
    ] as const;
    for (const [field, column, ownerType] of slots) {
      const wanted = input[field];
      if (wanted === undefined) continue;
      if (wanted === null || wanted === current?.[column]) {
        result[column] = wanted;
        continue;
      }
      const attached = await files.attach(
        wanted,
        actorId,
        { ownerType, ownerId: organisationId, visibility: 'public' },
        tx,
      );
      if (!attached || !attached.mimeType.startsWith('image/')) {
        throw AppError.validation({ [`input.${field}`]: ['validation.file_reference'] });
      }
      result[column] = attached.id;
    }
    return result;
  }

  const team = createTeam({ ...deps, recordEvent });

  return {
    team,

    /** Creates an organisation with its creator as the owner, in one transaction. */
    async create(input: CreateOrganisationInput, actor: Actor): Promise<OrganisationRow> {
      const problems: ValidationMap = {};
      const place = await placeOf(input.city_id, problems);
      if (input.slug && (await slugTaken(input.slug, null, db))) {
        problems['input.slug'] = ['validation.slug_taken'];
      }
      if (Object.keys(problems).length > 0) throw AppError.validation(problems);

      return db.transaction(async (tx) => {
        const slug = input.slug ?? (await freeSlug(slugify(input.name), tx));
        const [row] = await tx
          .insert(organisations)
          .values({
            slug,
            name: input.name,
            email: input.email ?? null,
            description: input.description ?? null,
            phone: input.phone ?? null,
            website: input.website ?? null,
            socialLinks: input.social_links ?? [],
            ...place,
            createdById: actor.id,
          })
          .returning();
        if (!row) throw new Error('insert into organisations returned no row');
        const pictures = await attachPictures(row.id, input, null, actor.id, tx);
        await tx.insert(organisationMembers).values({
          organisationId: row.id,
          userId: actor.id,
          email: actor.email,
          role: 'owner',
          status: 'accepted',
          respondedAt: new Date(),
        });
        await recordEvent(tx, row.id, actor.id, 'created');
        if (Object.keys(pictures).length === 0) return row;
        const [withPictures] = await tx
          .update(organisations)
          .set(pictures)
          .where(eq(organisations.id, row.id))
          .returning();
        return withPictures!;
      });
    },

    /** Changes the fields given; a new slug keeps the old one as a redirect. */
    async update(input: UpdateOrganisationInput, actor: Actor): Promise<OrganisationRow> {
      const current = await this.requireById(input.id);
      const problems: ValidationMap = {};
      const place = await placeOf(input.city_id, problems);
      const slugChanges = input.slug !== undefined && input.slug !== current.slug.toLowerCase();
      if (slugChanges && (await slugTaken(input.slug!, current.id, db))) {
        problems['input.slug'] = ['validation.slug_taken'];
      }
      if (Object.keys(problems).length > 0) throw AppError.validation(problems);

      return db.transaction(async (tx) => {
        const pictures = await attachPictures(current.id, input, current, actor.id, tx);
        if (slugChanges) {
          await tx
            .delete(organisationSlugRedirects)
            .where(eq(organisationSlugRedirects.slug, input.slug!));
          await tx
            .insert(organisationSlugRedirects)
            .values({ slug: current.slug, organisationId: current.id })
            .onConflictDoNothing();
        }
        const changes = {
          ...(input.name !== undefined && { name: input.name }),
          ...(slugChanges && { slug: input.slug! }),
          ...(input.email !== undefined && { email: input.email }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.phone !== undefined && { phone: input.phone }),
          ...(input.website !== undefined && { website: input.website }),
          ...(input.social_links !== undefined && { socialLinks: input.social_links }),
          ...place,
          ...pictures,
        };
        const [row] = await tx
          .update(organisations)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(organisations.id, current.id))
          .returning();
        await recordEvent(tx, current.id, actor.id, 'updated', {
          details: { fields: Object.keys(changes) },
        });
        return row!;
      });
    },

    /** Soft delete: the page and the team go away; records that point at it keep their shape. */
    async delete(id: string, actor: Actor): Promise<void> {
      await this.requireById(id);
      await db.transaction(async (tx) => {
        const at = new Date();
        await tx
          .update(organisations)
          .set({ deletedAt: at, updatedAt: at })
          .where(eq(organisations.id, id));
        await tx
          .update(organisationMembers)
          .set({ invitationTokenHash: null, updatedAt: at })
          .where(eq(organisationMembers.organisationId, id));
        await recordEvent(tx, id, actor.id, 'deleted');
      });
    },

    async requireById(id: string): Promise<OrganisationRow> {
      const [row] = await db
        .select()
        .from(organisations)
        .where(and(eq(organisations.id, id), isNull(organisations.deletedAt)))
        .limit(1);
      if (!row) throw AppError.notFound('organisation');
      return row;
    },

    /** Live organisations by id, in the order asked (null where there is none): for loaders. */
    /** Accepted members per organisation, in the order asked, in one query. */
    async memberCounts(ids: readonly string[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: organisationMembers.organisationId, value: sql<number>`count(*)::int` })
        .from(organisationMembers)
        .where(
          and(
            inArray(organisationMembers.organisationId, [...ids]),
            eq(organisationMembers.status, 'accepted'),
          ),
        )
        .groupBy(organisationMembers.organisationId);
      const byId = new Map(rows.map((row) => [row.id, Number(row.value)]));
      return ids.map((id) => byId.get(id) ?? 0);
    },

    async byIds(ids: readonly string[]): Promise<(OrganisationRow | null)[]> {
      const rows = ids.length ? await byIdsStatement.execute({ ids }) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },

    /** The organisation behind a slug, current or old (then the caller redirects to the current one). */
    async bySlug(slug: string): Promise<OrganisationRow | undefined> {
      const [row] = await db
        .select()
        .from(organisations)
        .where(
          and(
            isNull(organisations.deletedAt),
            or(
              eq(organisations.slug, slug),
              inArray(
                organisations.id,
                db
                  .select({ id: organisationSlugRedirects.organisationId })
                  .from(organisationSlugRedirects)
                  .where(eq(organisationSlugRedirects.slug, slug)),
              ),
            ),
          ),
        )
        .limit(1);
      return row;
    },

    /** The organisations the user belongs to (accepted), most recently joined first. */
    async ofUser(userId: string): Promise<OrganisationRow[]> {
      const rows = await db
        .select({ organisation: organisations })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(
          and(
            eq(organisationMembers.userId, userId),
            eq(organisationMembers.status, 'accepted'),
            isNull(organisations.deletedAt),
          ),
        )
        .orderBy(desc(organisationMembers.createdAt), asc(organisations.name));
      return rows.map((row) => row.organisation);
    },

    /** The user's accepted role in each organisation asked about, in one query. */
    async rolesOf(
      userId: string,
      organisationIds: readonly string[],
    ): Promise<Map<string, OrganisationRole>> {
      if (organisationIds.length === 0) return new Map();
      const rows = await rolesStatement.execute({ userId, ids: organisationIds });
      return new Map(rows.map((row) => [row.organisationId, row.role]));
    },

    /** Files by id for the organisation's pictures. */
    pictures: (ids: readonly string[]) => files.byIds(ids),

    /** Recent changes, newest first. */
    async events(organisationId: string, limit = 20) {
      return db
        .select()
        .from(organisationEvents)
        .where(eq(organisationEvents.organisationId, organisationId))
        .orderBy(desc(organisationEvents.createdAt))
        .limit(limit);
    },

    /**
     * Takes a departing account out of every team. Organisations it alone owns and shares with
     * nobody are deleted with it; those it alone owns but others belong to block the departure,
     * and their names are returned (nothing is changed then).
     */
    async releaseMemberships(userId: string, at: Date, executor: Executor = db): Promise<string[]> {
      const owned = await executor
        .select({
          id: organisations.id,
          name: organisations.name,
          otherOwners: sql<number>`(select count(*)::int from ${organisationMembers} other
            where other.organisation_id = ${organisations.id} and other.user_id <> ${userId}
            and other.role = 'owner' and other.status = 'accepted')`,
          otherMembers: sql<number>`(select count(*)::int from ${organisationMembers} other
            where other.organisation_id = ${organisations.id} and other.user_id <> ${userId}
            and other.status = 'accepted')`,
        })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(
          and(
            eq(organisationMembers.userId, userId),
            eq(organisationMembers.role, 'owner'),
            eq(organisationMembers.status, 'accepted'),
            isNull(organisations.deletedAt),
          ),
        );
      const blocking = owned.filter((row) => row.otherOwners === 0 && row.otherMembers > 0);
      if (blocking.length > 0) return blocking.map((row) => row.name);
      const orphaned = owned.filter((row) => row.otherMembers === 0).map((row) => row.id);
      if (orphaned.length > 0) {
        await executor
          .update(organisations)
          .set({ deletedAt: at, updatedAt: at })
          .where(inArray(organisations.id, orphaned));
      }
      await executor.delete(organisationMembers).where(eq(organisationMembers.userId, userId));
      return [];
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;

const organisationJson = rowJson(organisations);

/**
 * The organisation of `organisationId` as one JSON value, null when it is deleted: for another
 * feature's read that shows each row's organisation, so that it takes no statement of its own.
 */
export const organisationAsJson = (organisationId: SQL | AnyPgColumn): SQL =>
  sql`(select ${organisationJson.asJson()} from ${organisations} where ${organisations.id} = ${organisationId} and ${organisations.deletedAt} is null)`;

/** The organisation from `organisationAsJson`'s value. */
export const organisationFromJson = (values: unknown[] | null): OrganisationRow | null =>
  values ? organisationJson.fromJson(values).row : null;
