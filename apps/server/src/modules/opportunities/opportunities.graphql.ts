import { access, type AccessOutcome } from '../../graphql/access-outcome';
import {
  APPROVAL_TYPES,
  OPPORTUNITY_PAYMENT_TYPES,
  TIME_VISIBILITY_FIELDS,
  createOpportunitySchema,
  parseVideoLink,
  updateOpportunitySchema,
  LIVE_OPPORTUNITY_STATUSES,
} from '@encore/core';
import { createHash } from 'node:crypto';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { oppScope, orgScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { FileRef } from '../files/files.graphql';
import { CityType, CountryType, GenreRef, InstrumentRef } from '../lookups/lookups.graphql';
import { OrganisationRef, organisationLoader } from '../organisations/organisations.graphql';
import { localIn } from './opportunities.dates';
import {
  opportunityPermissionsOf,
  opportunityPolicy,
  type OpportunityEventRow,
  type OpportunityGrant,
  type OpportunityPaymentOptionRow,
  type OpportunityRow,
  type WithOrganisation,
} from './opportunities.service';
import type { SearchHit } from './opportunities.search';
import {
  OpportunityMemberRef,
  OpportunityMemberRoleEnum,
  OpportunityPermissionEnum,
  OpportunityRef,
  OpportunityStatusEnum,
  OpportunityTypeEnum,
  TargetEnum,
  actorOf,
  idOf,
} from './opportunities.refs';

/**
 * Who is looking, for counting visits once a day: the account, or for a visitor who is not
 * signed in a hash of their address and browser (never stored as such).
 */
function viewerKey(context: GraphQLContext): string {
  const user = context.viewer.user;
  if (user) return `user:${user.id}`;
  const agent = context.req.headers['user-agent'] ?? '';
  return `anon:${createHash('sha256').update(`${context.req.ip}|${agent}`).digest('base64url')}`;
}

/** An opportunity the viewer may see, or not-found: a hidden one is never told apart from none. */
async function visible(
  row: OpportunityRow | undefined,
  context: GraphQLContext,
): Promise<OpportunityRow | null> {
  if (!row) return null;
  const grant = await context.access.opportunity(row.id);
  return opportunityPolicy.view(grant, row) ? row : null;
}

const SlotsStatusRef = builder
  .objectRef<{ code: string; slots: number | null }>('SlotsStatus')
  .implement({
    description: "A tier's code and how many slots it has left.",
    fields: (t) => ({
      code: t.exposeString('code'),
      slots: t.exposeInt('slots', { nullable: true }),
    }),
  });

/** One price of an opportunity (its tiers), as other features' types show it too. */
export const PaymentOptionRef = builder.objectRef<
  OpportunityPaymentOptionRow & { timeZone: string }
>('PaymentOption');

export function registerOpportunitiesGraphQL(): void {
  const ApprovalEnum = builder.enumType('ApprovalType', { values: APPROVAL_TYPES });
  const PaymentTypeEnum = builder.enumType('OpportunityPaymentType', {
    values: OPPORTUNITY_PAYMENT_TYPES,
  });

  const TimeVisibilityRef = builder
    .objectRef<OpportunityRow['timeVisibility']>('TimeVisibility')
    .implement({
      description: 'Which times are shown to applicants (a date alone when false).',
      fields: (t) =>
        Object.fromEntries(
          TIME_VISIBILITY_FIELDS.map((field) => [
            field,
            t.boolean({ resolve: (visibility) => visibility[field] }),
          ]),
        ) as never,
    });

  const LocationRef = builder
    .objectRef<{ latitude: number; longitude: number }>('GeoPoint')
    .implement({
      fields: (t) => ({
        latitude: t.exposeFloat('latitude'),
        longitude: t.exposeFloat('longitude'),
      }),
    });

  const LocalDatesRef = builder.objectRef<OpportunityRow>('OpportunityLocalDates').implement({
    description:
      "The dates as wall-clock times in the opportunity's time zone (YYYY-MM-DD HH:mm:ss), as the wizard edits them.",
    fields: (t) => {
      const local = (pick: (row: OpportunityRow) => Date | null) =>
        t.string({
          nullable: true,
          resolve: (row) => {
            const instant = pick(row);
            return instant ? localIn(instant, row.timeZone) : null;
          },
        });
      return {
        deadline_date: local((row) => row.deadlineAt),
        start_date: local((row) => row.startsAt),
        end_date: local((row) => row.endsAt),
        publish_at: local((row) => row.publishAt),
        answer_by_date: local((row) => row.answerByAt),
      };
    },
  });

  const VideoLinkRef = builder
    .objectRef<{ url: string; provider: string; id: string; embed_url: string }>('VideoLink')
    .implement({
      fields: (t) => ({
        url: t.exposeString('url'),
        provider: t.exposeString('provider'),
        id: t.exposeString('id'),
        embed_url: t.exposeString('embed_url'),
      }),
    });

  PaymentOptionRef.implement({
    description: 'One price an applicant can choose (early bird, regular, ...).',
    fields: (t) => ({
      id: t.exposeID('id'),
      code: t.exposeString('code'),
      title: t.exposeString('title'),
      description: t.exposeString('description', { nullable: true }),
      cost: t.exposeInt('cost', { description: 'Minor units of the currency.' }),
      currency: t.exposeString('currency'),
      slots: t.exposeInt('slots', { nullable: true }),
      filled_slots: t.exposeInt('filledSlots', {
        description: 'Slots taken by applicants who paid or are paying.',
      }),
      is_used: t.boolean({
        description: 'Whether anyone has taken this price (it can then not be removed).',
        resolve: (option) => option.filledSlots > 0,
      }),
      slots_left: t.int({
        nullable: true,
        description: 'Slots still open; null without a limit.',
        resolve: (option) =>
          option.slots === null ? null : Math.max(0, option.slots - option.filledSlots),
      }),
      is_available: t.boolean({
        description:
          'Whether an applicant can still choose it: not full, and before its own deadline.',
        resolve: (option, _args, context) =>
          context.services.opportunities.tierSlots.isAvailable(option),
      }),
      deadline_date: t.field({
        type: 'DateTime',
        nullable: true,
        resolve: (option) => option.deadlineAt,
      }),
      local_deadline_date: t.string({
        nullable: true,
        resolve: (option) =>
          option.deadlineAt ? localIn(option.deadlineAt, option.timeZone) : null,
      }),
    }),
  });

  const OppRoleRef = builder.objectRef<OpportunityGrant>('OpportunityRoleGrant').implement({
    description: "The viewer's role on the opportunity and what it allows.",
    fields: (t) => ({
      role: t.field({
        type: OpportunityMemberRoleEnum,
        nullable: true,
        resolve: (grant) => grant.member?.role ?? null,
      }),
      permissions: t.field({
        type: [OpportunityPermissionEnum],
        resolve: (grant) => opportunityPermissionsOf(grant),
      }),
    }),
  });

  const ViewerCanRef = builder.objectRef<OpportunityGrant>('OpportunityViewerCan').implement({
    description: 'Which actions the viewer may take on this opportunity; the UI shows only these.',
    fields: (t) => ({
      view_team: t.boolean({ resolve: (grant) => opportunityPolicy.isTeam(grant) }),
      update: t.boolean({ resolve: (grant) => opportunityPolicy.update(grant) }),
      change_status: t.boolean({ resolve: (grant) => opportunityPolicy.changeStatus(grant) }),
      delete: t.boolean({ resolve: (grant) => opportunityPolicy.delete(grant) }),
      duplicate: t.boolean({ resolve: (grant) => opportunityPolicy.duplicate(grant) }),
      manage_team: t.boolean({ resolve: (grant) => opportunityPolicy.manageTeam(grant) }),
      manage_applications: t.boolean({
        resolve: (grant) => opportunityPolicy.manageApplications(grant),
      }),
      manage_payments: t.boolean({ resolve: (grant) => opportunityPolicy.managePayments(grant) }),
      rate: t.boolean({ resolve: (grant) => opportunityPolicy.rate(grant) }),
      comment: t.boolean({ resolve: (grant) => opportunityPolicy.comment(grant) }),
    }),
  });

  const EventRef = builder.objectRef<OpportunityEventRow>('OpportunityEvent').implement({
    description: 'One recorded change: who (null for the clock), what and when.',
    fields: (t) => ({
      id: t.exposeID('id'),
      action: t.exposeString('action'),
      actor_name: t.string({
        nullable: true,
        resolve: async (event, _args, context) =>
          event.actorId
            ? ((await context.services.users.current(event.actorId))?.name ?? null)
            : null,
      }),
      details: t.field({ type: 'JSON', resolve: (event) => event.details }),
      created_at: t.field({ type: 'DateTime', resolve: (event) => event.createdAt }),
    }),
  });

  const grantOf = (row: OpportunityRow, context: GraphQLContext) =>
    context.access.opportunity(row.id);
  const teamOnly = async <T>(
    row: OpportunityRow,
    context: GraphQLContext,
    value: () => Promise<T>,
  ) => (opportunityPolicy.isTeam(await grantOf(row, context)) ? value() : null);
  const filesOf = (ids: string[], context: GraphQLContext) =>
    ids.length === 0 ? Promise.resolve([]) : context.services.opportunities.files(ids);

  OpportunityRef.implement({
    description: 'A gig, festival slot, competition, residency... that artists apply to.',
    fields: (t) => ({
      id: t.exposeID('id'),
      slug: t.exposeString('slug'),
      title: t.exposeString('title'),
      summary: t.exposeString('summary', { nullable: true }),
      description: t.exposeString('description', {
        nullable: true,
        description: 'Sanitised HTML.',
      }),
      venue: t.exposeString('venue', { nullable: true }),
      street: t.exposeString('street', { nullable: true }),
      city: t.field({
        type: CityType,
        nullable: true,
        resolve: async (row, _args, context) =>
          row.cityId
            ? ((await context.services.lookups.citiesByIds([row.cityId], context.locale))[0] ??
              null)
            : null,
      }),
      country: t.field({
        type: CountryType,
        nullable: true,
        resolve: (row, _args, context) =>
          row.countryCode
            ? context.services.lookups.country(row.countryCode, context.locale)
            : null,
      }),
      location: t.field({
        type: LocationRef,
        nullable: true,
        resolve: (row) =>
          row.latitude !== null && row.longitude !== null
            ? { latitude: row.latitude, longitude: row.longitude }
            : null,
      }),
      time_zone: t.exposeString('timeZone'),
      deadline_date: t.field({
        type: 'DateTime',
        nullable: true,
        resolve: (row) => row.deadlineAt,
      }),
      start_date: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.startsAt }),
      end_date: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.endsAt }),
      publish_at: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.publishAt }),
      answer_by_date: t.field({
        type: 'DateTime',
        nullable: true,
        description:
          'The answer-by promise of a paid opportunity: paid applications still undecided then are refunded in full.',
        resolve: (row) => row.answerByAt,
      }),
      local_dates: t.field({ type: LocalDatesRef, resolve: (row) => row }),
      time_visibility: t.field({ type: TimeVisibilityRef, resolve: (row) => row.timeVisibility }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      organisation: t.field({
        type: OrganisationRef,
        // Lists and the page read it with the row; other reads batch it for the request.
        resolve: async (row: OpportunityRow & WithOrganisation, _args, context) => {
          const organisation =
            row.organisation !== undefined
              ? row.organisation
              : await organisationLoader(context).load(row.organisationId);
          if (!organisation) throw new Error('The organisation was deleted.');
          return organisation;
        },
      }),
      types: t.field({ type: [OpportunityTypeEnum], resolve: (row) => row.types }),
      genres: t.field({
        type: [GenreRef],
        resolve: async (row, _args, context) => {
          const catalogue = await context.services.lookups.catalogue();
          return row.genres.flatMap((slug) => catalogue.genres.get(slug) ?? []);
        },
      }),
      instruments: t.field({
        type: [InstrumentRef],
        resolve: async (row, _args, context) => {
          const catalogue = await context.services.lookups.catalogue();
          return row.instruments.flatMap((slug) => catalogue.instruments.get(slug) ?? []);
        },
      }),
      target: t.field({ type: [TargetEnum], resolve: (row) => row.target }),
      experience_level: t.stringList({ resolve: (row) => row.experienceLevel }),
      languages: t.stringList({ resolve: (row) => row.languages }),
      target_countries: t.field({
        type: [CountryType],
        resolve: async (row, _args, context) =>
          (
            await Promise.all(
              row.targetCountries.map((code) =>
                context.services.lookups.country(code, context.locale),
              ),
            )
          ).flatMap((country) => country ?? []),
      }),
      min_age: t.exposeInt('minAge', { nullable: true }),
      max_age: t.exposeInt('maxAge', { nullable: true }),
      media: t.field({
        type: [FileRef],
        resolve: (row, _args, context) => filesOf(row.mediaFileIds, context),
      }),
      gallery: t.field({
        type: [FileRef],
        resolve: (row, _args, context) => filesOf(row.galleryFileIds, context),
      }),
      logo: t.field({
        type: FileRef,
        nullable: true,
        resolve: async (row, _args, context) =>
          row.logoFileId ? ((await filesOf([row.logoFileId], context))[0] ?? null) : null,
      }),
      video_links: t.field({
        type: [VideoLinkRef],
        resolve: (row) =>
          row.videoLinks.flatMap((url) => {
            const link = parseVideoLink(url);
            return link
              ? [{ url, provider: link.provider, id: link.id, embed_url: link.embedUrl }]
              : [];
          }),
      }),
      distance: t.float({
        nullable: true,
        description: 'Kilometres from the place searched around (opportunitySearch only).',
        resolve: (row) => ('distanceKm' in row ? ((row as SearchHit).distanceKm ?? null) : null),
      }),
      is_draft: t.boolean({ resolve: (row) => row.status === 'DRAFT' }),
      opp_status: t.field({ type: OpportunityStatusEnum, resolve: (row) => row.status }),
      is_open: t.boolean({
        description:
          'Taking applications now: published or running, before its deadline, not closed by hand.',
        resolve: (row, _args, context) => context.services.opportunities.isOpen(row),
      }),
      is_private: t.exposeBoolean('isPrivate'),
      is_virtual: t.exposeBoolean('isVirtual'),
      is_worldwide: t.exposeBoolean('isWorldwide'),
      approval_type: t.field({ type: ApprovalEnum, resolve: (row) => row.approvalType }),
      blind_review: t.boolean({
        description: 'Reviewers without manage_applications do not see who applied.',
        resolve: (row) => row.blindReview,
      }),
      payment_type: t.field({ type: PaymentTypeEnum, resolve: (row) => row.paymentType }),
      is_paid: t.boolean({ resolve: (row) => row.paymentType !== 'FREE' }),
      external_payment_url: t.exposeString('externalPaymentUrl', { nullable: true }),
      payment_options: t.field({
        type: [PaymentOptionRef],
        resolve: async (row, _args, context) => {
          const [options] = await context.services.opportunities.paymentOptionsOf([row.id]);
          return (options ?? []).map((option) => ({ ...option, timeZone: row.timeZone }));
        },
      }),
      payment_details: t.field({
        type: PaymentOptionRef,
        nullable: true,
        description:
          'The price an applicant is offered now: the first tier still open (an early bird until it fills or closes, then the next); null when free or when none is open.',
        resolve: async (row, _args, context) => {
          if (row.paymentType === 'FREE') return null;
          const { opportunities } = context.services;
          const [options = []] = await opportunities.paymentOptionsOf([row.id]);
          const open = options.find((option) => opportunities.tierSlots.isAvailable(option));
          return open ? { ...open, timeZone: row.timeZone } : null;
        },
      }),
      slots_status: t.field({
        type: [SlotsStatusRef],
        description: "Each tier's code and the slots it has left (null without a limit).",
        resolve: async (row, _args, context) => {
          const [options = []] = await context.services.opportunities.paymentOptionsOf([row.id]);
          return options.map((option) => ({
            code: option.code,
            slots: option.slots === null ? null : Math.max(0, option.slots - option.filledSlots),
          }));
        },
      }),
      managers: t.field({
        type: [OpportunityMemberRef],
        nullable: true,
        description: 'The team side only.',
        resolve: (row, _args, context) =>
          teamOnly(row, context, async () =>
            (await context.services.opportunities.members(row.id)).filter(
              (m) => m.role === 'manager',
            ),
          ),
      }),
      reviewers: t.field({
        type: [OpportunityMemberRef],
        nullable: true,
        description: 'Reviewers and custom roles; the team side only.',
        resolve: (row, _args, context) =>
          teamOnly(row, context, async () =>
            (await context.services.opportunities.members(row.id)).filter(
              (m) => m.role !== 'manager',
            ),
          ),
      }),
      opp_role: t.field({
        type: OppRoleRef,
        nullable: true,
        description: "The viewer's role and permissions, or null without any.",
        resolve: async (row, _args, context) => {
          const grant = await grantOf(row, context);
          return opportunityPermissionsOf(grant).length > 0 || grant.member ? grant : null;
        },
      }),
      viewerCan: t.field({
        type: ViewerCanRef,
        resolve: (row, _args, context) => grantOf(row, context),
      }),
    }),
  });

  // --- Queries ------------------------------------------------------------------------------

  builder.queryFields((t) => ({
    opportunity: t.field({
      type: OpportunityRef,
      nullable: true,
      extensions: access({
        record: 'draft',
        allows: ['owner', 'member', 'admin'],
        refuses: 'HIDDEN',
      }),
      authScopes: { public: true },
      description:
        'An opportunity by its slug (an old slug finds it too). Drafts and scheduled ones are for their team; deleted ones are gone.',
      args: { slug: t.arg.string({ required: true }) },
      resolve: async (_root, { slug }, context) => {
        const row = await visible(
          await context.services.opportunities.bySlug(slug.trim().slice(0, 100)),
          context,
        );
        if (row && !opportunityPolicy.isTeam(await context.access.opportunity(row.id))) {
          context.services.opportunities.recordView(row.id, viewerKey(context));
        }
        return row;
      },
    }),
    organisationOpportunities: t.field({
      type: [OpportunityRef],
      extensions: access({ record: 'organisation', allows: ['everyone'], refuses: 'NOT_FOUND' }),
      authScopes: { public: true },
      description:
        "An organisation's opportunities, newest first: its team sees drafts, scheduled and private ones too; everyone else the public, listed ones.",
      args: {
        organisation: t.arg.id({ required: true, description: 'The organisation id.' }),
        statuses: t.arg({ type: [OpportunityStatusEnum], required: false }),
      },
      resolve: async (_root, args, context) => {
        const organisationId = idOf(args.organisation, 'organisation');
        const grant = await context.access.organisation(organisationId);
        const team = grant.role !== null || grant.platformAdmin;
        const wanted = args.statuses ?? undefined;
        const rows = await context.services.opportunities.ofOrganisation(organisationId, wanted);
        return team ? rows : rows.filter((row) => isListed(row));
      },
    }),
    opportunityEventsLog: t.field({
      type: [EventRef],
      description: 'Recorded changes to an opportunity, newest first; its team only.',
      args: { id: t.arg.id({ required: true }) },
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'reviewer', 'member', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('team', (args: { id: string | number }) => idOf(args.id, 'id')),
      resolve: (_root, args, context) => context.services.opportunities.events(String(args.id)),
    }),
  }));

  // --- Mutations ----------------------------------------------------------------------------

  const TimeVisibilityInput = builder.inputType('TimeVisibilityInput', {
    fields: (t) => ({
      start_time: t.boolean({ required: true }),
      end_time: t.boolean({ required: true }),
      deadline_time: t.boolean({ required: true }),
    }),
  });
  const PaymentOptionInput = builder.inputType('PaymentOptionInput', {
    fields: (t) => ({
      id: t.id({ required: false, description: 'An option saved before; absent for a new one.' }),
      title: t.string({ required: true }),
      description: t.string({ required: false }),
      cost: t.int({ required: true, description: 'Minor units of the currency.' }),
      currency: t.string({ required: true }),
      slots: t.int({ required: false }),
      deadline_date: t.string({
        required: false,
        description: 'Wall-clock time in the time zone.',
      }),
    }),
  });
  const draftFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
    title: t.string({ required: false }),
    slug: t.string({ required: false }),
    summary: t.string({ required: false }),
    description: t.string({ required: false, description: 'HTML; sanitised on save.' }),
    venue: t.string({ required: false }),
    street: t.string({ required: false }),
    city_id: t.id({ required: false, description: 'A city from filterCities.' }),
    time_zone: t.string({ required: false, description: 'IANA time zone, such as Europe/Lisbon.' }),
    deadline_date: t.string({ required: false, description: 'Wall-clock time in the time zone.' }),
    start_date: t.string({ required: false }),
    end_date: t.string({ required: false }),
    publish_at: t.string({ required: false }),
    answer_by_date: t.string({
      required: false,
      description:
        'Wall-clock time in the time zone; paid opportunities only, after the deadline and by the start.',
    }),
    time_visibility: t.field({ type: TimeVisibilityInput, required: false }),
    types: t.field({ type: [OpportunityTypeEnum], required: false }),
    genres: t.stringList({ required: false }),
    instruments: t.stringList({ required: false }),
    target: t.field({ type: [TargetEnum], required: false }),
    experience_level: t.stringList({ required: false }),
    languages: t.stringList({ required: false }),
    target_countries: t.stringList({ required: false }),
    min_age: t.int({ required: false }),
    max_age: t.int({ required: false }),
    media_file_ids: t.idList({ required: false }),
    gallery_file_ids: t.idList({ required: false }),
    logo_file_id: t.id({ required: false }),
    video_links: t.stringList({ required: false }),
    is_private: t.boolean({ required: false }),
    is_virtual: t.boolean({ required: false }),
    is_worldwide: t.boolean({ required: false }),
    approval_type: t.field({ type: ApprovalEnum, required: false }),
    blind_review: t.boolean({ required: false }),
    payment_type: t.field({ type: PaymentTypeEnum, required: false }),
    external_payment_url: t.string({ required: false }),
    payment_options: t.field({ type: [PaymentOptionInput], required: false }),
  });
  const CreateInput = builder.inputType('CreateOpportunityInput', {
    fields: (t) => ({ organisation_id: t.id({ required: true }), ...draftFields(t) }),
  });
  const UpdateInput = builder.inputType('UpdateOpportunityInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      confirm_changes: t.boolean({
        required: false,
        description: 'Confirms an earlier deadline or new prices on a published opportunity.',
      }),
      ...draftFields(t),
    }),
  });
  const IdInput = builder.inputType('OpportunityIdInput', {
    fields: (t) => ({ id: t.id({ required: true }) }),
  });

  type WithId = { input: { id: string | number } };
  const byInputId = (args: WithId) => idOf(args.input.id, 'input.id');
  type Change = (
    opportunities: GraphQLContext['services']['opportunities'],
    id: string,
    actor: { id: string; email: string },
  ) => Promise<OpportunityRow>;
  const MANAGERS = { allows: ['owner', 'manager', 'admin'], refuses: 'FORBIDDEN' } as const;
  const CHANGES: Array<
    [string, string, 'manage_opportunity' | 'full_access', Change, AccessOutcome]
  > = [
    [
      'publishOpportunity',
      'Publishes a complete draft: live now, or scheduled for its publish_at.',
      'manage_opportunity',
      (service, id, actor) => service.publish(id, actor),
      { record: 'draft', allows: ['owner', 'admin'], refuses: 'FORBIDDEN' },
    ],
    [
      'unpublishOpportunity',
      'Takes a scheduled opportunity back to a draft.',
      'manage_opportunity',
      (service, id, actor) => service.unpublish(id, actor),
      { record: 'opportunity', ...MANAGERS },
    ],
    [
      'closeOpportunity',
      'Stops taking applications now.',
      'manage_opportunity',
      (service, id, actor) => service.close(id, actor),
      { record: 'opportunity', ...MANAGERS },
    ],
    [
      'reopenOpportunity',
      'Takes applications again after a close by hand, before the deadline.',
      'manage_opportunity',
      (service, id, actor) => service.reopen(id, actor),
      { record: 'opportunity', ...MANAGERS },
    ],
    [
      'archiveOpportunity',
      'Archives the opportunity.',
      'manage_opportunity',
      (service, id, actor) => service.archive(id, actor),
      { record: 'opportunity', ...MANAGERS },
    ],
    [
      'deleteOpportunity',
      'Deletes the opportunity (soft): gone from every page and list.',
      'full_access',
      (service, id, actor) => service.remove(id, actor),
      { record: 'opportunity', ...MANAGERS },
    ],
  ];
  for (const [name, description, permission, change, outcome] of CHANGES) {
    builder.mutationField(name, (t) =>
      t.field({
        type: OpportunityRef,
        description,
        args: { input: t.arg({ type: IdInput }) },
        extensions: access(outcome),
        authScopes: oppScope(permission, byInputId),
        resolve: async (_root, { input }, context) =>
          change(
            context.services.opportunities,
            idOf(input.id, 'input.id'),
            await actorOf(context),
          ),
      }),
    );
  }

  builder.mutationFields((t) => ({
    createOpportunity: t.field({
      type: OpportunityRef,
      description: 'Starts a draft for the organisation; the creator becomes its manager.',
      args: { input: t.arg({ type: CreateInput }) },
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope(
        'create_opportunity',
        (args: { input: { organisation_id: string | number } }) =>
          idOf(args.input.organisation_id, 'input.organisation_id'),
      ),
      resolve: async (_root, { input }, context) => {
        const data = parseInput(createOpportunitySchema, input, context.t);
        return context.services.opportunities.create(data, await actorOf(context));
      },
    }),
    updateOpportunity: t.field({
      type: OpportunityRef,
      description: 'Saves a wizard step: the fields given change, the rest stay.',
      args: { input: t.arg({ type: UpdateInput }) },
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('manage_opportunity', byInputId),
      resolve: async (_root, { input }, context) => {
        const data = parseInput(updateOpportunitySchema, input, context.t);
        return context.services.opportunities.update(data, await actorOf(context));
      },
    }),
    duplicateOpportunity: t.field({
      type: OpportunityRef,
      description: 'A new draft with the same content, dates and prices.',
      args: { input: t.arg({ type: IdInput }) },
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('manage_opportunity', byInputId),
      resolve: async (_root, { input }, context) => {
        const id = idOf(input.id, 'input.id');
        if (!opportunityPolicy.duplicate(await context.access.opportunity(id))) {
          throw AppError.forbidden();
        }
        return context.services.opportunities.duplicate(id, await actorOf(context));
      },
    }),
  }));
}

/** Shown in lists to everyone: live and not private. */
function isListed(row: OpportunityRow): boolean {
  return !row.isPrivate && (LIVE_OPPORTUNITY_STATUSES as readonly string[]).includes(row.status);
}
