import { ACCOUNT_HOLDER_TYPES, PAYOUT_ACCOUNT_TYPES } from '@encore/core';
import { z } from 'zod';
import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { MoneyRef } from '../../graphql/money';
import { orgScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import type { ProviderExternalAccount } from '../../lib/payments/provider';
import { OrganisationRef } from '../organisations/organisations.graphql';
import { organisationPolicy } from '../organisations/organisations.service';
import type { AccountBalance, ConnectStep } from './payment-accounts.service';
import type { PaymentAccountRow } from './payments.table';

const organisationIdSchema = z.uuid();

export const ExternalAccountRef = builder.objectRef<ProviderExternalAccount>('ExternalAccount');
export const PaymentAccountRef = builder.objectRef<PaymentAccountRow>('PaymentAccount');
/** An organisation's balance (per-currency figures and releases are added in payouts.graphql.ts). */
export const BalanceRef = builder.objectRef<AccountBalance>('AccountBalance');

/** The organisation named by an argument, or a validation error naming the argument. */
export function organisationIdOf(value: unknown): string {
  const parsed = organisationIdSchema.safeParse(value);
  if (!parsed.success) throw AppError.validation({ organisation: ['validation.in'] });
  return parsed.data;
}

export async function holderOf(context: GraphQLContext, organisationId: string) {
  const organisation = await context.services.organisations.requireById(organisationId);
  return {
    id: organisation.id,
    slug: organisation.slug,
    name: organisation.name,
    email: organisation.email,
  };
}

export const byOrganisation = orgScope('manage_payments', (args: { organisation: string }) =>
  organisationIdOf(args.organisation),
);
export const managesPayments = access({
  record: 'organisation',
  allows: ['owner', 'admin'],
  refuses: 'FORBIDDEN',
});

export function registerPaymentAccountsGraphQL(): void {
  const BusinessTypeEnum = builder.enumType('AccountHolderType', {
    values: ACCOUNT_HOLDER_TYPES,
  });
  const PayoutAccountTypeEnum = builder.enumType('PayoutAccountType', {
    values: PAYOUT_ACCOUNT_TYPES,
  });

  ExternalAccountRef.implement({
    description:
      'Where payouts go: a bank account or a debit card, known by its last four digits only.',
    fields: (t) => ({
      id: t.exposeID('id'),
      type: t.field({ type: PayoutAccountTypeEnum, resolve: (account) => account.type }),
      country: t.exposeString('country'),
      currency: t.string({ resolve: (account) => account.currency.toUpperCase() }),
      default_for_currency: t.exposeBoolean('defaultForCurrency'),
      holder_name: t.exposeString('holderName', { nullable: true }),
      last4: t.exposeString('last4'),
      status: t.exposeString('status'),
      routing_number: t.string({
        nullable: true,
        description: 'Masked: only its last four digits are shown.',
        resolve: (account) =>
          account.routingNumber ? `•••• ${account.routingNumber.slice(-4)}` : null,
      }),
      account_type: t.exposeString('accountType', { nullable: true }),
    }),
  });

  PaymentAccountRef.implement({
    description:
      "An organisation's connected account at the payment processor, as the processor last told it.",
    fields: (t) => ({
      id: t.id({ resolve: (row) => row.organisationId }),
      name: t.exposeString('name'),
      email: t.exposeString('email'),
      account_id: t.exposeString('providerAccountId'),
      country_code: t.exposeString('countryCode', { nullable: true }),
      business_type: t.field({
        type: BusinessTypeEnum,
        nullable: true,
        resolve: (row) => row.businessType,
      }),
      default_currency: t.exposeString('defaultCurrency', { nullable: true }),
      charges_enabled: t.exposeBoolean('chargesEnabled'),
      payouts_enabled: t.exposeBoolean('payoutsEnabled'),
      has_external_account: t.exposeBoolean('hasExternalAccount'),
      is_disabled: t.boolean({ resolve: (row) => row.disabledReason !== null }),
      disabled_reason: t.exposeString('disabledReason', { nullable: true }),
      requirements_due: t.exposeStringList('requirementsDue', {
        description: 'What the processor still needs (`business_type`, `external_account` …).',
      }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    }),
  });

  const ConnectStepRef = builder.objectRef<ConnectStep>('AccountConnectStep').implement({
    description: 'Where connecting a payout account stands, and the way on while something is due.',
    fields: (t) => ({
      is_done: t.exposeBoolean('is_done'),
      next: t.exposeString('next', { nullable: true }),
      url: t.exposeString('url', { nullable: true }),
    }),
  });

  BalanceRef.implement({
    description:
      "What the platform owes the organisation in its account's currency: available for payout, and in all (available and still pending).",
    fields: (t) => ({
      available: t.field({ type: MoneyRef, resolve: (balance) => balance.available }),
      total: t.field({ type: MoneyRef, resolve: (balance) => balance.total }),
    }),
  });

  builder.objectField(OrganisationRef, 'account', (t) =>
    t.field({
      type: PaymentAccountRef,
      nullable: true,
      description: "The payout account, for those who manage the organisation's payments.",
      resolve: async (organisation, _args, context) => {
        const grant = await context.access.organisation(organisation.id);
        if (!organisationPolicy.managePayments(grant)) return null;
        return (await context.services.payments.accounts.account(organisation.id)) ?? null;
      },
    }),
  );

  builder.queryFields((t) => ({
    organisationAccount: t.field({
      type: PaymentAccountRef,
      nullable: true,
      description:
        "The organisation's payout account (null before one is connected); `recheck` asks the processor again first.",
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: {
        organisation: t.arg.id({ required: true }),
        recheck: t.arg.boolean({ required: false }),
      },
      resolve: async (_root, args, context) =>
        (await context.services.payments.accounts.account(
          organisationIdOf(args.organisation),
          args.recheck === true,
        )) ?? null,
    }),
    updateAccountLink: t.field({
      type: ConnectStepRef,
      description:
        "The connect step: the organisation's account at the processor (made on the first call, once) and a fresh onboarding link while anything is due.",
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: { organisation: t.arg.id({ required: true }) },
      resolve: async (_root, args, context) =>
        context.services.payments.accounts.updateAccountLink(
          await holderOf(context, organisationIdOf(args.organisation)),
        ),
    }),
    verifyAccountLink: t.field({
      type: ConnectStepRef,
      description: "Back from the processor's onboarding: where the account stands now.",
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: { organisation: t.arg.id({ required: true }) },
      resolve: async (_root, args, context) =>
        context.services.payments.accounts.verifyAccountLink(
          await holderOf(context, organisationIdOf(args.organisation)),
        ),
    }),
    externalAccounts: t.field({
      type: [ExternalAccountRef],
      description: 'Where payouts go, as the processor keeps them.',
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: { organisation: t.arg.id({ required: true }) },
      resolve: (_root, args, context) =>
        context.services.payments.accounts.externalAccounts(organisationIdOf(args.organisation)),
    }),
    payoutAccountCurrencies: t.stringList({
      description:
        "Currencies the organisation's payouts can be made in: its account's default currency, and those of its payout destinations.",
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: { organisation: t.arg.id({ required: true }) },
      resolve: (_root, args, context) =>
        context.services.payments.accounts.payoutCurrencies(organisationIdOf(args.organisation)),
    }),
    accountBalance: t.field({
      type: BalanceRef,
      nullable: true,
      description:
        "What the organisation has earned and not yet been paid out, from the platform's books (null before an account is connected).",
      extensions: managesPayments,
      authScopes: byOrganisation,
      args: { organisation: t.arg.id({ required: true }) },
      resolve: async (_root, args, context) => {
        const organisationId = organisationIdOf(args.organisation);
        const balance = await context.services.payments.accounts.balance(organisationId);
        return balance && { ...balance, organisationId };
      },
    }),
  }));
}
