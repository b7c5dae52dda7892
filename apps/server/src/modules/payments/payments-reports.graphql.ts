import { PAGE_SIZES, pageArgsSchema } from '@encore/core';
import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import { MoneyRef } from '../../graphql/money';
import { paginatorType, pageRequest, toPage } from '../../graphql/pagination';
import { oppScope } from '../../graphql/scopes';
import { parseInput } from '../../lib/validation';
import { PaymentStatusEnum } from '../applications/applications.refs';
import { PaymentMethodEnum, receiptPathOf } from './checkout.graphql';
import { opportunityOfSlug } from './payments-shared.graphql';
import { RefundRequestStatusEnum, latestRequestLoader, notFoundFor } from './refunds.graphql';
import type { PaymentsFilter, Revenue } from './payments-reports.service';
import type { PaymentRow } from './payments.table';
import { paymentsFilterSchema } from './payments-reports.input';

const bySlug = oppScope(
  'manage_payments',
  async (args: { opportunitySlug: string }, context) =>
    (await opportunityOfSlug(context, args.opportunitySlug)).id,
);
const managesPayments = access({
  record: 'opportunity',
  allows: ['owner', 'manager', 'admin'],
  refuses: 'NOT_FOUND',
});

/** The payments list and the revenue of an opportunity (issue 21), for its payments team. */
export function registerPaymentsReportsGraphQL(): void {
  const SortEnum = builder.enumType('PaymentsSortField', {
    values: ['CREATED_AT', 'AMOUNT', 'NAME', 'STATUS'] as const,
  });
  const FilterInput = builder.inputType('PaymentsFilterInput', {
    fields: (t) => ({
      q: t.string({ required: false, description: "Part of the payer's name or email." }),
      status: t.field({ type: PaymentStatusEnum, required: false }),
      refunded: t.boolean({ required: false, description: 'Only payments with a refund.' }),
      sort: t.field({ type: SortEnum, required: false }),
      asc: t.boolean({ required: false }),
    }),
  });

  const money = (amount: number, currency: string) => ({ amount, currency });

  const PaymentRowRef = builder.objectRef<PaymentRow>('PaymentRow').implement({
    description: 'One payment of an opportunity, as its payments list shows it.',
    fields: (t) => ({
      payment_id: t.exposeID('id'),
      application_id: t.exposeID('applicationId'),
      name: t.exposeString('payerName'),
      fee_title: t.exposeString('optionTitle', { nullable: true }),
      amount: t.field({ type: MoneyRef, resolve: (row) => money(row.amount, row.currency) }),
      status: t.field({ type: PaymentStatusEnum, resolve: (row) => row.status }),
      refund_status: t.field({
        type: RefundRequestStatusEnum,
        nullable: true,
        description: "The latest refund request's status, if any.",
        resolve: async (row, _args, context) =>
          (await latestRequestLoader(context).load(row.applicationId))?.status ?? null,
      }),
      refunded: t.field({
        type: MoneyRef,
        resolve: (row) => money(row.amountRefunded, row.currency),
      }),
      currency: t.exposeString('currency'),
      coupon: t.exposeString('couponCode', { nullable: true }),
      discount: t.field({ type: MoneyRef, resolve: (row) => money(row.discount, row.currency) }),
      discount_percent: t.exposeInt('discountPercent'),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.succeededAt ?? row.createdAt }),
      receipt: t.string({ nullable: true, resolve: (row) => receiptPathOf(row) }),
      method: t.field({ type: PaymentMethodEnum, resolve: (row) => row.method }),
    }),
  });

  const PointRef = builder.objectRef<Revenue['timeline'][number]>('RevenuePoint').implement({
    fields: (t) => ({
      date: t.exposeString('date', { description: 'A day (UTC), YYYY-MM-DD.' }),
      collected: t.exposeInt('collected', { description: 'Minor units paid that day.' }),
      refunded: t.exposeInt('refunded', { description: 'Minor units given back that day.' }),
    }),
  });

  const RevenueRef = builder.objectRef<Revenue & { releaseAt: Date | null }>('Revenue').implement({
    description: "An opportunity's money: paid in, given back, released to its organisation.",
    fields: (t) => ({
      total_applications: t.exposeInt('totalApplications'),
      collected: t.field({ type: MoneyRef, resolve: (r) => money(r.collected, r.currency) }),
      available: t.field({
        type: MoneyRef,
        description: "The organisation's share released to its balance.",
        resolve: (r) => money(r.available, r.currency),
      }),
      pending: t.field({
        type: MoneyRef,
        description: "The organisation's share still held until `release_at`.",
        resolve: (r) => money(r.pending, r.currency),
      }),
      refunded: t.field({ type: MoneyRef, resolve: (r) => money(r.refunded, r.currency) }),
      release_at: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.releaseAt }),
      timeline: t.field({ type: [PointRef], resolve: (r) => r.timeline }),
    }),
  });

  const PaymentRowPaginator = paginatorType('PaymentRow', PaymentRowRef);

  builder.queryFields((t) => ({
    opportunityPayments: t.field({
      type: PaymentRowPaginator,
      description: "An opportunity's payments (page size 10), newest first unless sorted.",
      extensions: managesPayments,
      authScopes: bySlug,
      unauthorizedError: notFoundFor('opportunity'),
      args: {
        opportunitySlug: t.arg.string({ required: true }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
        filters: t.arg({ type: FilterInput, required: false }),
      },
      resolve: async (_root, args, context) => {
        const opportunity = await opportunityOfSlug(context, args.opportunitySlug);
        const request = parseInput(
          pageArgsSchema,
          pageRequest(args, PAGE_SIZES.refundRequests),
          context.t,
          '',
        );
        const filter: PaymentsFilter = parseInput(
          paymentsFilterSchema,
          args.filters ?? {},
          context.t,
          'filters',
        );
        const { rows, total } = await context.services.payments.reports.page(
          opportunity.id,
          filter,
          request,
        );
        return toPage(rows, total, request);
      },
    }),
    opportunityRevenue: t.field({
      type: RevenueRef,
      description: "An opportunity's money in, back and released.",
      extensions: managesPayments,
      authScopes: bySlug,
      unauthorizedError: notFoundFor('opportunity'),
      args: { opportunitySlug: t.arg.string({ required: true }) },
      resolve: async (_root, args, context) => {
        const opportunity = await opportunityOfSlug(context, args.opportunitySlug);
        const [options = []] = await context.services.opportunities.paymentOptionsOf([
          opportunity.id,
        ]);
        const revenue = await context.services.payments.reports.revenue(
          opportunity.id,
          options[0]?.currency ?? 'EUR',
        );
        return {
          ...revenue,
          releaseAt: context.services.payments.payouts.releaseAtOf(opportunity, undefined),
        };
      },
    }),
  }));
}
