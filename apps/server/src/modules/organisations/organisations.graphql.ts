import { access } from '../../graphql/access-outcome';
import {
  MEMBER_INVITATION_STATUSES,
  ORGANISATION_PERMISSIONS,
  ORGANISATION_ROLES,
  SOCIAL_TYPES,
  createOrganisationSchema,
  inviteTeamMemberSchema,
  updateOrganisationSchema,
  type OrganisationPermission,
  type SocialLink,
  respondToInvitationSchema,
} from '@encore/core';
import DataLoader from 'dataloader';
import { z } from 'zod';
import { SUPPORTED_LOCALES, type Locale } from '@encore/core';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { orgScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { FileRef } from '../files/files.graphql';
import { CityType, CountryType } from '../lookups/lookups.graphql';
import { UserRef } from '../users/users.graphql';
import { organisationPolicy, permissionsOf, type OrganisationGrant } from './organisations.policy';
import type {
  OrganisationEventRow,
  OrganisationMemberRow,
  OrganisationRow,
} from './organisations.service';
import type { TeamActor } from './organisations.team';

const idSchema = z.uuid();
const localeOrDefault = (locale: string | null | undefined, fallback: Locale): Locale =>
  SUPPORTED_LOCALES.find((supported) => supported === locale) ?? fallback;
const roleChangeSchema = z.strictObject({ id: z.uuid(), role: z.enum(ORGANISATION_ROLES) });
const transferSchema = z.strictObject({ organisation_id: z.uuid(), member_id: z.uuid() });

/** The id an organisation-scoped argument names, checked before any scope reads the database. */
const organisationIdOf = (value: unknown, field: string) => {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw AppError.validation({ [field]: ['validation.format.uuid'] });
  return parsed.data;
};

async function signedInAccount(context: GraphQLContext) {
  const user = context.viewer.user;
  if (!user) throw AppError.unauthenticated();
  const account = await context.services.users.current(user.id);
  if (!account) throw AppError.unauthenticated();
  return account;
}

async function actorOn(context: GraphQLContext, organisationId: string): Promise<TeamActor> {
  const account = await signedInAccount(context);
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    grant: await context.access.organisation(organisationId),
  };
}

export const OrganisationRef = builder.objectRef<OrganisationRow>('Organisation');

const loaders = new WeakMap<GraphQLContext, DataLoader<string, OrganisationRow | null>>();

/** Organisations by id, read once per request in one batch (null: deleted). */
export function organisationLoader(context: GraphQLContext) {
  let loader = loaders.get(context);
  if (!loader) {
    loader = new DataLoader((ids) => context.services.organisations.byIds(ids));
    loaders.set(context, loader);
  }
  return loader;
}

