import type { OrganisationRole } from '@encore/core';
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

    async addMember(organisationId: string, userId: string, role: OrganisationRole): Promise<void> {
      await db
        .insert(organisationMembers)
        .values({ organisationId, userId, role, status: 'accepted' })
        .onConflictDoNothing();
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
