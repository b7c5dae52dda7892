import { PAYMENT_METHODS } from '@encore/core';
import DataLoader from 'dataloader';
import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { MoneyRef } from '../../graphql/money';
import { AppError } from '../../lib/errors';
import { ApplicationRef, PaymentStatusEnum } from '../applications/applications.refs';
import { PaymentOptionRef } from '../opportunities/opportunities.graphql';
import type { CheckoutPreview, CheckoutSession } from './checkout.service';
import { paymentsPolicy } from './payments.policy';
import type { PaymentRow } from './payments.table';

/** What an application paid or is paying (fields of issue 21 are added in refunds.graphql.ts). */
export const PaymentInfoRef = builder.objectRef<PaymentRow>('PaymentInfo');
export const PaymentMethodEnum = builder.enumType('PaymentMethod', { values: PAYMENT_METHODS });

const loaders = new WeakMap<GraphQLContext, DataLoader<string, PaymentRow | null>>();

/** Applications' payments, read once per request however many applications a list shows. */
export function paymentLoader(context: GraphQLContext) {
  let loader = loaders.get(context);
  if (!loader) {
    loader = new DataLoader(async (applicationIds) => {
      const rows = await context.services.payments.checkout.paymentsOf(applicationIds);
      const byApplication = new Map(rows.map((row) => [row.applicationId, row]));
      return applicationIds.map((id) => byApplication.get(id) ?? null);
    });
    loaders.set(context, loader);
  }
  return loader;
}

const signedInApplicant = (context: GraphQLContext) => {
  const user = context.viewer.user;
  if (!user) throw AppError.unauthenticated();
  return { id: user.id, access: context.access };
};

/** The receipt's address: secret, so that a link shared by its holder opens it. */
export const receiptPathOf = (payment: PaymentRow) =>
  payment.receiptToken ? `/receipt/${payment.receiptToken}` : null;

const money = (amount: number | null, currency: string) =>
  amount === null ? null : { amount, currency };

