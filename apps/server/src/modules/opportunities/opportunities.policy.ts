import {
  OPPORTUNITY_PERMISSIONS,
  grantsPermission,
  type OpportunityPermission,
  type OpportunityStatus,
} from '@encore/core';
import {
  NO_GRANT,
  organisationPolicy,
  type OrganisationGrant,
} from '../organisations/organisations.service';
import type { OpportunityMemberRole, OpportunityRow } from './opportunities.table';

/**
 * What one viewer holds on one opportunity: their grant on the organisation that publishes it,
 * and their own place on the opportunity (manager, reviewer or a custom set), if accepted.
 */
export interface OpportunityGrant {
  organisation: OrganisationGrant;
  member: { role: OpportunityMemberRole; permissions: OpportunityPermission[] } | null;
}

export const NO_OPPORTUNITY_GRANT: OpportunityGrant = { organisation: NO_GRANT, member: null };

/**
 * The permissions a grant carries (`opp_role.permissions`): organisation owners and admins, and
 * platform admins, hold full access on every opportunity of the organisation (ARCHITECTURE §5).
 */
export function opportunityPermissionsOf(grant: OpportunityGrant): OpportunityPermission[] {
  const { role, platformAdmin } = grant.organisation;
  if (platformAdmin || role === 'owner' || role === 'admin') return ['full_access'];
  return grant.member ? [...grant.member.permissions] : [];
}

export function holdsOnOpportunity(
  grant: OpportunityGrant,
  permission: OpportunityPermission,
): boolean {
  return grantsPermission<OpportunityPermission>(opportunityPermissionsOf(grant), permission);
}

export function allOpportunityPermissions(
  grant: OpportunityGrant,
): Record<OpportunityPermission, boolean> {
  return Object.fromEntries(
    OPPORTUNITY_PERMISSIONS.map((permission) => [
      permission,
      holdsOnOpportunity(grant, permission),
    ]),
  ) as Record<OpportunityPermission, boolean>;
}

/** Statuses anyone may open by its link; drafts and scheduled ones are the team's. */
const SHOWN_TO_EVERYONE: readonly OpportunityStatus[] = [
  'PUBLISHED',
  'ACTIVE',
  'CLOSED',
  'ARCHIVED',
];

export const opportunityPolicy = {
  /** The organisation's team and the opportunity's own people: drafts, managers, statistics. */
  isTeam: (grant: OpportunityGrant) =>
    organisationPolicy.seesPrivate(grant.organisation) || grant.member !== null,
  /**
   * A deleted opportunity is gone for everyone; a draft or scheduled one shows to its team only,
   * and so does one archived without ever having been published.
   */
  view: (grant: OpportunityGrant, row: Pick<OpportunityRow, 'status' | 'publishedAt'>) =>
    row.status !== 'DELETED' &&
    ((SHOWN_TO_EVERYONE.includes(row.status) && row.publishedAt !== null) ||
      opportunityPolicy.isTeam(grant)),
  update: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'manage_opportunity'),
  /** Publishing, closing, reopening and archiving are managing the opportunity. */
  changeStatus: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'manage_opportunity'),
  delete: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'full_access'),
  /** A copy is a new opportunity of the same organisation, so it also takes the right to create one. */
  duplicate: (grant: OpportunityGrant) =>
    holdsOnOpportunity(grant, 'manage_opportunity') &&
    organisationPolicy.createOpportunity(grant.organisation),
  manageTeam: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'full_access'),
  manageApplications: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'manage_applications'),
  managePayments: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'manage_payments'),
  rate: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'rate'),
  comment: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'comment'),
};
