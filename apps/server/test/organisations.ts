import type { OrganisationRole } from '@encore/core';
import type { Executor } from '../src/db/client';
import {
  organisationMembers,
  organisations,
  type OrganisationRow,
} from '../src/modules/organisations/organisations.table';

export interface TeamSeat {
  userId: string;
  email: string;
  role: OrganisationRole;
}

/** An organisation with an accepted team, written straight to the tables (setup, not under test). */
export async function insertOrganisation(
  db: Executor,
  fields: { name: string; slug?: string },
  team: TeamSeat[],
): Promise<OrganisationRow> {
  const slug =
    fields.slug ??
    `${fields.name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [row] = await db.insert(organisations).values({ name: fields.name, slug }).returning();
  await addSeats(db, row!.id, team);
  return row!;
}

export async function addSeats(db: Executor, organisationId: string, team: TeamSeat[]) {
  for (const seat of team) {
    await db
      .insert(organisationMembers)
      .values({ organisationId, ...seat, status: 'accepted' })
      .onConflictDoUpdate({
        target: [organisationMembers.organisationId, organisationMembers.email],
        set: { role: seat.role },
      });
  }
}
