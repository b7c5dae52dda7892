import type { OrganisationPermission } from '@encore/core';
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
