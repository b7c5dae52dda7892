import type { OrganisationRole } from '../../gql/graphql';

/** Platform roles that may create organisations (the server's `organiser` scope). */
export const canCreateOrganisations = (platformRole: string | null | undefined) =>
  platformRole === 'organiser' || platformRole === 'admin';

/** Roles in the order they are offered, most powerful first. */
export const TEAM_ROLES: readonly OrganisationRole[] = ['owner', 'admin', 'editor', 'member'];

/** The roles someone may hand out: only owners make owners. */
export const assignableRoles = (manageOwners: boolean): OrganisationRole[] =>
  TEAM_ROLES.filter((role) => manageOwners || role !== 'owner');
