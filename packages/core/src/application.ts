import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus } from './enums';

/**
 * The application lifecycle of ARCHITECTURE.md §5, as the server enforces it and the web shows it:
 * DRAFT -> SUBMITTED -> IN_REVIEW -> SHORTLISTED -> ACCEPTED | DECLINED; WITHDRAWN by the applicant
 * before a decision.
 */

/** The applicant may still change the answers (before the deadline too). */
export const EDITABLE_APPLICATION_STATUSES: readonly ApplicationStatus[] = [
  'DRAFT',
  'SUBMITTED',
  'IN_REVIEW',
  'SHORTLISTED',
];

/** The applicant may withdraw: any state before a decision. */
export const WITHDRAWABLE_APPLICATION_STATUSES: readonly ApplicationStatus[] = [
  'DRAFT',
  'SUBMITTED',
  'IN_REVIEW',
  'SHORTLISTED',
];

/** What the organisation's team sets by hand; a decision can be revised while nobody withdrew. */
export const REVIEW_APPLICATION_STATUSES = [
  'IN_REVIEW',
  'SHORTLISTED',
  'ACCEPTED',
  'DECLINED',
] as const satisfies readonly ApplicationStatus[];
export type ReviewApplicationStatus = (typeof REVIEW_APPLICATION_STATUSES)[number];

/** Statuses the team can move an application from: submitted ones, never drafts or withdrawn ones. */
export const REVIEWABLE_APPLICATION_STATUSES: readonly ApplicationStatus[] = [
  'SUBMITTED',
  'IN_REVIEW',
  'SHORTLISTED',
  'ACCEPTED',
  'DECLINED',
];

export const DECIDED_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['ACCEPTED', 'DECLINED'];

export function canReviewerMove(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return (
    from !== to &&
    REVIEWABLE_APPLICATION_STATUSES.includes(from) &&
    (REVIEW_APPLICATION_STATUSES as readonly ApplicationStatus[]).includes(to)
  );
}

export const APPLICATION_LIMITS = {
  commentLength: 5_000,
  messageLength: 5_000,
  /** Applications moved by one status change. */
  bulk: 200,
} as const;

export const APPLICATION_SORT_FIELDS = [
  'created_at',
  'submitted_at',
  'name',
  'rate',
  'status',
  'code',
] as const;
export type ApplicationSortField = (typeof APPLICATION_SORT_FIELDS)[number];

export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
