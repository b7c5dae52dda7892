import {
  EDITABLE_APPLICATION_STATUSES,
  WITHDRAWABLE_APPLICATION_STATUSES,
  type OpportunityPermission,
} from '@encore/core';
import { holdsOnOpportunity, type OpportunityGrant } from '../opportunities/opportunities.service';
import type { ApplicationRow } from './applications.table';

/** The opportunity permissions that let someone read its applications. */
const READING_PERMISSIONS: readonly OpportunityPermission[] = [
  'rate',
  'comment',
  'manage_applications',
];

type Owned = Pick<ApplicationRow, 'userId' | 'status' | 'paymentStatus'>;

/**
 * Who may do what with an application (ARCHITECTURE §5, issue 6 point 8): applicants their own;
 * the opportunity's reviewers read, rate and comment; `manage_applications` decides and writes to
 * the applicant. Plain functions of what the caller already loaded.
 */
export const applicationPolicy = {
  /** Reads the opportunity's applications at all (the review queue, the dashboard). */
  readsApplications: (grant: OpportunityGrant) =>
    READING_PERMISSIONS.some((permission) => holdsOnOpportunity(grant, permission)),

  isApplicant: (viewerId: string | undefined, application: Owned) =>
    viewerId !== undefined && application.userId === viewerId,

  /**
   * A draft is the applicant's own work until it is submitted, or finished and waiting for payment
   * (then the organiser follows the payment).
   */
  isShownToTeam: (application: Owned) =>
    application.status !== 'DRAFT' || application.paymentStatus !== null,

  view: (viewerId: string | undefined, grant: OpportunityGrant, application: Owned) =>
    applicationPolicy.isApplicant(viewerId, application) ||
    (applicationPolicy.readsApplications(grant) && applicationPolicy.isShownToTeam(application)),

  /** Blind review hides who applied from reviewers, never from those who decide. */
  seesIdentity: (
    viewerId: string | undefined,
    grant: OpportunityGrant,
    application: Owned,
    blindReview: boolean,
  ) =>
    applicationPolicy.isApplicant(viewerId, application) ||
    !blindReview ||
    holdsOnOpportunity(grant, 'manage_applications'),

  rate: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'rate'),
  comment: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'comment'),
  changeStatus: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'manage_applications'),
  /** The team's side of the conversation; the applicant always writes on their own. */
  messageAsTeam: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'manage_applications'),

  /** The state allows it; the deadline is the service's to check (it needs the clock). */
  editableState: (application: Owned) => EDITABLE_APPLICATION_STATUSES.includes(application.status),
  withdrawableState: (application: Owned) =>
    WITHDRAWABLE_APPLICATION_STATUSES.includes(application.status),
};
