import type { OpportunityMemberRole, OpportunityPermission } from '../../../gql/graphql';

/**
 * Why the viewer sees an opportunity in their list: a place on it (manager, reviewer or a custom
 * set of permissions), full access through their organisation role (owners and admins), or
 * membership of the organisation's team, which shows its opportunities without changing them.
 */
export type OpportunityRoleKind = OpportunityMemberRole | 'organisation' | 'team';

interface RoleGrant {
  role: OpportunityMemberRole | null;
  permissions: readonly OpportunityPermission[];
}

export function roleKindOf(grant: RoleGrant | null): OpportunityRoleKind {
  if (grant?.role) return grant.role;
  if (grant?.permissions.includes('full_access')) return 'organisation';
  return 'team';
}
