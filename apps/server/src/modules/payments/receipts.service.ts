import type { PaymentMethod, PaymentStatus } from '@encore/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ApplicationsService } from '../applications/applications.service';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { OrganisationsService } from '../organisations/organisations.service';
import { payments, type PaymentRow } from './payments.table';

/** What a receipt shows: the payment as it was settled, and whom it was for. Amounts in minor units. */
export interface ReceiptView {
  paymentId: string;
  token: string;
  number: number;
  paidAt: Date;
  organisationName: string;
  opportunityTitle: string;
  applicationCode: string;
  applicantName: string;
  applicantEmail: string;
  tierTitle: string | null;
  couponCode: string | null;
  discountPercent: number;
  currency: string;
  price: number;
  discount: number;
  platformFee: number;
  total: number;
  /** Given back so far (minor units). */
  refunded: number;
  method: PaymentMethod;
  status: PaymentStatus;
}

export interface ReceiptsDependencies {
  db: Database;
  organisations: Pick<OrganisationsService, 'byIds'>;
  opportunities: Pick<OpportunitiesService, 'byIds'>;
  applications: Pick<ApplicationsService, 'byIds'>;
}

/** The longest token a receipt link carries (settlement makes 24 characters). */
const TOKEN_MAX = 64;

/** `/receipt/<token>`, a full link to it, or the bare token: the token. */
export function receiptTokenOf(receiptUrl: string): string {
  const trimmed = receiptUrl.trim();
  const match = /\/receipt\/([^/?#.]+)/.exec(trimmed);
  return (match ? match[1]! : trimmed).slice(0, TOKEN_MAX);
}

/**
 * Receipts of paid applications. The token is the secret: whoever holds the link reads the
 * receipt, signed in or not (the applicant may share it with whoever reimburses them).
 */
export function createReceipts({
  db,
  organisations,
  opportunities,
  applications,
}: ReceiptsDependencies) {
  async function viewOf(payment: PaymentRow): Promise<ReceiptView> {
    const [[organisation], [opportunity], [application]] = await Promise.all([
      organisations.byIds([payment.organisationId]),
      opportunities.byIds([payment.opportunityId]),
      applications.byIds([payment.applicationId]),
    ]);
    return {
      paymentId: payment.id,
      refunded: payment.amountRefunded,
      token: payment.receiptToken!,
      number: payment.receiptNumber!,
      paidAt: payment.succeededAt ?? payment.updatedAt,
      organisationName: organisation?.name ?? '',
      opportunityTitle: opportunity?.title ?? '',
      applicationCode: application?.code ?? '',
      applicantName: application?.name ?? '',
      applicantEmail: application?.email ?? '',
      tierTitle: payment.optionTitle,
      couponCode: payment.couponCode,
      discountPercent: payment.discountPercent,
      currency: payment.currency,
      price: payment.price,
      discount: payment.discount,
      platformFee: payment.platformFee,
      total: payment.amount,
      method: payment.method,
      status: payment.status,
    };
  }

  return {
    /** The receipt behind a token; NOT_FOUND for an unknown token or a payment id that differs. */
    async receipt(token: string, paymentId?: string | null): Promise<ReceiptView> {
      if (!token || !/^[A-Za-z0-9_-]+$/.test(token)) throw AppError.notFound('receipt');
      const [payment] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.receiptToken, token), isNotNull(payments.receiptNumber)))
        .limit(1);
      if (!payment || (paymentId != null && paymentId !== payment.id)) {
        throw AppError.notFound('receipt');
      }
      return viewOf(payment);
    },

    /** A payment's receipt, for the email that sends it; null until the payment has one. */
    async ofPayment(paymentId: string): Promise<ReceiptView | null> {
      const [payment] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), isNotNull(payments.receiptToken)))
        .limit(1);
      return payment ? viewOf(payment) : null;
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
