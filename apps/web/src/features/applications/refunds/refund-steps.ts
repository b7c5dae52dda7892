import { REFUND_LIMITS } from '@encore/core';
import type { RefundReason, RefundRequestStatus } from '../../../gql/graphql';

export { REFUND_REASONS } from '@encore/core';

/** The longest message the server takes with a request. */
export const REFUND_MESSAGE_MAX = REFUND_LIMITS.messageMax;

/** A step still ahead of a request: the team's answer, the refund under way, the money back. */
export type UpcomingStep = 'decision' | 'PROCESSING' | 'SUCCEEDED';

/** What is still to come after a request's current status; nothing once it has ended. */
export function upcomingSteps(status: RefundRequestStatus): UpcomingStep[] {
  switch (status) {
    case 'REQUESTED':
      return ['decision', 'PROCESSING', 'SUCCEEDED'];
    case 'APPROVED':
      return ['PROCESSING', 'SUCCEEDED'];
    case 'PROCESSING':
      return ['SUCCEEDED'];
    case 'DECLINED':
    case 'CANCELED':
    case 'FAILED':
    case 'SUCCEEDED':
      return [];
  }
}

export type StepTone = 'success' | 'error' | 'warning' | 'info' | 'default';

/** How a status reads at a glance; words always go with the colour. */
export function refundStatusTone(status: RefundRequestStatus): StepTone {
  switch (status) {
    case 'SUCCEEDED':
    case 'APPROVED':
      return 'success';
    case 'DECLINED':
    case 'FAILED':
      return 'error';
    case 'REQUESTED':
    case 'PROCESSING':
      return 'info';
    case 'CANCELED':
      return 'default';
  }
}

export interface RefundFormValues {
  reason: RefundReason | null;
  message: string;
}

export type RefundFormProblem = 'reasonRequired' | 'messageRequired' | 'messageTooLong';

/** What the browser can tell before asking: a reason, and words when the reason is "other". */
export function refundFormProblems({
  reason,
  message,
}: RefundFormValues): Partial<Record<'reason' | 'message', RefundFormProblem>> {
  const problems: Partial<Record<'reason' | 'message', RefundFormProblem>> = {};
  if (reason === null) problems.reason = 'reasonRequired';
  if (reason === 'OTHER' && message.trim() === '') problems.message = 'messageRequired';
  if (message.trim().length > REFUND_MESSAGE_MAX) problems.message = 'messageTooLong';
  return problems;
}
