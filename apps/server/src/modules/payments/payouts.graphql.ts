import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { MoneyRef } from '../../graphql/money';
import { oppScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { idOf } from '../opportunities/opportunities.refs';
import { externalAccountInputSchema } from './external-account.input';
import { UserRef } from '../users/users.graphql';
import {
  BalanceRef,
  ExternalAccountRef,
  PaymentAccountRef,
  byOrganisation,
  managesPayments,
  organisationIdOf,
} from './payment-accounts.graphql';
import { payoutFailureMessage } from './payments-shared.graphql';
import type { PayoutRelease } from './payout-releases.service';
import type { PayoutRow } from './payouts.table';

const actorIdOf = (context: GraphQLContext) => {
  const user = context.viewer.user;
  if (!user) throw AppError.unauthenticated();
  return user.id;
};

/** A processor's id of a bank account (`ba_…`); anything else is not one of them. */
const externalAccountIdOf = (value: unknown) => {
  const id = String(value);
  if (!/^[\w-]{1,100}$/.test(id)) throw AppError.notFound('external_account');
  return id;
};

const byOpportunity = oppScope('manage_payments', (args: { opportunity: string | number }) =>
  idOf(args.opportunity, 'opportunity'),
);

/** Money out (issue 21): the balance's releases, payouts and where they go. */
export function registerPayoutsGraphQL(): void {
  const PayoutStatusEnum = builder.enumType('PayoutStatus', {
    values: ['PENDING', 'IN_TRANSIT', 'PAID', 'FAILED', 'CANCELED'] as const,
  });
  const PayoutIntervalEnum = builder.enumType('PayoutInterval', {
    values: ['WEEKLY', 'MANUAL'] as const,
  });

  const PayoutRef = builder.objectRef<PayoutRow>('Payout').implement({
    description: "Money paid out of the organisation's balance to its bank account.",
    fields: (t) => ({
      id: t.exposeID('id'),
      amount: t.field({
        type: MoneyRef,
        resolve: (row) => ({ amount: row.amount, currency: row.currency }),
      }),
      currency: t.exposeString('currency'),
      description: t.exposeString('description', { nullable: true }),
      status: t.field({ type: PayoutStatusEnum, resolve: (row) => row.status }),
      failure_code: t.exposeString('failureCode', { nullable: true }),
      failure_message: t.string({
        nullable: true,
        resolve: (row, _args, context) =>
          row.failureCode ? payoutFailureMessage(context, row.failureCode) : null,
      }),
      automatic: t.exposeBoolean('automatic'),
      created_by: t.field({
        type: UserRef,
        nullable: true,
        resolve: async (row, _args, context) =>
          row.createdBy ? ((await context.services.users.current(row.createdBy)) ?? null) : null,
      }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      arrival_date: t.field({
        type: 'DateTime',
        nullable: true,
        resolve: (row) => row.arrivalDate,
      }),
    }),
  });

  const ReleaseRef = builder.objectRef<PayoutRelease>('PayoutRelease').implement({
    description: "An opportunity's money held until its event has happened.",
    fields: (t) => ({
      opportunity_id: t.id({ resolve: (release) => release.opportunity.id }),
      opportunity_title: t.string({ resolve: (release) => release.opportunity.title }),
      opportunity_slug: t.string({ resolve: (release) => release.opportunity.slug }),
      amount: t.field({
        type: MoneyRef,
        resolve: (release) => ({ amount: release.amount, currency: release.currency }),
      }),
      release_at: t.field({
        type: 'DateTime',
        nullable: true,
        description: 'Null until the event has a date: held until it has passed.',
        resolve: (release) => release.releaseAt,
      }),
      can_request_early: t.exposeBoolean('canRequestEarly'),
    }),
  });

  const CurrencyBalanceRef = builder
    .objectRef<{
      available: { amount: number; currency: string };
      pending: { amount: number; currency: string };
      total: { amount: number; currency: string };
    }>('CurrencyBalance')
    .implement({
      fields: (t) => ({
        available: t.field({ type: MoneyRef, resolve: (balance) => balance.available }),
        pending: t.field({ type: MoneyRef, resolve: (balance) => balance.pending }),
        total: t.field({ type: MoneyRef, resolve: (balance) => balance.total }),
      }),
    });

  builder.objectFields(BalanceRef, (t) => ({
    per_currency: t.field({
      type: [CurrencyBalanceRef],
      resolve: (balance) => balance.perCurrency,
    }),
    upcoming_releases: t.field({
      type: [ReleaseRef],
      description: 'Held money per opportunity, soonest release first.',
      resolve: (balance, _args, context) =>
        balance.organisationId
          ? context.services.payments.payouts.upcomingReleases(balance.organisationId)
          : [],
    }),
    hold_days: t.int({
      description: "Days after an opportunity's event before its money can be paid out.",
      resolve: (_balance, _args, context) => context.services.payments.payoutHoldDays,
    }),
  }));

  builder.objectFields(PaymentAccountRef, (t) => ({
    payout_interval: t.field({ type: PayoutIntervalEnum, resolve: (row) => row.payoutInterval }),
    next_payout_at: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (row, _args, context) => context.services.payments.payouts.nextPayoutAt(row),
    }),
    manages_external_accounts: t.boolean({
      description:
        "Whether payout accounts are added here (the local processor) or on the processor's own pages.",
      resolve: (_row, _args, context) => context.services.payments.provider.name === 'local',
    }),
  }));

  const ExternalAccountInput = builder.inputType('ExternalAccountInput', {
    fields: (t) => ({
      country: t.string({ required: true }),
      currency: t.string({ required: true }),
      holder_name: t.string({ required: true }),
      account_number: t.string({ required: true, description: 'An IBAN or an account number.' }),
      routing_number: t.string({ required: false }),
      account_type: t.string({ required: false, description: 'individual or company' }),
    }),
  });

  builder.queryFields((t) => ({
    organisationPayouts: t.field({
      type: [PayoutRef],
      description: "The organisation's payouts, newest first.",
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: { organisation: t.arg.id({ required: true }) },
      resolve: (_root, args, context) =>
        context.services.payments.payouts.payoutsOf(organisationIdOf(args.organisation)),
    }),
  }));

  builder.mutationFields((t) => ({
    createPayout: t.field({
      type: PayoutRef,
      description: "Pays out the organisation's available balance in a currency now.",
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: {
        organisation: t.arg.id({ required: true }),
        currency: t.arg.string({ required: false }),
      },
      resolve: (_root, args, context) =>
        context.services.payments.payouts.payOutNow(
          organisationIdOf(args.organisation),
          args.currency ?? null,
          actorIdOf(context),
        ),
    }),
    updatePayoutSchedule: t.field({
      type: PaymentAccountRef,
      description: 'Weekly automatic payouts, or only when asked.',
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: {
        organisation: t.arg.id({ required: true }),
        interval: t.arg({ type: PayoutIntervalEnum, required: true }),
      },
      resolve: (_root, args, context) =>
        context.services.payments.payouts.setInterval(
          organisationIdOf(args.organisation),
          args.interval,
        ),
    }),
    requestEarlyRelease: t.field({
      type: ReleaseRef,
      description:
        "Releases an opportunity's money before the hold ends: once every paid application is decided, for an organisation that has had an event before.",
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: byOpportunity,
      args: { opportunity: t.arg.id({ required: true }) },
      resolve: (_root, args, context) =>
        context.services.payments.payouts.requestEarlyRelease(
          idOf(args.opportunity, 'opportunity'),
          actorIdOf(context),
        ),
    }),
    addExternalAccount: t.field({
      type: ExternalAccountRef,
      description: 'Adds a bank account to pay out to (local processor; Stripe keeps its own).',
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: {
        organisation: t.arg.id({ required: true }),
        input: t.arg({ type: ExternalAccountInput, required: true }),
      },
      resolve: (_root, args, context) => {
        const input = parseInput(externalAccountInputSchema, args.input, context.t);
        return context.services.payments.accounts.addExternalAccount(
          organisationIdOf(args.organisation),
          {
            country: input.country,
            currency: input.currency,
            holderName: input.holder_name,
            accountNumber: input.account_number,
            routingNumber: input.routing_number ?? undefined,
            accountType: input.account_type ?? undefined,
          },
        );
      },
    }),
    removeExternalAccount: t.field({
      type: [ExternalAccountRef],
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: { organisation: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
      resolve: (_root, args, context) =>
        context.services.payments.accounts.removeExternalAccount(
          organisationIdOf(args.organisation),
          externalAccountIdOf(args.id),
        ),
    }),
    setDefaultExternalAccount: t.field({
      type: [ExternalAccountRef],
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: { organisation: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
      resolve: (_root, args, context) =>
        context.services.payments.accounts.setDefaultExternalAccount(
          organisationIdOf(args.organisation),
          externalAccountIdOf(args.id),
        ),
    }),
  }));
}
