import type { RefundReason } from '@encore/core';

/** Who a refund concerns: enough for the other side to be told without asking again. */
interface RefundParties {
  applicationId: string;
  opportunityId: string;
  organisationId: string;
  /** The applicant who paid; null once their account is gone. */
  userId: string | null;
}

/** What the refunds and payouts side of payments tells the rest of the product. */
export interface RefundEvents {
  /** An applicant asked for their fee back. */
  RefundRequested: RefundParties & {
    requestId: string;
    reason: RefundReason;
    message: string | null;
    amount: number;
    currency: string;
  };
  /** The applicant took their request back. */
  RefundRequestCanceled: RefundParties & { requestId: string };
  /** The team answered a request; an approved one is being refunded. */
  RefundRequestDecided: RefundParties & {
    requestId: string;
    decision: 'APPROVED' | 'DECLINED';
    note: string | null;
    decidedBy: string;
  };
  /** Money went back to the applicant (`automatic`: the answer-by promise came due). */
  RefundSucceeded: RefundParties & {
    refundId: string;
    requestId: string | null;
    amount: number;
    currency: string;
    automatic: boolean;
    /** Whether nothing of the fee is left with the organisation. */
    full: boolean;
  };
  /** The processor could not give the money back (an expired card …). */
  RefundFailed: RefundParties & {
    refundId: string;
    requestId: string | null;
    amount: number;
    currency: string;
    failureReason: string;
  };
  /**
   * An opportunity's answer-by date is near and paid applications are still undecided: they will
   * be refunded in full when it passes (told 48 and 24 hours before).
   */
  AnswerByApproaching: {
    opportunityId: string;
    organisationId: string;
    answerBy: string;
    hoursLeft: 48 | 24;
    undecided: number;
  };
  /** Money left the organisation's balance for its bank account. */
  PayoutSent: {
    payoutId: string;
    organisationId: string;
    amount: number;
    currency: string;
    arrivalDate: string | null;
    automatic: boolean;
  };
  /** The bank refused a payout; the money is back in the organisation's balance. */
  PayoutFailed: {
    payoutId: string;
    organisationId: string;
    amount: number;
    currency: string;
    failureCode: string;
  };
}

export const refundAggregate = (applicationId: string) => `application:${applicationId}`;
export const payoutAggregate = (organisationId: string) => `payouts:${organisationId}`;
