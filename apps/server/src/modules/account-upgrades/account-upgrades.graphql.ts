import { access } from '../../graphql/access-outcome';
import { pageArgsSchema, UPGRADE_STATUSES } from '@encore/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { pageRequest, paginatorType, toPage } from '../../graphql/pagination';
import { parseInput } from '../../lib/validation';
import { UserRef } from '../users/users.graphql';
import type { AccountUpgradeRequestRow } from './account-upgrades.table';

const UPGRADE_REQUESTS_PAGE_SIZE = 10;

const requestSchema = z.strictObject({
  organisation_name: z.string().trim().min(2).max(150),
  // A web page only: the administrators' list links to it, so no `javascript:` or `data:` URL.
  website: z
    .url({ protocol: /^https?$/ })
    .trim()
    .max(300)
    .nullish(),
  message: z.string().trim().min(20).max(2000),
});
const decideSchema = z.strictObject({
  id: z.uuid(),
  approve: z.boolean(),
  note: z.string().trim().max(1000).nullish(),
});

export function registerAccountUpgradesGraphQL(): void {
  const UpgradeStatusEnum = builder.enumType('UpgradeStatusValue', { values: UPGRADE_STATUSES });

  const UpgradeStatusRef = builder.objectRef<AccountUpgradeRequestRow>('UpgradeStatus').implement({
    description: "A performer's request for an organiser account and its decision.",
    fields: (t) => ({
      id: t.exposeID('id'),
      status: t.field({ type: UpgradeStatusEnum, resolve: (row) => row.status }),
      organisation_name: t.exposeString('organisationName'),
      website: t.exposeString('website', { nullable: true }),
      message: t.exposeString('message'),
      decision_note: t.exposeString('decisionNote', { nullable: true }),
      decided_at: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.decidedAt }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      user: t.field({
        type: UserRef,
        nullable: true,
        resolve: (row, _args, context) => context.services.users.findActive(row.userId),
      }),
    }),
  });
  const UpgradeStatusPaginator = paginatorType('UpgradeStatus', UpgradeStatusRef);

  const RequestAccountUpgradeInput = builder.inputType('RequestAccountUpgradeInput', {
    fields: (t) => ({
      organisation_name: t.string({ required: false }),
      website: t.string({ required: false }),
      message: t.string({ required: false }),
    }),
  });
  const DecideAccountUpgradeInput = builder.inputType('DecideAccountUpgradeInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      approve: t.boolean({ required: true }),
      note: t.string({ required: false }),
    }),
  });

  builder.queryFields((t) => ({
    upgradeStatus: t.field({
      type: UpgradeStatusRef,
      nullable: true,
      description: "The viewer's latest request for an organiser account; null when there is none.",
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      resolve: async (_root, _args, context) =>
        (await context.services.accountUpgrades.latestFor(context.viewer.user!.id)) ?? null,
    }),
    accountUpgradeRequests: t.field({
      type: UpgradeStatusPaginator,
      description: 'Requests for organiser accounts, newest first, for administrators to decide.',
      extensions: access({ record: 'upgradeRequest', allows: ['admin'], refuses: 'FORBIDDEN' }),
      authScopes: { admin: true },
      args: {
        status: t.arg({ type: UpgradeStatusEnum, required: false }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
      },
      resolve: async (_root, args, context) => {
        const request = parseInput(
          pageArgsSchema,
          pageRequest(args, UPGRADE_REQUESTS_PAGE_SIZE),
          context.t,
          '',
        );
        const { rows, total } = await context.services.accountUpgrades.list(
          args.status ?? null,
          request,
        );
        return toPage(rows, total, request);
      },
    }),
  }));

  builder.mutationFields((t) => ({
    requestAccountUpgrade: t.field({
      type: UpgradeStatusRef,
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      args: { input: t.arg({ type: RequestAccountUpgradeInput, required: true }) },
      resolve: (_root, { input }, context) =>
        context.services.accountUpgrades.request(
          context.viewer.user!.id,
          parseInput(requestSchema, input, context.t),
        ),
    }),
    cancelAccountUpgrade: t.field({
      type: UpgradeStatusRef,
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      resolve: (_root, _args, context) =>
        context.services.accountUpgrades.cancel(context.viewer.user!.id),
    }),
    decideAccountUpgrade: t.field({
      type: UpgradeStatusRef,
      extensions: access({ record: 'upgradeRequest', allows: ['admin'], refuses: 'FORBIDDEN' }),
      authScopes: { admin: true },
      args: { input: t.arg({ type: DecideAccountUpgradeInput, required: true }) },
      resolve: (_root, { input }, context) => {
        const parsed = parseInput(decideSchema, input, context.t);
        return context.services.accountUpgrades.decide(parsed.id, parsed, context.viewer.user!.id);
      },
    }),
  }));
}
