import {
  PAGE_SIZES,
  REFUND_REASONS,
  REFUND_REQUEST_STATUSES,
  pageArgsSchema,
  refundAmountSchema,
  refundDecisionSchema,
  refundRequestSchema,
  type RefundRequestStatus,
} from '@encore/core';
import DataLoader from 'dataloader';
import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { MoneyRef } from '../../graphql/money';
import { paginatorType, pageRequest, toPage } from '../../graphql/pagination';
import { oppScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { ApplicationRef, applicationLoader } from '../applications/applications.refs';
import { idOf } from '../opportunities/opportunities.refs';
import { PaymentInfoRef, paymentLoader } from './checkout.graphql';
import { paymentsPolicy } from './payments.policy';
import { opportunityOfSlug, refundFailureMessage } from './payments-shared.graphql';
import type { RefundRequestRow, RefundRow } from './refunds.table';

export const RefundRequestStatusEnum = builder.enumType('RefundRequestStatus', {
  values: REFUND_REQUEST_STATUSES,
});

const requestLoaders = new WeakMap<GraphQLContext, DataLoader<string, RefundRequestRow | null>>();
const refundLoaders = new WeakMap<GraphQLContext, DataLoader<string, RefundRow[]>>();

export function latestRequestLoader(context: GraphQLContext) {
  let loader = requestLoaders.get(context);
  if (!loader) {
    loader = new DataLoader(async (applicationIds) => {
      const rows = await context.services.payments.refunds.latestRequestsOf(applicationIds);
      const byApplication = new Map(rows.map((row) => [row.applicationId, row]));
      return applicationIds.map((id) => byApplication.get(id) ?? null);
    });
    requestLoaders.set(context, loader);
  }
  return loader;
}

function refundsLoader(context: GraphQLContext) {
  let loader = refundLoaders.get(context);
  if (!loader) {
    loader = new DataLoader(async (paymentIds) => {
      const rows = await context.services.payments.refunds.refundsOf(paymentIds);
      return paymentIds.map((id) => rows.filter((row) => row.paymentId === id));
    });
    refundLoaders.set(context, loader);
  }
  return loader;
}

const actorOf = (context: GraphQLContext) => {
  const user = context.viewer.user;
  if (!user) throw AppError.unauthenticated();
  return { id: user.id, access: context.access };
};

/** The request's steps with their times, oldest first. */
function timelineOf(row: RefundRequestRow): Array<{ status: RefundRequestStatus; at: Date }> {
  const steps: Array<{ status: RefundRequestStatus; at: Date | null }> = [
    { status: 'REQUESTED', at: row.createdAt },
    { status: row.status === 'DECLINED' ? 'DECLINED' : 'APPROVED', at: row.decidedAt },
    { status: 'PROCESSING', at: row.processingAt },
    { status: row.status === 'FAILED' ? 'FAILED' : 'SUCCEEDED', at: row.completedAt },
    { status: 'CANCELED', at: row.canceledAt },
  ];
  return steps.flatMap((step) => (step.at ? [{ status: step.status, at: step.at }] : []));
}

const byRequest = oppScope('manage_payments', async (args: { id: string | number }, context) => {
  const id = idOf(args.id, 'id');
  const [row] = await context.services.payments.refunds.requestsByIds([id]);
  if (!row) throw AppError.notFound('refund_request');
  return row.opportunityId;
});
const byApplication = oppScope(
  'manage_payments',
  async (args: { id: string | number }, context) => {
    const application = await applicationLoader(context).load(idOf(args.id, 'id'));
    if (!application) throw AppError.notFound('application');
    return application.opportunityId;
  },
);
const bySlug = oppScope(
  'manage_payments',
  async (args: { opportunitySlug: string }, context) =>
    (await opportunityOfSlug(context, args.opportunitySlug)).id,
);

const managesPayments = (record: 'opportunity' | 'application' | 'refundRequest') =>
  access({ record, allows: ['owner', 'manager', 'admin'], refuses: 'NOT_FOUND' });

/**
 * What those without the opportunity's payments are told by the operations above: there is no
 * such record (as every other action on someone's application), not that it is forbidden.
 */
export const notFoundFor =
  (what: string) =>
  (_parent: unknown, _args: unknown, context: GraphQLContext): AppError =>
    context.viewer.isLoggedIn ? AppError.notFound(what) : AppError.unauthenticated();

/**
 * Refund requests and refunds (issue 21): the applicant asks and may take it back; those who
 * manage the opportunity's payments list, approve, decline, or refund directly.
 */
export function registerRefundsGraphQL(): void {
  const RefundReasonEnum = builder.enumType('RefundReason', { values: REFUND_REASONS });
  const RefundStatusEnum = builder.enumType('RefundStatus', {
    values: ['PENDING', 'SUCCEEDED', 'FAILED'] as const,
  });

  const StepRef = builder
    .objectRef<{ status: RefundRequestStatus; at: Date }>('RefundRequestStep')
    .implement({
      fields: (t) => ({
        status: t.field({ type: RefundRequestStatusEnum, resolve: (step) => step.status }),
        at: t.field({ type: 'DateTime', resolve: (step) => step.at }),
      }),
    });

  const RefundRequestRef = builder.objectRef<RefundRequestRow>('RefundRequest').implement({
    description: "An applicant's request for their fee back, and where it got to.",
    fields: (t) => ({
      id: t.exposeID('id'),
      status: t.field({ type: RefundRequestStatusEnum, resolve: (row) => row.status }),
      reason: t.field({ type: RefundReasonEnum, resolve: (row) => row.reason }),
      message: t.exposeString('message', { nullable: true }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      amount: t.field({
        type: MoneyRef,
        description: 'What was left of the fee when asked.',
        resolve: async (row, _args, context) => {
          const payment = await paymentLoader(context).load(row.applicationId);
          return { amount: row.amount, currency: payment?.currency ?? 'EUR' };
        },
      }),
      decision_note: t.exposeString('decisionNote', { nullable: true }),
      failure_reason: t.string({
        nullable: true,
        resolve: (row, _args, context) =>
          row.failureReason ? refundFailureMessage(context, row.failureReason) : null,
      }),
      timeline: t.field({ type: [StepRef], resolve: (row) => timelineOf(row) }),
      application: t.field({
        type: ApplicationRef,
        resolve: async (row, _args, context) => {
          const application = await applicationLoader(context).load(row.applicationId);
          if (!application) throw AppError.notFound('application');
          return application;
        },
      }),
      can_cancel: t.boolean({
        resolve: (row, _args, context) =>
          row.status === 'REQUESTED' && row.userId === context.viewer.user?.id,
      }),
      can_decide: t.boolean({
        resolve: async (row, _args, context) =>
          row.status === 'REQUESTED' &&
          context.viewer.isLoggedIn &&
          paymentsPolicy.manage(await context.access.opportunity(row.opportunityId)),
      }),
    }),
  });

  const RefundRef = builder.objectRef<RefundRow>('Refund').implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      amount: t.field({
        type: MoneyRef,
        resolve: (row) => ({ amount: row.amount, currency: row.currency }),
      }),
      status: t.field({ type: RefundStatusEnum, resolve: (row) => row.status }),
      automatic: t.exposeBoolean('automatic', {
        description: 'Made by the answer-by promise, not by a person.',
      }),
      failure_reason: t.string({
        nullable: true,
        resolve: (row, _args, context) =>
          row.failureReason ? refundFailureMessage(context, row.failureReason) : null,
      }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      succeeded_at: t.field({
        type: 'DateTime',
        nullable: true,
        resolve: (row) => row.succeededAt,
      }),
    }),
  });

  builder.objectFields(PaymentInfoRef, (t) => ({
    refunded: t.field({
      type: MoneyRef,
      resolve: (row) => ({ amount: row.amountRefunded, currency: row.currency }),
    }),
    refundable: t.field({
      type: MoneyRef,
      description: 'What can still be given back (card payments only).',
      resolve: (row) => ({
        amount:
          row.method === 'INTERNAL_PAYMENT' && ['SUCCEEDED', 'REFUND_FAIL'].includes(row.status)
            ? row.amount - row.amountRefunded
            : 0,
        currency: row.currency,
      }),
    }),
    refunds: t.field({
      type: [RefundRef],
      resolve: (row, _args, context) => refundsLoader(context).load(row.id),
    }),
    held_until: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        "When the organisation can be paid this fee: after the event's end and the hold (card payments only; null before the event has a date).",
      resolve: async (row, _args, context) => {
        if (row.method !== 'INTERNAL_PAYMENT' || row.releasedAt) return null;
        const [opportunity] = await context.services.opportunities.byIds([row.opportunityId]);
        return opportunity
          ? context.services.payments.payouts.releaseAtOf(opportunity, undefined)
          : null;
      },
    }),
  }));

  builder.objectFields(ApplicationRef, (t) => ({
    refund_request: t.field({
      type: RefundRequestRef,
      nullable: true,
      description: 'The latest refund request, for its applicant and those who manage payments.',
      resolve: async (application, _args, context) => {
        const viewer = context.viewer.user;
        if (!viewer) return null;
        const row = await latestRequestLoader(context).load(application.id);
        if (!row) return null;
        if (row.userId === viewer.id) return row;
        const grant = await context.access.opportunity(application.opportunityId);
        return paymentsPolicy.manage(grant) ? row : null;
      },
    }),
    can_request_refund: t.boolean({
      description: 'The viewer, its applicant, may ask for their fee back now.',
      resolve: async (application, _args, context) => {
        if (!context.viewer.user || application.userId !== context.viewer.user.id) return false;
        const [payment, request] = await Promise.all([
          paymentLoader(context).load(application.id),
          latestRequestLoader(context).load(application.id),
        ]);
        const open = request && ['REQUESTED', 'APPROVED', 'PROCESSING'].includes(request.status);
        return Boolean(
          payment &&
          !open &&
          payment.method === 'INTERNAL_PAYMENT' &&
          ['SUCCEEDED', 'REFUND_FAIL'].includes(payment.status) &&
          payment.amount > payment.amountRefunded,
        );
      },
    }),
  }));

  const RefundRequestPaginator = paginatorType('RefundRequest', RefundRequestRef);

  builder.queryFields((t) => ({
    opportunityRefundRequests: t.field({
      type: RefundRequestPaginator,
      description: "An opportunity's refund requests, newest first (page size 10).",
      extensions: managesPayments('opportunity'),
      authScopes: bySlug,
      unauthorizedError: notFoundFor('opportunity'),
      args: {
        opportunitySlug: t.arg.string({ required: true }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
        status: t.arg({ type: RefundRequestStatusEnum, required: false }),
      },
      resolve: async (_root, args, context) => {
        const opportunity = await opportunityOfSlug(context, args.opportunitySlug);
        const request = parseInput(
          pageArgsSchema,
          pageRequest(args, PAGE_SIZES.refundRequests),
          context.t,
          '',
        );
        const { rows, total } = await context.services.payments.refunds.requestsOf(
          opportunity.id,
          request,
          args.status,
        );
        return toPage(rows, total, request);
      },
    }),
  }));

  builder.mutationFields((t) => ({
    requestRefund: t.field({
      type: RefundRequestRef,
      description: 'The applicant asks for their fee back, with a reason and a message.',
      extensions: access({ record: 'application', allows: ['applicant'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      args: {
        application: t.arg.id({ required: true }),
        reason: t.arg({ type: RefundReasonEnum, required: true }),
        message: t.arg.string({ required: false }),
      },
      resolve: (_root, args, context) =>
        context.services.payments.refunds.request(
          idOf(args.application, 'application'),
          parseInput(
            refundRequestSchema,
            { reason: args.reason, message: args.message },
            context.t,
            '',
          ),
          actorOf(context),
        ),
    }),
    cancelRefundRequest: t.field({
      type: RefundRequestRef,
      description: 'The applicant takes back a request not answered yet.',
      extensions: access({ record: 'refundRequest', allows: ['applicant'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, args, context) =>
        context.services.payments.refunds.cancel(idOf(args.id, 'id'), actorOf(context)),
    }),
    approveRefundRequest: t.field({
      type: RefundRequestRef,
      description: 'Refunds what is left of the fee (approving twice refunds once).',
      extensions: managesPayments('refundRequest'),
      authScopes: byRequest,
      unauthorizedError: notFoundFor('refund_request'),
      args: { id: t.arg.id({ required: true }), note: t.arg.string({ required: false }) },
      resolve: (_root, args, context) =>
        context.services.payments.refunds.approve(
          idOf(args.id, 'id'),
          parseInput(refundDecisionSchema, { note: args.note }, context.t, '').note ?? null,
          actorOf(context),
        ),
    }),
    declineRefundRequest: t.field({
      type: RefundRequestRef,
      description: 'Declines a request, with an optional note to the applicant.',
      extensions: managesPayments('refundRequest'),
      authScopes: byRequest,
      unauthorizedError: notFoundFor('refund_request'),
      args: { id: t.arg.id({ required: true }), note: t.arg.string({ required: false }) },
      resolve: (_root, args, context) =>
        context.services.payments.refunds.decline(
          idOf(args.id, 'id'),
          parseInput(refundDecisionSchema, { note: args.note }, context.t, '').note ?? null,
          actorOf(context),
        ),
    }),
    refundApplication: t.field({
      type: PaymentInfoRef,
      description:
        "Refunds an application's fee without a request: all that is left, or `amount` (minor units) of it.",
      extensions: managesPayments('application'),
      authScopes: byApplication,
      unauthorizedError: notFoundFor('application'),
      args: { id: t.arg.id({ required: true }), amount: t.arg.int({ required: false }) },
      resolve: (_root, args, context) =>
        context.services.payments.refunds.refundApplication(
          idOf(args.id, 'id'),
          parseInput(refundAmountSchema, { amount: args.amount }, context.t, '').amount ?? null,
          actorOf(context),
        ),
    }),
  }));
}
