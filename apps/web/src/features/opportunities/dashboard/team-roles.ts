import { OPPORTUNITY_PERMISSIONS } from '@encore/core';
import type { OpportunityMemberRole, OpportunityPermission } from '../../../gql/graphql';

/** Roles in the order they are offered: a manager holds full access, a reviewer rates and comments. */
export const OPPORTUNITY_ROLES: readonly OpportunityMemberRole[] = [
  'manager',
  'reviewer',
  'custom',
];

/** The permissions a custom role may carry, in the order of packages/core. */
export const PERMISSIONS: readonly OpportunityPermission[] = OPPORTUNITY_PERMISSIONS;

/** A role and, for a custom one, its permission set: what invite and change-role send. */
export interface RoleChoice {
  role: OpportunityMemberRole;
  permissions: OpportunityPermission[];
}

/** The input fields for a choice: the server takes a permission set for custom roles only. */
export function roleInput({ role, permissions }: RoleChoice): {
  role: OpportunityMemberRole;
  permissions?: OpportunityPermission[];
} {
  return role === 'custom' ? { role, permissions } : { role };
}

/** What a member's current place looks like as a choice, to start changing it from. */
export function choiceOf(member: {
  role: OpportunityMemberRole;
  permissions: OpportunityPermission[];
}): RoleChoice {
  return {
    role: member.role,
    permissions: member.role === 'custom' ? [...member.permissions] : [],
  };
}
