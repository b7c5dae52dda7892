import { grantsPermission } from '@encore/core';
import type { OpportunitiesService, OpportunityRow } from '../opportunities/opportunities.service';
import type {
  OrganisationMemberRow,
  OrganisationsService,
} from '../organisations/organisations.service';

export interface ApplicationDecidersDependencies {
  opportunities: Pick<OpportunitiesService, 'members' | 'byIds'>;
  organisations: Pick<OrganisationsService, 'team'>;
}

/**
 * The people who decide on an opportunity's applications: its accepted members holding
 * `manage_applications`, and its organisation's owners. They hear of what happens to an
 * application (a message from the applicant, a new application, a teammate's review); reviewers
 * who only rate and comment do not. Events name them as they were when it happened, so a delivery
 * tried again later reaches the same people.
 */
export function createApplicationDeciders({
  opportunities,
  organisations,
}: ApplicationDecidersDependencies) {
  async function owners(organisationId: string): Promise<OrganisationMemberRow[]> {
    return (await organisations.team.members(organisationId, ['accepted'])).filter(
      (member) => member.role === 'owner',
    );
  }

  async function of(opportunity: Pick<OpportunityRow, 'id' | 'organisationId'>): Promise<string[]> {
    const [members, organisationOwners] = await Promise.all([
      opportunities.members(opportunity.id),
      owners(opportunity.organisationId),
    ]);
    const managers = members.filter(
      (member) =>
        member.status === 'accepted' && grantsPermission(member.permissions, 'manage_applications'),
    );
    return [
      ...new Set(
        [...managers, ...organisationOwners]
          .map((member) => member.userId)
          .filter((id): id is string => id !== null),
      ),
    ];
  }

  return {
    owners,
    /** Their account ids, each once. */
    of,
    /** The same, from the opportunity's id; nobody when it is gone. */
    async ofOpportunity(opportunityId: string): Promise<string[]> {
      const [opportunity] = await opportunities.byIds([opportunityId]);
      return opportunity ? of(opportunity) : [];
    },
  };
}

export type ApplicationDeciders = ReturnType<typeof createApplicationDeciders>;