export function registerCheckoutGraphQL(): void {
  PaymentInfoRef.implement({
    description:
      "What an application paid, or is paying: the tier, the coupon and discount, the platform's fee, and the receipt once paid.",
    fields: (t) => ({
      id: t.exposeID('id'),
      status: t.field({ type: PaymentStatusEnum, resolve: (row) => row.status }),
      method: t.field({ type: PaymentMethodEnum, resolve: (row) => row.method }),
      is_external: t.boolean({ resolve: (row) => row.method === 'EXTERNAL_PAYMENT' }),
      currency: t.exposeString('currency'),
      amount: t.exposeInt('amount', { description: 'What the applicant pays, minor units.' }),
      price: t.field({ type: MoneyRef, resolve: (row) => money(row.price, row.currency)! }),
      total: t.field({ type: MoneyRef, resolve: (row) => money(row.amount, row.currency)! }),
      discount: t.exposeInt('discount', { description: 'Minor units taken off by the coupon.' }),
      discount_money: t.field({
        type: MoneyRef,
        resolve: (row) => money(row.discount, row.currency)!,
      }),
      discount_percent: t.exposeInt('discountPercent'),
      coupon: t.exposeString('couponCode', { nullable: true }),
      fee: t.exposeInt('platformFee', {
        description: "The platform's fee within the amount, minor units.",
      }),
      payment_option: t.exposeString('optionTitle', {
        nullable: true,
        description: "The tier's title as it was when paid.",
      }),
      receipt: t.string({
        nullable: true,
        description:
          "The receipt's page, once paid: for the applicant and those who manage the opportunity's payments (it names the applicant, so a blind reviewer never gets it).",
        resolve: async (row, _args, context) => {
          const viewer = context.viewer.user;
          if (!viewer || !row.receiptToken) return null;
          const grant = await context.access.opportunity(row.opportunityId);
          return paymentsPolicy.readsReceipt(grant, viewer.id, row.userId)
            ? receiptPathOf(row)
            : null;
        },
      }),
      receipt_number: t.exposeInt('receiptNumber', { nullable: true }),
      last_error: t.exposeString('lastErrorMessage', {
        nullable: true,
        description: "Why the last card was refused, in the processor's words.",
      }),
      last_error_code: t.exposeString('lastErrorCode', { nullable: true }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      paid_at: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.succeededAt }),
    }),
  });

  const CheckoutPreviewRef = builder.objectRef<CheckoutPreview>('CheckoutPreview').implement({
    description:
      'What paying comes to, before anything is taken: price, discount, total, how it divides between the organisation and the platform, and how many slots are left.',
    fields: (t) => ({
      method: t.field({ type: PaymentMethodEnum, resolve: (quote) => quote.method }),
      currency: t.exposeString('currency'),
      price: t.field({ type: MoneyRef, resolve: (quote) => money(quote.price, quote.currency)! }),
      discount: t.field({
        type: MoneyRef,
        resolve: (quote) => money(quote.discount, quote.currency)!,
      }),
      discount_percent: t.exposeInt('discountPercent'),
      total: t.field({ type: MoneyRef, resolve: (quote) => money(quote.amount, quote.currency)! }),
      platform_fee: t.field({
        type: MoneyRef,
        resolve: (quote) => money(quote.platformFee, quote.currency)!,
      }),
      organisation_receives: t.field({
        type: MoneyRef,
        resolve: (quote) => money(quote.organisationReceives, quote.currency)!,
      }),
      minimum_charge: t.field({
        type: MoneyRef,
        resolve: (quote) => money(quote.minimumCharge, quote.currency)!,
      }),
      payment_option: t.field({
        type: PaymentOptionRef,
        resolve: (quote) => ({ ...quote.option, timeZone: 'UTC' }),
      }),
      coupon: t.string({ nullable: true, resolve: (quote) => quote.coupon?.code ?? null }),
      slots_left: t.exposeInt('slotsLeft', { nullable: true }),
      applied_count: t.exposeInt('appliedCount'),
    }),
  });

  const CheckoutSessionRef = builder.objectRef<CheckoutSession>('CheckoutSession').implement({
    description:
      'A checkout under way: the payment, and while it is open what the browser needs to confirm it with the processor.',
    fields: (t) => ({
      payment: t.field({ type: PaymentInfoRef, resolve: (session) => session.payment }),
      client_secret: t.exposeString('clientSecret', { nullable: true }),
      next_action_url: t.exposeString('nextActionUrl', { nullable: true }),
      provider: t.string({
        nullable: true,
        resolve: (session) => session.payment.provider,
      }),
    }),
  });

  const CheckoutInput = builder.inputType('CheckoutInput', {
    fields: (t) => ({
      payment_option_id: t.id({ required: false }),
      coupon_code: t.string({ required: false }),
    }),
  });

  builder.objectFields(ApplicationRef, (t) => ({
    payment_info: t.field({
      type: PaymentInfoRef,
      nullable: true,
      description: "The application's payment, once checkout began.",
      resolve: async (application, _args, context) => paymentLoader(context).load(application.id),
    }),
    payment: t.field({
      type: PaymentOptionRef,
      nullable: true,
      description: 'The price tier the application is paying or paid.',
      resolve: async (application, _args, context) => {
        const payment = await paymentLoader(context).load(application.id);
        const optionId = payment?.paymentOptionId ?? application.paymentOptionId;
        if (!optionId) return null;
        const [options = []] = await context.services.opportunities.paymentOptionsOf([
          application.opportunityId,
        ]);
        const option = options.find((candidate) => candidate.id === optionId);
        return option ? { ...option, timeZone: 'UTC' } : null;
      },
    }),
  }));

  const ownApplication = access({
    record: 'application',
    allows: ['applicant'],
    refuses: 'NOT_FOUND',
  });

  builder.queryFields((t) => ({
    checkoutPreview: t.field({
      type: CheckoutPreviewRef,
      extensions: ownApplication,
      authScopes: { loggedIn: true },
      description:
        'What the applicant would pay for a tier and coupon, before paying; a coupon that cannot be used is a validation error on `input.coupon_code`.',
      args: {
        application: t.arg.id({ required: true }),
        input: t.arg({ type: CheckoutInput, required: false }),
      },
      resolve: (_root, args, context) =>
        context.services.payments.checkout.preview(
          String(args.application),
          args.input ?? {},
          signedInApplicant(context),
        ),
    }),
  }));

  builder.mutationFields((t) => ({
    startCheckout: t.field({
      type: CheckoutSessionRef,
      extensions: ownApplication,
      authScopes: { loggedIn: true },
      description:
        "Starts paying for the applicant's application (or resumes the same checkout): holds the tier's and coupon's slots and answers what the browser confirms with the processor. A 100 % coupon is paid at once.",
      args: {
        application: t.arg.id({ required: true }),
        input: t.arg({ type: CheckoutInput, required: false }),
      },
      resolve: (_root, args, context) =>
        context.services.payments.checkout.start(
          String(args.application),
          args.input ?? {},
          signedInApplicant(context),
        ),
    }),
    refreshPayment: t.field({
      type: CheckoutSessionRef,
      extensions: ownApplication,
      authScopes: { loggedIn: true },
      description:
        "Asks the processor how the applicant's payment stands (back from confirming or authenticating it).",
      args: { application: t.arg.id({ required: true }) },
      resolve: (_root, args, context) =>
        context.services.payments.checkout.refresh(
          String(args.application),
          signedInApplicant(context),
        ),
    }),
    recordExternalPayment: t.field({
      type: PaymentInfoRef,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description:
        "Records that an applicant paid on the organisation's own site (PAID_EXTERNAL): the application is sent as if paid here.",
      args: { application: t.arg.id({ required: true }) },
      resolve: (_root, args, context) =>
        context.services.payments.externalPayments.record(
          String(args.application),
          signedInApplicant(context),
        ),
    }),
  }));
}
