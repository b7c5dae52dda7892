import type { ApplicationStatus, PaymentStatus } from '@encore/core';
import type { Executor } from '../../db/client';
import type { FeatureHandlers } from '../../events/handlers';

/** What the applications feature tells the rest of the product. */
export interface ApplicationEvents {
  /**
   * An application moved, by the applicant (submitted, withdrawn), by the team, or by the product
   * (accepted at once on an automatic opportunity: one event from DRAFT to ACCEPTED).
   */
  ApplicationStatusChanged: {
    applicationId: string;
    code: string;
    applicantId: string;
    opportunityId: string;
    from: ApplicationStatus;
    to: ApplicationStatus;
    /** Who moved it; null when the product did. */
    actorId: string | null;
    /** How the application names its applicant (artist name, name), and its contact address. */
    applicantName: string;
    applicationEmail: string;
    /**
     * When it leaves DRAFT (it was submitted): the people who decide on it, as they were then. A
     * producer that moves an application out of DRAFT names them.
     */
    deciderIds?: string[];
  };
  /** A message of the conversation between the applicant and the team. */
  ApplicationMessageSent: {
    messageId: string;
    applicationId: string;
    code: string;
    opportunityId: string;
    opportunityTitle: string;
    fromOrganisation: boolean;
    senderId: string;
    /** As the recipients see the sender: the organisation's name, or the applicant's. */
    senderName: string;
    message: string;
    /** The other side: the applicant, or the team members who decide on it. */
    recipientIds: string[];
  };
  /**
   * A teammate rated an application or commented on it for the team (a private note is no one
   * else's business and tells nothing).
   */
  ApplicationReviewed: {
    applicationId: string;
    code: string;
    opportunityId: string;
    reviewerId: string;
    review:
      { kind: 'rating'; rate: number } | { kind: 'comment'; commentId: string; content: string };
    /** The people who decide on it, as they were then. */
    deciderIds: string[];
  };
  /**
   * An application still in DRAFT (being written, or waiting for its payment) whose opportunity
   * closes within CLOSING_SOON_HOURS: its applicant is reminded once per deadline.
   */
  ApplicationDeadlineApproaching: {
    applicationId: string;
    code: string;
    applicantId: string;
    opportunityId: string;
    opportunityTitle: string;
    opportunitySlug: string;
    deadlineAt: string;
    awaitingPayment: boolean;
  };
}

export const applicationAggregate = (applicationId: string) => `application:${applicationId}`;

/** What the applications feature does when events happen. */
export function applicationEventHandlers({
  markUndelivered,
}: {
  markUndelivered: (messageId: string, executor: Executor) => Promise<void>;
}) {
  return {
    name: 'applications',
    inTransaction: true,
    on: {
      // The other side could not be emailed about a message, after every try.
      async DeliveryAbandoned({ payload }, { executor }) {
        if (payload.name !== 'ApplicationMessageSent') return;
        const sent = payload.payload as ApplicationEvents['ApplicationMessageSent'];
        await markUndelivered(sent.messageId, executor);
      },
    },
  } satisfies FeatureHandlers;
}

/**
 * An application follows its payment: it shows the payment's status, and is sent once paid.
 * Outside a transaction: sending it reads who decides (the embedded database runs one statement
 * stream at a time); applying the same status twice changes nothing.
 */
export function applicationPaymentHandlers({
  applyPaymentStatus,
}: {
  applyPaymentStatus: (applicationId: string, status: PaymentStatus) => Promise<void>;
}) {
  return {
    name: 'applications-payments',
    inTransaction: false,
    on: {
      async PaymentStatusChanged({ payload }) {
        await applyPaymentStatus(payload.applicationId, payload.to);
      },
    },
  } satisfies FeatureHandlers;
}
