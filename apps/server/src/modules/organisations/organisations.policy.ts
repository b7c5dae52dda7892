import {
  ORGANISATION_PERMISSIONS,
  ORGANISATION_ROLE_PERMISSIONS,
  grantsPermission,
  type OrganisationPermission,
  type OrganisationRole,
} from '@encore/core';

/**
 * What one viewer holds on one organisation: their team role (accepted members only) and whether
 * they are a platform administrator, who holds `full_access` everywhere (docs/decisions.md).
 */
export interface OrganisationGrant {
  role: OrganisationRole | null;
  platformAdmin: boolean;
}

export const NO_GRANT: OrganisationGrant = { role: null, platformAdmin: false };

/** The permissions a grant carries, as the API shows them (`team_role.permissions`). */
export function permissionsOf(grant: OrganisationGrant): OrganisationPermission[] {
  if (grant.platformAdmin) return ['full_access'];
  return grant.role ? [...ORGANISATION_ROLE_PERMISSIONS[grant.role]] : [];
}

export function holds(grant: OrganisationGrant, permission: OrganisationPermission): boolean {
  return grantsPermission<OrganisationPermission>(permissionsOf(grant), permission);
}

/** Every permission of the organisation scope, answered for one grant (`viewerCan`-style maps). */
export function allPermissions(grant: OrganisationGrant): Record<OrganisationPermission, boolean> {
  return Object.fromEntries(
    ORGANISATION_PERMISSIONS.map((permission) => [permission, holds(grant, permission)]),
  ) as Record<OrganisationPermission, boolean>;
}

export const organisationPolicy = {
  /** Contact details, pending invitations, the team and the change log are the team's business. */
  seesPrivate: (grant: OrganisationGrant) => grant.role !== null || grant.platformAdmin,
  update: (grant: OrganisationGrant) => holds(grant, 'manage_organisation'),
  delete: (grant: OrganisationGrant) => holds(grant, 'full_access'),
  manageTeam: (grant: OrganisationGrant) => holds(grant, 'manage_team_members'),
  /** Making or unmaking an owner, and handing ownership over, take an owner's full access. */
  manageOwners: (grant: OrganisationGrant) => holds(grant, 'full_access'),
  createOpportunity: (grant: OrganisationGrant) => holds(grant, 'create_opportunity'),
  managePayments: (grant: OrganisationGrant) => holds(grant, 'manage_payments'),
  leave: (grant: OrganisationGrant) => grant.role !== null,
};
