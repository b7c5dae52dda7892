import type {
  ApplicationStatus,
  OpportunityPaymentType,
  PaymentStatus,
} from '../../../gql/graphql';

/** Where an application's payment stands, in the words the team and the applicant read. */
export type PaymentStage =
  /** Sent to a paid opportunity, nothing paid yet (no checkout, or one not yet confirmed). */
  | 'awaiting'
  /** The applicant is paying: the processor is confirming, authenticating or capturing. */
  | 'paying'
  /** The last card was refused; the applicant can try again. */
  | 'declined'
  | 'paid'
  | 'canceled'
  | 'refunded'
  | 'refund_failed';

interface StageParts {
  payment_status: PaymentStatus | null;
  payment_info?: { status: PaymentStatus; last_error?: string | null } | null;
}

/** The stage of an application's payment; null when it has nothing to pay. */
export function paymentStageOf(application: StageParts): PaymentStage | null {
  const info = application.payment_info ?? null;
  const status = info?.status ?? application.payment_status;
  switch (status) {
    case null:
    case undefined:
      return null;
    case 'SUCCEEDED':
      return 'paid';
    case 'CANCELED':
      return 'canceled';
    case 'REFUNDED':
      return 'refunded';
    case 'REFUND_FAIL':
      return 'refund_failed';
    case 'FAILED':
      return 'declined';
    case 'REQUIRES_CREATION':
      return 'awaiting';
    // After a refusal the processor asks for another card: the reason says it was a decline.
    case 'REQUIRES_METHOD':
      return info?.last_error ? 'declined' : 'awaiting';
    case 'REQUIRES_CONFIRMATION':
    case 'REQUIRES_ACTION':
    case 'REQUIRES_CAPTURE':
    case 'PROCESSING':
      return 'paying';
  }
}

interface RecordParts {
  status: ApplicationStatus;
  payment_status: PaymentStatus | null;
  opportunity: { payment_type: OpportunityPaymentType; viewerCan?: { manage_payments: boolean } };
}

/**
 * The team may record a payment taken on the organisation's own site: a PAID_EXTERNAL opportunity,
 * an application sent and waiting for it, and a viewer who manages the opportunity's payments.
 */
export function canRecordExternalPayment(application: RecordParts): boolean {
  return (
    application.opportunity.payment_type === 'PAID_EXTERNAL' &&
    application.status === 'DRAFT' &&
    application.payment_status === 'REQUIRES_CREATION' &&
    application.opportunity.viewerCan?.manage_payments === true
  );
}
