import {
  applicationFormSchema,
  createOpportunitySchema,
  type OpportunityPermission,
} from '@encore/core';
import type { OpportunityMemberRole } from '../src/modules/opportunities/opportunities.table';
import { opportunityMembers } from '../src/modules/opportunities/opportunities.table';
import type { TestServer } from './harness';

/** Everything publishing asks for: a virtual festival for bands and individuals, in Lisbon's zone. */
export const PUBLISHABLE_OPPORTUNITY = {
  time_zone: 'Europe/Lisbon',
  summary: 'Play the harbour stage.',
  description: '<p>Three songs on the harbour stage.</p>',
  deadline_date: '2027-04-01 23:59',
  start_date: '2027-05-01 19:00',
  end_date: '2027-05-02 23:00',
  types: ['festival'],
  target: ['INDIVIDUALS', 'BANDS'],
  is_virtual: true,
};

export interface OpportunitySeat {
  person: { id: string; email: string };
  role: OpportunityMemberRole;
  permissions: readonly OpportunityPermission[];
}

/**
 * A published opportunity of the organisation, created and published by its owner, with places
 * of its own (a manager, a reviewer…) and saved application forms.
 */
export async function publishedOpportunity(
  server: TestServer,
  options: {
    organisationId: string;
    owner: { id: string; email: string };
    title: string;
    fields?: Record<string, unknown>;
    seats?: readonly OpportunitySeat[];
    forms?: readonly Record<string, unknown>[];
  },
) {
  const owner = { id: options.owner.id, email: options.owner.email };
  const row = await server.app.services.opportunities.create(
    createOpportunitySchema.parse({
      organisation_id: options.organisationId,
      title: options.title,
      ...PUBLISHABLE_OPPORTUNITY,
      ...options.fields,
    }),
    owner,
  );
  for (const { person, role, permissions } of options.seats ?? []) {
    await server.database.db.insert(opportunityMembers).values({
      opportunityId: row.id,
      userId: person.id,
      email: person.email,
      role,
      permissions: [...permissions],
    });
  }
  for (const form of options.forms ?? []) {
    await server.app.services.forms.save(
      { opportunity_id: row.id, ...applicationFormSchema.parse({ max_members: null, ...form }) },
      owner.id,
    );
  }
  return server.app.services.opportunities.publish(row.id, owner);
}

/** The opportunity's own manager (full access) and reviewer (rate and comment). */
export const managerAndReviewer = (
  manager: { id: string; email: string },
  reviewer: { id: string; email: string },
): OpportunitySeat[] => [
  { person: manager, role: 'manager', permissions: ['full_access'] },
  { person: reviewer, role: 'reviewer', permissions: ['rate', 'comment'] },
];
