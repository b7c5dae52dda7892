import type { ApplicationStatus, PaymentStatus } from '../../gql/graphql';

interface StatusParts {
  status: ApplicationStatus;
  payment_status: PaymentStatus | null;
}

/**
 * Submitted to a paid opportunity: the server keeps it in DRAFT until the fee is paid
 * (ARCHITECTURE.md §5), so a payment status is what tells it from a draft still being written.
 */
export function isAwaitingPayment(application: StatusParts): boolean {
  return application.status === 'DRAFT' && application.payment_status !== null;
}

/** Still being written: answered on the apply page, submitted from there. */
export function isOpenDraft(application: StatusParts): boolean {
  return application.status === 'DRAFT' && application.payment_status === null;
}

/** Where the applicant goes on with an application: the form for a draft, the record otherwise. */
export function applicationPath(
  application: StatusParts & { id: string },
  opportunitySlug: string,
): string {
  return isOpenDraft(application)
    ? `/opportunity/${opportunitySlug}/apply`
    : `/application/${application.id}`;
}