export function registerOrganisationsGraphQL(): void {
  const OrganisationRoleEnum = builder.enumType('OrganisationRole', { values: ORGANISATION_ROLES });
  const OrganisationPermissionEnum = builder.enumType('OrganisationPermission', {
    values: ORGANISATION_PERMISSIONS,
  });
  const MemberStatusEnum = builder.enumType('MemberInvitationStatus', {
    values: MEMBER_INVITATION_STATUSES,
  });
  const SocialTypeEnum = builder.enumType('SocialType', { values: SOCIAL_TYPES });

  const SocialLinkRef = builder.objectRef<SocialLink>('SocialLink').implement({
    fields: (t) => ({
      type: t.field({ type: SocialTypeEnum, resolve: (link) => link.type }),
      url: t.exposeString('url'),
    }),
  });

  const TeamRoleRef = builder
    .objectRef<{ role: OrganisationGrant['role']; permissions: OrganisationPermission[] }>(
      'OrganisationTeamRole',
    )
    .implement({
      description: "The viewer's place in the team and what it allows.",
      fields: (t) => ({
        role: t.field({ type: OrganisationRoleEnum, nullable: true, resolve: (r) => r.role }),
        permissions: t.field({
          type: [OrganisationPermissionEnum],
          resolve: (r) => r.permissions,
        }),
      }),
    });

  const ViewerCanRef = builder.objectRef<OrganisationGrant>('OrganisationViewerCan').implement({
    description: 'Which actions the viewer may take on this organisation; the UI shows only these.',
    fields: (t) => ({
      view_team: t.boolean({ resolve: (grant) => organisationPolicy.seesPrivate(grant) }),
      update: t.boolean({ resolve: (grant) => organisationPolicy.update(grant) }),
      delete: t.boolean({ resolve: (grant) => organisationPolicy.delete(grant) }),
      manage_team: t.boolean({ resolve: (grant) => organisationPolicy.manageTeam(grant) }),
      manage_owners: t.boolean({ resolve: (grant) => organisationPolicy.manageOwners(grant) }),
      create_opportunity: t.boolean({
        resolve: (grant) => organisationPolicy.createOpportunity(grant),
      }),
      manage_payments: t.boolean({ resolve: (grant) => organisationPolicy.managePayments(grant) }),
      leave: t.boolean({ resolve: (grant) => organisationPolicy.leave(grant) }),
    }),
  });

  const TeamMemberRef = builder.objectRef<OrganisationMemberRow>('TeamMember');

  const grantOf = (organisation: OrganisationRow, context: GraphQLContext) =>
    context.access.organisation(organisation.id);
  /** A field only the team (and platform admins) may read; others get null, never the value. */
  const teamOnly = async <T>(
    organisation: OrganisationRow,
    context: GraphQLContext,
    value: T,
  ): Promise<T | null> =>
    organisationPolicy.seesPrivate(await grantOf(organisation, context)) ? value : null;

  OrganisationRef.implement({
    description: 'A festival, venue, competition or label that publishes opportunities.',
    fields: (t) => ({
      id: t.exposeID('id'),
      slug: t.exposeString('slug'),
      name: t.exposeString('name'),
      description: t.exposeString('description', { nullable: true }),
      website: t.exposeString('website', { nullable: true }),
      email: t.string({
        nullable: true,
        description: 'The team only.',
        resolve: (org, _args, context) => teamOnly(org, context, org.email),
      }),
      phone: t.string({
        nullable: true,
        description: 'The team only.',
        resolve: (org, _args, context) => teamOnly(org, context, org.phone),
      }),
      logo: t.loadable({
        type: FileRef,
        nullable: true,
        load: (ids: string[], context) => context.services.organisations.pictures(ids),
        sort: (file) => file.id,
        resolve: (org) => org.logoFileId,
      }),
      cover: t.loadable({
        type: FileRef,
        nullable: true,
        load: (ids: string[], context) => context.services.organisations.pictures(ids),
        sort: (file) => file.id,
        resolve: (org) => org.coverFileId,
      }),
      city: t.field({
        type: CityType,
        nullable: true,
        resolve: async (org, _args, context) =>
          org.cityId
            ? ((await context.services.lookups.citiesByIds([org.cityId], context.locale))[0] ??
              null)
            : null,
      }),
      country: t.field({
        type: CountryType,
        nullable: true,
        resolve: (org, _args, context) =>
          org.countryCode
            ? context.services.lookups.country(org.countryCode, context.locale)
            : null,
      }),
      social_links: t.field({ type: [SocialLinkRef], resolve: (org) => org.socialLinks }),
      team_role: t.field({
        type: TeamRoleRef,
        nullable: true,
        description: "The viewer's role in the team, or null outside it.",
        resolve: async (org, _args, context) => {
          const grant = await grantOf(org, context);
          return grant.role || grant.platformAdmin
            ? { role: grant.role, permissions: permissionsOf(grant) }
            : null;
        },
      }),
      viewerCan: t.field({
        type: ViewerCanRef,
        resolve: (org, _args, context) => grantOf(org, context),
      }),
      members_count: t.loadable({
        type: 'Int',
        nullable: true,
        description: 'Accepted members; the team only.',
        load: (ids: string[], context) => context.services.organisations.memberCounts(ids),
        resolve: async (org, _args, context) =>
          (await teamOnly(org, context, true)) ? org.id : null,
      }),
      created_at: t.field({ type: 'DateTime', resolve: (org) => org.createdAt }),
    }),
  });

  TeamMemberRef.implement({
    description: 'A place in a team, from the invitation on.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.string({
        nullable: true,
        description: "The member's name; null while an invitation waits for an account.",
        resolve: async (member, _args, context) =>
          member.userId
            ? ((await context.services.users.current(member.userId))?.name ?? null)
            : null,
      }),
      email: t.exposeString('email'),
      role: t.field({ type: OrganisationRoleEnum, resolve: (member) => member.role }),
      status: t.field({ type: MemberStatusEnum, resolve: (member) => member.status }),
      organisation: t.field({
        type: OrganisationRef,
        resolve: (member, _args, context) =>
          context.services.organisations.requireById(member.organisationId),
      }),
      user: t.field({
        type: UserRef,
        nullable: true,
        resolve: async (member, _args, context) =>
          member.userId ? ((await context.services.users.current(member.userId)) ?? null) : null,
      }),
      is_viewer: t.boolean({
        resolve: (member, _args, context) =>
          member.userId !== null && member.userId === context.viewer.user?.id,
      }),
      created_at: t.field({ type: 'DateTime', resolve: (member) => member.createdAt }),
      responded_at: t.field({
        type: 'DateTime',
        nullable: true,
        resolve: (member) => member.respondedAt,
      }),
    }),
  });

  const OrganisationEventRef = builder
    .objectRef<OrganisationEventRow>('OrganisationEvent')
    .implement({
      description: 'One recorded change to an organisation or its team: who, what and when.',
      fields: (t) => ({
        id: t.exposeID('id'),
        action: t.exposeString('action'),
        actor: t.field({
          type: UserRef,
          nullable: true,
          resolve: async (event, _args, context) =>
            event.actorId ? ((await context.services.users.current(event.actorId)) ?? null) : null,
        }),
        member_email: t.exposeString('memberEmail', { nullable: true }),
        details: t.field({ type: 'JSON', resolve: (event) => event.details }),
        created_at: t.field({ type: 'DateTime', resolve: (event) => event.createdAt }),
      }),
    });

  const InvitationRef = builder
    .objectRef<{ member: OrganisationMemberRow; organisation: OrganisationRow }>('TeamInvitation')
    .implement({
      description: 'An open invitation to join a team.',
      fields: (t) => ({
        id: t.id({ resolve: (row) => row.member.id }),
        email: t.string({ resolve: (row) => row.member.email }),
        role: t.field({ type: OrganisationRoleEnum, resolve: (row) => row.member.role }),
        organisation: t.field({ type: OrganisationRef, resolve: (row) => row.organisation }),
        invited_by: t.string({
          nullable: true,
          resolve: async (row, _args, context) =>
            row.member.invitedById
              ? ((await context.services.users.current(row.member.invitedById))?.name ?? null)
              : null,
        }),
        created_at: t.field({ type: 'DateTime', resolve: (row) => row.member.createdAt }),
      }),
    });

  // --- Queries ------------------------------------------------------------------------------

  builder.queryFields((t) => ({
    myOrganisations: t.field({
      type: [OrganisationRef],
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      description: 'The organisations whose team the viewer belongs to.',
      resolve: (_root, _args, context) =>
        context.services.organisations.ofUser(context.viewer.user!.id),
    }),
    organisation: t.field({
      type: OrganisationRef,
      nullable: true,
      extensions: access({ record: 'organisation', allows: ['everyone'], refuses: 'NOT_FOUND' }),
      authScopes: { public: true },
      description:
        'An organisation by its slug; an old slug finds it too (compare `slug` and redirect).',
      args: { slug: t.arg.string({ required: true }) },
      resolve: async (_root, { slug }, context) =>
        (await context.services.organisations.bySlug(slug.trim().slice(0, 100))) ?? null,
    }),
    teamMembers: t.field({
      type: [TeamMemberRef],
      description: 'The team with its open and declined invitations; the team only.',
      args: { organisation_id: t.arg.id({ required: true }) },
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'member', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope('member', (args: { organisation_id: string | number }) =>
        organisationIdOf(String(args.organisation_id), 'organisation_id'),
      ),
      resolve: (_root, args, context) =>
        context.services.organisations.team.members(String(args.organisation_id)),
    }),
    regularTeamMembers: t.field({
      type: [TeamMemberRef],
      description: 'The people in the team (accepted members), without invitations; the team only.',
      args: { organisation_id: t.arg.id({ required: true }) },
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'member', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope('member', (args: { organisation_id: string | number }) =>
        organisationIdOf(String(args.organisation_id), 'organisation_id'),
      ),
      resolve: (_root, args, context) =>
        context.services.organisations.team.members(String(args.organisation_id), ['accepted']),
    }),
    organisationEvents: t.field({
      type: [OrganisationEventRef],
      description: 'The latest recorded changes to the organisation and its team; the team only.',
      args: { organisation_id: t.arg.id({ required: true }) },
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'member', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope('member', (args: { organisation_id: string | number }) =>
        organisationIdOf(String(args.organisation_id), 'organisation_id'),
      ),
      resolve: (_root, args, context) =>
        context.services.organisations.events(String(args.organisation_id)),
    }),
    myTeamInvitations: t.field({
      type: [InvitationRef],
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      description: 'Open invitations to the viewer (by account or address).',
      resolve: async (_root, _args, context) => {
        const account = await signedInAccount(context);
        return context.services.organisations.team.invitationsFor(account.id, account.email);
      },
    }),
    teamInvitation: t.field({
      type: InvitationRef,
      nullable: true,
      extensions: access({ record: 'teamInvitation', allows: ['everyone'], refuses: 'NOT_FOUND' }),
      authScopes: { public: true },
      description: 'The open invitation behind an emailed link, or null when it is closed.',
      args: { token: t.arg.string({ required: true }) },
      resolve: async (_root, { token }, context) =>
        (await context.services.organisations.team.invitationByToken(token.slice(0, 200))) ?? null,
    }),
  }));

  // --- Mutations ----------------------------------------------------------------------------

  const SocialLinkInput = builder.inputType('SocialLinkInput', {
    fields: (t) => ({
      type: t.field({ type: SocialTypeEnum, required: true }),
      url: t.string({ required: true }),
    }),
  });
  const organisationFields = (
    t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0],
  ) => ({
    name: t.string({ required: false }),
    slug: t.string({ required: false, description: 'Derived from the name when left out.' }),
    email: t.string({ required: false }),
    description: t.string({ required: false }),
    phone: t.string({ required: false }),
    website: t.string({ required: false }),
    city_id: t.id({ required: false, description: 'A city from filterCities.' }),
    social_links: t.field({ type: [SocialLinkInput], required: false }),
    logo_file_id: t.id({
      required: false,
      description: 'A picture from uploadFile(purpose: LOGO).',
    }),
    cover_file_id: t.id({
      required: false,
      description: 'A picture from uploadFile(purpose: COVER).',
    }),
  });
  const CreateOrganisationInput = builder.inputType('CreateOrganisationInput', {
    fields: (t) => organisationFields(t),
  });
  const UpdateOrganisationInput = builder.inputType('UpdateOrganisationInput', {
    fields: (t) => ({ id: t.id({ required: true }), ...organisationFields(t) }),
  });
  const OrganisationIdInput = builder.inputType('OrganisationIdInput', {
    fields: (t) => ({ id: t.id({ required: true }) }),
  });
  const InviteTeamMemberInput = builder.inputType('InviteTeamMemberInput', {
    fields: (t) => ({
      organisation_id: t.id({ required: true }),
      email: t.string({ required: true }),
      role: t.field({ type: OrganisationRoleEnum, required: true }),
    }),
  });
  const ChangeTeamMemberRoleInput = builder.inputType('ChangeTeamMemberRoleInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      role: t.field({ type: OrganisationRoleEnum, required: true }),
    }),
  });
  const TeamMemberIdInput = builder.inputType('TeamMemberIdInput', {
    fields: (t) => ({ id: t.id({ required: true }) }),
  });
  const RespondToTeamInvitationInput = builder.inputType('RespondToTeamInvitationInput', {
    fields: (t) => ({
      token: t.string({ required: false, description: 'From the emailed link.' }),
      id: t.id({ required: false, description: 'From myTeamInvitations.' }),
      accept: t.boolean({ required: true }),
    }),
  });
  const LeaveOrganisationInput = builder.inputType('LeaveOrganisationInput', {
    fields: (t) => ({ organisation_id: t.id({ required: true }) }),
  });
  const TransferOwnershipInput = builder.inputType('TransferOrganisationOwnershipInput', {
    fields: (t) => ({
      organisation_id: t.id({ required: true }),
      member_id: t.id({ required: true }),
    }),
  });

  /** The organisation a team-member id belongs to, for scopes on member mutations. */
  const organisationOfMember = async (
    args: { input: { id: string | number } },
    context: GraphQLContext,
  ) => {
    const memberId = organisationIdOf(String(args.input.id), 'input.id');
    return (await context.services.organisations.team.memberById(memberId)).organisationId;
  };
  type InputWith<K extends string> = { input: Record<K, string | number | null | undefined> };

  builder.mutationFields((t) => ({
    createOrganisation: t.field({
      type: OrganisationRef,
      extensions: access({ record: 'own' }),
      authScopes: { organiser: true },
      description: 'Creates an organisation with the viewer as its owner.',
      args: { input: t.arg({ type: CreateOrganisationInput }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(createOrganisationSchema, input, context.t);
        const account = await signedInAccount(context);
        return context.services.organisations.create(data, account);
      },
    }),
    updateOrganisation: t.field({
      type: OrganisationRef,
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope('manage_organisation', (args: InputWith<'id'>) =>
        organisationIdOf(String(args.input.id), 'input.id'),
      ),
      args: { input: t.arg({ type: UpdateOrganisationInput }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(updateOrganisationSchema, input, context.t);
        const account = await signedInAccount(context);
        return context.services.organisations.update(data, account);
      },
    }),
    deleteOrganisation: t.field({
      type: OrganisationRef,
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope('full_access', (args: InputWith<'id'>) =>
        organisationIdOf(String(args.input.id), 'input.id'),
      ),
      description:
        'Deletes the organisation (soft): its page and team go away. Refused while a paid opportunity is scheduled, published or running.',
      args: { input: t.arg({ type: OrganisationIdInput }) },
      resolve: async (_root, { input }, context) => {
        const organisation = await context.services.organisations.requireById(String(input.id));
        // Applicants who paid are still owed their event or their refund.
        if (await context.services.opportunities.hasOpenPaidOpportunities(organisation.id)) {
          throw new AppError('CONFLICT', 'The organisation has open paid opportunities.', {
            messageKey: 'errors.organisation_has_open_paid',
          });
        }
        await context.services.organisations.delete(
          organisation.id,
          await signedInAccount(context),
        );
        return organisation;
      },
    }),
    inviteTeamMember: t.field({
      type: TeamMemberRef,
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope('manage_team_members', (args: InputWith<'organisation_id'>) =>
        organisationIdOf(String(args.input.organisation_id), 'input.organisation_id'),
      ),
      description: 'Invites an address into the team with a role; the invitation is emailed.',
      args: { input: t.arg({ type: InviteTeamMemberInput }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(inviteTeamMemberSchema, input, context.t);
        const actor = await actorOn(context, data.organisation_id);
        const existing = await context.services.users.findByEmail(data.email);
        return context.services.organisations.team.invite(
          data.organisation_id,
          data.email,
          data.role,
          {
            userId: existing?.id ?? null,
            name: existing?.name ?? null,
            locale: localeOrDefault(existing?.locale, context.locale),
          },
          actor,
        );
      },
    }),
    respondToTeamInvitation: t.field({
      type: TeamMemberRef,
      // The emailed token proves the address: whoever follows the link answers it.
      extensions: access({ record: 'teamInvitation', allows: ['signedIn'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      description: 'Accepts or declines an invitation, from the emailed link or from the list.',
      args: { input: t.arg({ type: RespondToTeamInvitationInput }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(respondToInvitationSchema, input, context.t);
        const account = await signedInAccount(context);
        const member = await context.services.organisations.team.respond(
          data.token ? { token: data.token } : { memberId: data.id! },
          data.accept,
          account,
        );
        context.access.forget(member.organisationId);
        return member;
      },
    }),
    changeTeamMemberRole: t.field({
      type: TeamMemberRef,
      extensions: access({ record: 'teamSeat', allows: ['owner', 'admin'], refuses: 'FORBIDDEN' }),
      authScopes: orgScope('manage_team_members', organisationOfMember),
      args: { input: t.arg({ type: ChangeTeamMemberRoleInput }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(roleChangeSchema, input, context.t);
        const member = await context.services.organisations.team.memberById(data.id);
        const actor = await actorOn(context, member.organisationId);
        return context.services.organisations.team.changeRole(data.id, data.role, actor);
      },
    }),
    removeTeamMember: t.field({
      type: TeamMemberRef,
      extensions: access({ record: 'teamSeat', allows: ['owner', 'admin'], refuses: 'FORBIDDEN' }),
      authScopes: orgScope('manage_team_members', organisationOfMember),
      description: 'Takes someone out of the team, or withdraws their invitation.',
      args: { input: t.arg({ type: TeamMemberIdInput }) },
      resolve: async (_root, { input }, context) => {
        const member = await context.services.organisations.team.memberById(String(input.id));
        const actor = await actorOn(context, member.organisationId);
        return context.services.organisations.team.remove(member.id, actor);
      },
    }),
    leaveOrganisation: t.field({
      type: 'Boolean',
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'member'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope('member', (args: InputWith<'organisation_id'>) =>
        organisationIdOf(String(args.input.organisation_id), 'input.organisation_id'),
      ),
      args: { input: t.arg({ type: LeaveOrganisationInput }) },
      resolve: async (_root, { input }, context) => {
        const organisationId = String(input.organisation_id);
        await context.services.organisations.team.leave(organisationId, context.viewer.user!.id);
        context.access.forget(organisationId);
        return true;
      },
    }),
    transferOrganisationOwnership: t.field({
      type: TeamMemberRef,
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope('full_access', (args: InputWith<'organisation_id'>) =>
        organisationIdOf(String(args.input.organisation_id), 'input.organisation_id'),
      ),
      description: 'Makes an accepted member the owner; the viewer stays on as an admin.',
      args: { input: t.arg({ type: TransferOwnershipInput }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(transferSchema, input, context.t);
        const actor = await actorOn(context, data.organisation_id);
        const member = await context.services.organisations.team.transferOwnership(
          data.organisation_id,
          data.member_id,
          actor,
        );
        context.access.forget(data.organisation_id);
        return member;
      },
    }),
  }));
}
