import { UUID_PATTERN, type OrganisationRole } from '@encore/core';
import DataLoader from 'dataloader';
import type { Viewer } from './viewer';
import {
  NO_OPPORTUNITY_GRANT,
  type OpportunitiesService,
  type OpportunityGrant,
  type OpportunityMembership,
} from '../opportunities/opportunities.service';
import {
  NO_GRANT,
  type OrganisationGrant,
  type OrganisationsService,
} from '../organisations/organisations.service';

/**
 * What the viewer of one request holds, asked as often as a request likes: the organisation
 * roles of every organisation (and places on every opportunity) asked about in one tick are
 * read in one query each, once per request.
 * The rules themselves live in each feature's policy.
 */
export function createViewerAccess(
  viewer: Viewer,
  organisations: OrganisationsService,
  opportunities: OpportunitiesService,
) {
  const user = viewer.user;
  const roles = new DataLoader<string, OrganisationRole | null>(async (ids) => {
    if (!user) return ids.map(() => null);
    const byId = await organisations.rolesOf(
      user.id,
      ids.filter((id) => UUID_PATTERN.test(id)),
    );
    return ids.map((id) => byId.get(id) ?? null);
  });

  const memberships = new DataLoader<string, OpportunityMembership | null>(async (ids) => {
    if (!user) return ids.map(() => null);
    const byId = await opportunities.membershipsOf(
      user.id,
      ids.filter((id) => UUID_PATTERN.test(id)),
    );
    return ids.map((id) => byId.get(id) ?? null);
  });

  const organisationGrant = async (organisationId: string): Promise<OrganisationGrant> =>
    user ? { role: await roles.load(organisationId), platformAdmin: viewer.isAdmin } : NO_GRANT;

  async function readOpportunityGrant(opportunityId: string): Promise<OpportunityGrant> {
    if (!user) return NO_OPPORTUNITY_GRANT;
    const membership = await memberships.load(opportunityId);
    if (!membership)
      return { organisation: { role: null, platformAdmin: viewer.isAdmin }, member: null };
    return {
      organisation: await organisationGrant(membership.organisationId),
      member: membership.member,
    };
  }
  const opportunityGrants = new Map<string, OpportunityGrant>();

  return {
    organisation: organisationGrant,

    /** The viewer's grant on an opportunity: through its organisation and their own place on it. */
    async opportunity(opportunityId: string): Promise<OpportunityGrant> {
      const grant = await readOpportunityGrant(opportunityId);
      opportunityGrants.set(opportunityId, grant);
      return grant;
    },

    /**
     * The grant on an opportunity already read in this request, without waiting: the fields of a
     * list's rows ask it fifty times over.
     */
    knownOpportunity(opportunityId: string): OpportunityGrant | undefined {
      return opportunityGrants.get(opportunityId);
    },

    /** Forget what was read: the viewer's own team changes within this request. */
    forget(id: string): void {
      roles.clear(id);
      memberships.clear(id);
      opportunityGrants.delete(id);
    },
  };
}

export type ViewerAccess = ReturnType<typeof createViewerAccess>;
