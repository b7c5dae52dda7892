import type { OrganisationRole } from '@encore/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organisationMembers, organisations, type OrganisationRow } from './organisations.table';

export interface NewOrganisation {
  slug: string;
  name: string;
  email?: string | null;
  description?: string | null;
  phone?: string | null;
  website?: string | null;
  cityId?: string | null;
  countryCode?: string | null;
}

export function createOrganisationsService(db: Executor) {
  return {
    /** Creates an organisation with its owner as the first accepted member, in one transaction. */
    async createWithOwner(input: NewOrganisation, ownerId: string): Promise<OrganisationRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(organisations)
          .values({ ...input, createdById: ownerId })
          .returning();
        if (!row) throw new Error('insert into organisations returned no row');
        await tx
          .insert(organisationMembers)
          .values({ organisationId: row.id, userId: ownerId, role: 'owner' });
        return row;
      });
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

    async addMember(organisationId: string, userId: string, role: OrganisationRole): Promise<void> {
      await db
        .insert(organisationMembers)
        .values({ organisationId, userId, role, status: 'accepted' })
        .onConflictDoNothing();
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
