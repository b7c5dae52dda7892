import { access } from '../../graphql/access-outcome';
import {
  OPPORTUNITY_PERMISSIONS,
  SUPPORTED_LOCALES,
  respondToInvitationSchema,
} from '@encore/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { oppScope } from '../../graphql/scopes';
import { parseInput } from '../../lib/validation';
import { type OpportunityMemberRow } from './opportunities.service';
import {
  OpportunityMemberRef,
  OpportunityMemberRoleEnum,
  OpportunityPermissionEnum,
  OpportunityRef,
  actorOf,
  idOf,
} from './opportunities.refs';

/** An opportunity's own people: managers, reviewers and custom roles, and their invitations. */
export function registerOpportunityTeamGraphQL(): void {
  OpportunityMemberRef.implement({
    description: 'A manager, reviewer or custom role on an opportunity.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.string({
        nullable: true,
        resolve: async (member, _args, context) =>
          member.userId
            ? ((await context.services.users.current(member.userId))?.name ?? null)
            : null,
      }),
      email: t.exposeString('email'),
      role: t.field({ type: OpportunityMemberRoleEnum, resolve: (member) => member.role }),
      permissions: t.field({
        type: [OpportunityPermissionEnum],
        resolve: (member) => member.permissions,
      }),
      status: t.exposeString('status'),
    }),
  });

  // --- The opportunity's own people ---------------------------------------------------------

  const InvitationRef = builder
    .objectRef<{ member: OpportunityMemberRow; opportunityId: string }>('OpportunityInvitation')
    .implement({
      description: 'An open invitation to manage or review an opportunity.',
      fields: (t) => ({
        id: t.id({ resolve: (row) => row.member.id }),
        email: t.string({ resolve: (row) => row.member.email }),
        role: t.field({ type: OpportunityMemberRoleEnum, resolve: (row) => row.member.role }),
        permissions: t.field({
          type: [OpportunityPermissionEnum],
          resolve: (row) => row.member.permissions,
        }),
        invited_by: t.string({
          nullable: true,
          resolve: async (row, _args, context) =>
            row.member.invitedById
              ? ((await context.services.users.current(row.member.invitedById))?.name ?? null)
              : null,
        }),
        opportunity: t.field({
          type: OpportunityRef,
          resolve: (row, _args, context) =>
            context.services.opportunities.requireById(row.opportunityId),
        }),
        created_at: t.field({ type: 'DateTime', resolve: (row) => row.member.createdAt }),
      }),
    });

  builder.queryFields((t) => ({
    myOpportunityInvitations: t.field({
      type: [InvitationRef],
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      description: 'Open invitations to manage or review opportunities, for the viewer.',
      resolve: async (_root, _args, context) => {
        const actor = await actorOf(context);
        return context.services.opportunities.team.invitationsFor(actor.id, actor.email);
      },
    }),
    opportunityInvitation: t.field({
      type: InvitationRef,
      nullable: true,
      extensions: access({
        record: 'opportunityInvitation',
        allows: ['everyone'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { public: true },
      description: 'The open invitation behind an emailed link, or null when it is closed.',
      args: { token: t.arg.string({ required: true }) },
      resolve: async (_root, { token }, context) =>
        (await context.services.opportunities.team.invitationByToken(token.slice(0, 200))) ?? null,
    }),
  }));

  const InviteInput = builder.inputType('InviteOpportunityMemberInput', {
    fields: (t) => ({
      opportunity_id: t.id({ required: true }),
      email: t.string({ required: true }),
      role: t.field({ type: OpportunityMemberRoleEnum, required: true }),
      permissions: t.field({
        type: [OpportunityPermissionEnum],
        required: false,
        description: 'The permission set of a custom role.',
      }),
    }),
  });
  const ChangeRoleInput = builder.inputType('ChangeOpportunityMemberRoleInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      role: t.field({ type: OpportunityMemberRoleEnum, required: true }),
      permissions: t.field({ type: [OpportunityPermissionEnum], required: false }),
    }),
  });
  const RespondInput = builder.inputType('RespondToOpportunityInvitationInput', {
    fields: (t) => ({
      token: t.string({ required: false, description: 'From the emailed link.' }),
      id: t.id({ required: false, description: 'From myOpportunityInvitations.' }),
      accept: t.boolean({ required: true }),
    }),
  });
  const MemberIdInput = builder.inputType('OpportunityMemberIdInput', {
    fields: (t) => ({ id: t.id({ required: true }) }),
  });
  /** The opportunity a member id belongs to, for the scope of member mutations. */
  const opportunityOfMember = async (
    args: { input: { id: string | number } },
    context: GraphQLContext,
  ) =>
    (await context.services.opportunities.team.memberById(idOf(args.input.id, 'input.id')))
      .opportunityId;
  const inviteSchema = z.strictObject({
    opportunity_id: z.uuid(),
    email: z.email().trim().toLowerCase().max(254),
    role: z.enum(['manager', 'reviewer', 'custom']),
    permissions: z
      .array(z.enum(OPPORTUNITY_PERMISSIONS))
      .max(OPPORTUNITY_PERMISSIONS.length)
      .nullish(),
  });

  builder.mutationFields((t) => ({
    inviteOpportunityMember: t.field({
      type: OpportunityMemberRef,
      description:
        'Invites an address to manage or review the opportunity; the invitation is emailed.',
      args: { input: t.arg({ type: InviteInput }) },
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('full_access', (args: { input: { opportunity_id: string | number } }) =>
        idOf(args.input.opportunity_id, 'input.opportunity_id'),
      ),
      resolve: async (_root, { input }, context) => {
        const data = parseInput(inviteSchema, input, context.t);
        const inviter = await actorOf(context);
        const existing = await context.services.users.findByEmail(data.email);
        return context.services.opportunities.team.invite(
          data.opportunity_id,
          data.email,
          data.role,
          data.permissions ?? undefined,
          {
            userId: existing?.id ?? null,
            name: existing?.name ?? null,
            locale:
              SUPPORTED_LOCALES.find((locale) => locale === existing?.locale) ?? context.locale,
          },
          inviter,
        );
      },
    }),
    respondToOpportunityInvitation: t.field({
      type: OpportunityMemberRef,
      extensions: access({
        record: 'opportunityInvitation',
        // The emailed token proves the address: whoever follows the link answers it.
        allows: ['signedIn'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description: 'Accepts or declines an invitation, from the emailed link or from the list.',
      args: { input: t.arg({ type: RespondInput }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(respondToInvitationSchema, input, context.t);
        const actor = await actorOf(context);
        const answered = await context.services.opportunities.team.respond(
          data.token ? { token: data.token } : { memberId: data.id! },
          data.accept,
          actor,
        );
        context.access.forget(answered.opportunityId);
        return answered;
      },
    }),
    changeOpportunityMemberRole: t.field({
      type: OpportunityMemberRef,
      args: { input: t.arg({ type: ChangeRoleInput }) },
      extensions: access({
        record: 'opportunitySeat',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('full_access', opportunityOfMember),
      resolve: async (_root, { input }, context) => {
        return context.services.opportunities.team.changeRole(
          idOf(input.id, 'input.id'),
          input.role,
          input.permissions ?? undefined,
          await actorOf(context),
        );
      },
    }),
    removeOpportunityMember: t.field({
      type: OpportunityMemberRef,
      description: 'Takes someone off the opportunity, or withdraws their invitation.',
      args: { input: t.arg({ type: MemberIdInput }) },
      extensions: access({
        record: 'opportunitySeat',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('full_access', opportunityOfMember),
      resolve: async (_root, { input }, context) => {
        return context.services.opportunities.team.remove(
          idOf(input.id, 'input.id'),
          await actorOf(context),
        );
      },
    }),
  }));
}
