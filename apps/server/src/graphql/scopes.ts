import type { OpportunityPermission, OrganisationPermission } from '@encore/core';
import type { AuthScopes } from './builder';
import type { GraphQLContext } from './context';

type Declared = Partial<Record<keyof AuthScopes, unknown>>;

/**
 * A scope that depends on the arguments (which organisation), declared so that the snapshot of
 * declarations still says what it requires: `orgScope('manage_team_members', args => args.input.organisation_id)`.
 * 'member' asks for any accepted member of the team.
 */
export function orgScope<Args>(
  permission: OrganisationPermission | 'member',
  organisationOf: (args: Args, context: GraphQLContext) => string | Promise<string>,
) {
  const scopes = async (_parent: unknown, args: Args, context: GraphQLContext) => {
    const organisationId = await organisationOf(args, context);
    return permission === 'member'
      ? { orgMember: organisationId }
      : { orgPermission: { organisationId, permission } };
  };
  const declaration: Declared =
    permission === 'member' ? { orgMember: true } : { orgPermission: permission };
  return Object.assign(scopes, { declaration });
}

/**
 * The same for an opportunity: `oppScope('manage_opportunity', args => args.input.id)`. 'team'
 * asks for anyone who sees the opportunity's team side (its organisation's team, its own people).
 */
export function oppScope<Args>(
  permission: OpportunityPermission | 'team',
  opportunityOf: (args: Args, context: GraphQLContext) => string | Promise<string>,
) {
  const scopes = async (_parent: unknown, args: Args, context: GraphQLContext) => {
    const opportunityId = await opportunityOf(args, context);
    return permission === 'team'
      ? { oppTeam: opportunityId }
      : { oppPermission: { opportunityId, permission } };
  };
  const declaration: Declared =
    permission === 'team' ? { oppTeam: true } : { oppPermission: permission };
  return Object.assign(scopes, { declaration });
}
