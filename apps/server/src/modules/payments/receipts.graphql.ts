import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import { MoneyRef } from '../../graphql/money';
import type { RefundRow } from './refunds.table';
import { PaymentStatusEnum } from '../applications/applications.refs';
import { receiptTokenOf, type ReceiptView } from './receipts.service';

/** `applicationReceipt`: a paid application's receipt, for whoever holds its link. */
export function registerReceiptsGraphQL(): void {
  const ReceiptRefundRef = builder.objectRef<RefundRow>('ReceiptRefund').implement({
    fields: (t) => ({
      amount: t.field({
        type: MoneyRef,
        resolve: (refund) => ({ amount: refund.amount, currency: refund.currency }),
      }),
      refunded_at: t.field({
        type: 'DateTime',
        resolve: (refund) => refund.succeededAt ?? refund.updatedAt,
      }),
    }),
  });

  const ReceiptRef = builder.objectRef<ReceiptView>('ApplicationReceipt').implement({
    description:
      "A paid application's receipt: what was paid, to whom, for what. Amounts are formatted in the caller's language.",
    fields: (t) => ({
      payment_id: t.id({ resolve: (receipt) => receipt.paymentId }),
      number: t.exposeInt('number'),
      paid_at: t.field({ type: 'DateTime', resolve: (receipt) => receipt.paidAt }),
      organisation_name: t.exposeString('organisationName'),
      opportunity_title: t.exposeString('opportunityTitle'),
      application_code: t.exposeString('applicationCode'),
      applicant_name: t.exposeString('applicantName'),
      applicant_email: t.exposeString('applicantEmail'),
      tier_title: t.exposeString('tierTitle', { nullable: true }),
      coupon_code: t.exposeString('couponCode', { nullable: true }),
      discount_percent: t.exposeInt('discountPercent'),
      currency: t.string({ resolve: (receipt) => receipt.currency.toUpperCase() }),
      price: t.field({
        type: MoneyRef,
        resolve: (receipt) => ({ amount: receipt.price, currency: receipt.currency }),
      }),
      discount: t.field({
        type: MoneyRef,
        resolve: (receipt) => ({ amount: receipt.discount, currency: receipt.currency }),
      }),
      platform_fee: t.field({
        type: MoneyRef,
        description: "The platform's fee, part of the total.",
        resolve: (receipt) => ({ amount: receipt.platformFee, currency: receipt.currency }),
      }),
      total: t.field({
        type: MoneyRef,
        resolve: (receipt) => ({ amount: receipt.total, currency: receipt.currency }),
      }),
      method: t.string({
        description: 'The PaymentMethod the application was paid by.',
        resolve: (receipt) => receipt.method,
      }),
      status: t.field({ type: PaymentStatusEnum, resolve: (receipt) => receipt.status }),
      refunded: t.field({
        type: MoneyRef,
        description: 'Given back so far.',
        resolve: (receipt) => ({ amount: receipt.refunded, currency: receipt.currency }),
      }),
      kept: t.field({
        type: MoneyRef,
        description: 'What the payment comes to after refunds.',
        resolve: (receipt) => ({
          amount: receipt.total - receipt.refunded,
          currency: receipt.currency,
        }),
      }),
      refunds: t.field({
        type: [ReceiptRefundRef],
        description: 'The refunds that went through, oldest first.',
        resolve: async (receipt, _args, context) =>
          (await context.services.payments.refunds.refundsOf([receipt.paymentId])).filter(
            (refund) => refund.status === 'SUCCEEDED',
          ),
      }),
      pdf_url: t.string({
        description: 'Where the receipt downloads as a PDF, in the language of the request.',
        resolve: (receipt) => `/api/receipts/${receipt.token}.pdf`,
      }),
    }),
  });

  builder.queryFields((t) => ({
    applicationReceipt: t.field({
      type: ReceiptRef,
      description:
        'The receipt behind a receipt link (`/receipt/<token>`, or the bare token). The token is the secret: whoever holds the link reads it, signed in or not. NOT_FOUND for an unknown token, or when `payment_id` is given and is not the payment of the receipt.',
      // The token is the credential, as with an unsubscribe link: no one's record is reachable
      // without it, and the same answer comes whoever asks.
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      args: {
        receipt_url: t.arg.string({ required: true }),
        payment_id: t.arg.id({ required: false }),
      },
      resolve: (_root, args, context) =>
        context.services.payments.receipts.receipt(
          receiptTokenOf(args.receipt_url),
          args.payment_id == null ? null : String(args.payment_id),
        ),
    }),
  }));
}
