import { grantsPermission, organisationRoleGrants } from '@encore/core';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { OrganisationsService } from '../organisations/organisations.service';

export interface PaymentsTeamDependencies {
  opportunities: Pick<OpportunitiesService, 'members'>;
  organisations: Pick<OrganisationsService, 'team'>;
}

/**
 * The people who hear of an organisation's money (refund requests, refunds, the answer-by promise,
 * payouts): whoever may act on it, as the policies say — accepted members holding
 * `manage_payments` on the organisation (its owners and admins), and, for one opportunity, also
 * its own accepted members holding it (its managers). Reviewers, editors and plain members do
 * not. The refund events do not name them, so they are the team as it is when an event is
 * delivered.
 */
export function createPaymentsTeam({ opportunities, organisations }: PaymentsTeamDependencies) {
  async function ofOrganisation(organisationId: string): Promise<string[]> {
    const members = await organisations.team.members(organisationId, ['accepted']);
    return members.flatMap((member) =>
      member.userId && organisationRoleGrants(member.role, 'manage_payments')
        ? [member.userId]
        : [],
    );
  }

  return {
    ofOrganisation,

    /** Each account once. */
    async ofOpportunity(opportunity: { id: string; organisationId: string }): Promise<string[]> {
      const [organisationTeam, members] = await Promise.all([
        ofOrganisation(opportunity.organisationId),
        opportunities.members(opportunity.id),
      ]);
      const opportunityTeam = members.flatMap((member) =>
        member.userId &&
        member.status === 'accepted' &&
        grantsPermission(member.permissions, 'manage_payments')
          ? [member.userId]
          : [],
      );
      return [...new Set([...organisationTeam, ...opportunityTeam])];
    },
  };
}

export type PaymentsTeam = ReturnType<typeof createPaymentsTeam>;
