import {
  APPROVAL_TYPES,
  OPPORTUNITY_PAYMENT_TYPES,
  OPPORTUNITY_PERMISSIONS,
  OPPORTUNITY_STATUSES,
  OPPORTUNITY_TYPES,
  SUPPORTED_LOCALES,
  SORT_FIELDS,
  SEARCH_LIMITS,
  PAGE_SIZES,
  DEFAULT_PAGE,
  pageArgsSchema,
  opportunitySearchSchema,
  TIME_VISIBILITY_FIELDS,
  createOpportunitySchema,
  parseVideoLink,
  updateOpportunitySchema,
} from '@encore/core';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { paginatorInfoType, paginatorType, toPage, type Page } from '../../graphql/pagination';
import { oppScope, orgScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { FileRef } from '../files/files.graphql';
import {
  CityType,
  CountryType,
  GenreRef,
  InstrumentRef,
  targetUserEnum,
} from '../lookups/lookups.graphql';
import { OrganisationRef } from '../organisations/organisations.graphql';
import { localIn } from './opportunities.dates';
import {
  opportunityPermissionsOf,
  opportunityPolicy,
  type OpportunityEventRow,
  type OpportunityGrant,
  type OpportunityMemberRow,
  type OpportunityPaymentOptionRow,
  type OpportunityRow,
} from './opportunities.service';
import type { FacetCount, SearchHit, SearchResult } from './opportunities.search';

export const OpportunityRef = builder.objectRef<OpportunityRow>('Opportunity');

const ALL_OPPORTUNITIES_LIMIT = 100;

const idSchema = z.uuid();
const idOf = (value: unknown, field: string) => {
  const parsed = idSchema.safeParse(String(value));
  if (!parsed.success) throw AppError.validation({ [field]: ['validation.format.uuid'] });
  return parsed.data;
};

async function actorOf(context: GraphQLContext) {
  const user = context.viewer.user;
  if (!user) throw AppError.unauthenticated();
  const account = await context.services.users.current(user.id);
  if (!account) throw AppError.unauthenticated();
  return { id: account.id, email: account.email, name: account.name };
}

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

export function registerOpportunitiesGraphQL(): void {
  const StatusEnum = builder.enumType('OpportunityStatus', { values: OPPORTUNITY_STATUSES });
  const TypeEnum = builder.enumType('OpportunityType', { values: OPPORTUNITY_TYPES });
  const ApprovalEnum = builder.enumType('ApprovalType', { values: APPROVAL_TYPES });
  const PaymentTypeEnum = builder.enumType('OpportunityPaymentType', {
    values: OPPORTUNITY_PAYMENT_TYPES,
  });
  const PermissionEnum = builder.enumType('OpportunityPermission', {
    values: OPPORTUNITY_PERMISSIONS,
  });
  const MemberRoleEnum = builder.enumType('OpportunityMemberRole', {
    values: ['manager', 'reviewer', 'custom'] as const,
  });
  const TargetEnum = targetUserEnum();

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

  const PaymentOptionRef = builder
    .objectRef<OpportunityPaymentOptionRow & { timeZone: string }>('PaymentOption')
    .implement({
      description: 'One price an applicant can choose (early bird, regular, ...).',
      fields: (t) => ({
        id: t.exposeID('id'),
        code: t.exposeString('code'),
        title: t.exposeString('title'),
        description: t.exposeString('description', { nullable: true }),
        cost: t.exposeInt('cost', { description: 'Minor units of the currency.' }),
        currency: t.exposeString('currency'),
        slots: t.exposeInt('slots', { nullable: true }),
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
        type: MemberRoleEnum,
        nullable: true,
        resolve: (grant) => grant.member?.role ?? null,
      }),
      permissions: t.field({
        type: [PermissionEnum],
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

  const MemberRef = builder.objectRef<OpportunityMemberRow>('OpportunityMember').implement({
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
      role: t.field({ type: MemberRoleEnum, resolve: (member) => member.role }),
      permissions: t.field({ type: [PermissionEnum], resolve: (member) => member.permissions }),
      status: t.exposeString('status'),
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
      local_dates: t.field({ type: LocalDatesRef, resolve: (row) => row }),
      time_visibility: t.field({ type: TimeVisibilityRef, resolve: (row) => row.timeVisibility }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      organisation: t.loadable({
        type: OrganisationRef,
        load: async (ids: string[], context) =>
          (await context.services.organisations.byIds(ids)).map(
            (row) => row ?? new Error('The organisation was deleted.'),
          ),
        resolve: (row) => row.organisationId,
      }),
      types: t.field({ type: [TypeEnum], resolve: (row) => row.types }),
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
      opp_status: t.field({ type: StatusEnum, resolve: (row) => row.status }),
      is_open: t.boolean({
        description:
          'Taking applications now: published or running, before its deadline, not closed by hand.',
        resolve: (row, _args, context) => context.services.opportunities.isOpen(row),
      }),
      is_private: t.exposeBoolean('isPrivate'),
      is_virtual: t.exposeBoolean('isVirtual'),
      is_worldwide: t.exposeBoolean('isWorldwide'),
      approval_type: t.field({ type: ApprovalEnum, resolve: (row) => row.approvalType }),
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
      managers: t.field({
        type: [MemberRef],
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
        type: [MemberRef],
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
          const key = viewerKey(context);
          context.services.opportunities
            .recordView(row.id, key)
            .catch((error: unknown) =>
              context.log.warn({ err: error }, 'opportunity view not recorded'),
            );
        }
        return row;
      },
    }),
    organisationOpportunities: t.field({
      type: [OpportunityRef],
      authScopes: { public: true },
      description:
        "An organisation's opportunities, newest first: its team sees drafts, scheduled and private ones too; everyone else the public, listed ones.",
      args: {
        organisation: t.arg.id({ required: true, description: 'The organisation id.' }),
        statuses: t.arg({ type: [StatusEnum], required: false }),
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
      authScopes: oppScope('team', (args: { id: string | number }) => idOf(args.id, 'id')),
      resolve: (_root, args, context) => context.services.opportunities.events(String(args.id)),
    }),
  }));

  // --- Search -------------------------------------------------------------------------------

  const SortFieldEnum = builder.enumType('OpportunitySortField', { values: SORT_FIELDS });
  const GeoPointInput = builder.inputType('GeoPointInput', {
    fields: (t) => ({
      latitude: t.float({ required: true }),
      longitude: t.float({ required: true }),
    }),
  });
  const SortInput = builder.inputType('OpportunitySortInput', {
    fields: (t) => ({
      field: t.field({ type: SortFieldEnum, required: true }),
      asc: t.boolean({ required: false }),
    }),
  });
  const SearchInput = builder.inputType('OpportunitySearchInput', {
    description: 'Every part is optional; without any, the newest public opportunities.',
    fields: (t) => ({
      query: t.string({
        required: false,
        description:
          'Words of the title, summary, description or organisation; accents and small typos do not matter.',
      }),
      near: t.field({
        type: GeoPointInput,
        required: false,
        description: 'Search around a point…',
      }),
      city_id: t.id({ required: false, description: '…or around a city from filterCities.' }),
      radius_km: t.float({ required: false, description: 'Default 50.' }),
      order_by_distance: t.boolean({ required: false }),
      include_virtual: t.boolean({ required: false, description: 'Default true.' }),
      include_worldwide: t.boolean({ required: false, description: 'Default true.' }),
      types: t.field({ type: [TypeEnum], required: false }),
      genres: t.stringList({ required: false }),
      instruments: t.stringList({ required: false }),
      target: t.field({ type: [TargetEnum], required: false }),
      experience_level: t.stringList({ required: false }),
      languages: t.stringList({ required: false }),
      target_countries: t.stringList({
        required: false,
        description: 'Open to applicants from one of these countries (or from anywhere).',
      }),
      age: t.int({ required: false, description: "The applicant's age, within the age limits." }),
      is_free: t.boolean({ required: false }),
      price_min: t.int({ required: false, description: 'Cheapest price, minor units.' }),
      price_max: t.int({ required: false }),
      deadline_from: t.string({ required: false, description: 'YYYY-MM-DD' }),
      deadline_to: t.string({ required: false, description: 'YYYY-MM-DD' }),
      open_only: t.boolean({ required: false, description: 'Only those taking applications now.' }),
      sort: t.field({
        type: SortInput,
        required: false,
        description: 'Default RECENT, descending.',
      }),
    }),
  });
  const FacetRef = builder.objectRef<FacetCount>('FacetCount').implement({
    fields: (t) => ({ value: t.exposeString('value'), count: t.exposeInt('count') }),
  });
  const FacetsRef = builder.objectRef<SearchResult['facets']>('OpportunityFacets').implement({
    description: 'How many results carry each genre, type and country (the most frequent first).',
    fields: (t) => ({
      genres: t.field({ type: [FacetRef], resolve: (facets) => facets.genres }),
      types: t.field({ type: [FacetRef], resolve: (facets) => facets.types }),
      countries: t.field({ type: [FacetRef], resolve: (facets) => facets.countries }),
    }),
  });
  const SearchResultRef = builder
    .objectRef<Page<SearchHit> & { facets: SearchResult['facets'] }>('OpportunitySearchResult')
    .implement({
      fields: (t) => ({
        paginatorInfo: t.field({
          type: paginatorInfoType(),
          resolve: (result) => result.paginatorInfo,
        }),
        data: t.field({ type: [OpportunityRef], resolve: (result) => result.data }),
        facets: t.field({ type: FacetsRef, resolve: (result) => result.facets }),
      }),
    });

  builder.queryField('opportunitySearch', (t) =>
    t.field({
      type: SearchResultRef,
      authScopes: { public: true },
      description:
        'Public opportunities by place, text and filters, with facet counts. Private, draft and scheduled ones are never listed.',
      args: {
        input: t.arg({ type: SearchInput, required: false }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
      },
      resolve: async (_root, args, context) => {
        const input = parseInput(opportunitySearchSchema, args.input ?? {}, context.t);
        const page = parseInput(
          pageArgsSchema,
          { first: args.first ?? SEARCH_LIMITS.pageSize, page: args.page ?? DEFAULT_PAGE },
          context.t,
        );
        const result = await context.services.opportunities.search(input, page);
        return { ...toPage(result.rows, result.total, page), facets: result.facets };
      },
    }),
  );

  // --- Lists and views ----------------------------------------------------------------------

  const MyTypeEnum = builder.enumType('MyOpportunitiesType', {
    description: 'MANAGE: of my organisations or managed by me; REVIEW: those I review; ALL: both.',
    values: ['ALL', 'MANAGE', 'REVIEW'] as const,
  });
  const MyPageRef = paginatorType('Opportunity', OpportunityRef);
  const DayCountRef = builder.objectRef<{ day: string; count: number }>('DayCount').implement({
    fields: (t) => ({ date: t.exposeString('day'), count: t.exposeInt('count') }),
  });
  const ViewsRef = builder
    .objectRef<{ total: number; perDay: { day: string; count: number }[] }>('OpportunityViews')
    .implement({
      description: 'Visits to the page: one per visitor and day.',
      fields: (t) => ({
        total: t.exposeInt('total'),
        last_30_days: t.field({ type: [DayCountRef], resolve: (views) => views.perDay }),
      }),
    });
  const myArgsSchema = z.strictObject({
    type: z.enum(['ALL', 'MANAGE', 'REVIEW']),
    organisation: z.uuid().nullish(),
    search: z.string().trim().max(200).nullish(),
  });

  builder.queryFields((t) => ({
    myOpportunities: t.field({
      type: MyPageRef,
      authScopes: { loggedIn: true },
      description:
        "The opportunities I work on (drafts included), newest first; optionally one organisation's and titles containing `search`.",
      args: {
        type: t.arg({ type: MyTypeEnum, required: false }),
        organisation: t.arg.id({ required: false }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
        search: t.arg.string({ required: false }),
      },
      resolve: async (_root, args, context) => {
        const filter = parseInput(
          myArgsSchema,
          {
            type: args.type ?? 'ALL',
            organisation: args.organisation == null ? null : String(args.organisation),
            search: args.search ?? null,
          },
          context.t,
        );
        const page = parseInput(
          pageArgsSchema,
          { first: args.first ?? PAGE_SIZES.dashboard, page: args.page ?? DEFAULT_PAGE },
          context.t,
        );
        const userId = context.viewer.user!.id;
        const teams = (await context.services.organisations.ofUser(userId)).map((row) => row.id);
        const result = await context.services.opportunities.mine(
          userId,
          teams,
          {
            type: filter.type,
            organisationId: filter.organisation ?? undefined,
            search: filter.search || undefined,
          },
          page,
        );
        return toPage(result.rows, result.total, page);
      },
    }),
    allOpportunities: t.field({
      type: [OpportunityRef],
      authScopes: { public: true },
      description: `The newest ${ALL_OPPORTUNITIES_LIMIT} public opportunities; opportunitySearch pages through the rest.`,
      resolve: async (_root, _args, context) =>
        (
          await context.services.opportunities.search(
            {},
            { first: ALL_OPPORTUNITIES_LIMIT, page: 1 },
          )
        ).rows,
    }),
    opportunityViews: t.field({
      type: ViewsRef,
      authScopes: oppScope('team', (args: { id: string | number }) => idOf(args.id, 'id')),
      description: "Visits to an opportunity's page; its team only.",
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, args, context) => context.services.opportunities.views(String(args.id)),
    }),
  }));

  // --- The opportunity's own people ---------------------------------------------------------

  const InvitationRef = builder
    .objectRef<{ member: OpportunityMemberRow; opportunityId: string }>('OpportunityInvitation')
    .implement({
      description: 'An open invitation to manage or review an opportunity.',
      fields: (t) => ({
        id: t.id({ resolve: (row) => row.member.id }),
        email: t.string({ resolve: (row) => row.member.email }),
        role: t.field({ type: MemberRoleEnum, resolve: (row) => row.member.role }),
        permissions: t.field({ type: [PermissionEnum], resolve: (row) => row.member.permissions }),
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
      role: t.field({ type: MemberRoleEnum, required: true }),
      permissions: t.field({
        type: [PermissionEnum],
        required: false,
        description: 'The permission set of a custom role.',
      }),
    }),
  });
  const ChangeRoleInput = builder.inputType('ChangeOpportunityMemberRoleInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      role: t.field({ type: MemberRoleEnum, required: true }),
      permissions: t.field({ type: [PermissionEnum], required: false }),
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
  const respondSchema = z
    .strictObject({
      token: z.string().trim().min(20).max(200).nullish(),
      id: z.uuid().nullish(),
      accept: z.boolean(),
    })
    .refine((input) => Boolean(input.token) !== Boolean(input.id), {
      message: 'validation.required',
      path: ['token'],
    });

  builder.mutationFields((t) => ({
    inviteOpportunityMember: t.field({
      type: MemberRef,
      description:
        'Invites an address to manage or review the opportunity; the invitation is emailed.',
      args: { input: t.arg({ type: InviteInput }) },
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
      type: MemberRef,
      authScopes: { loggedIn: true },
      description: 'Accepts or declines an invitation, from the emailed link or from the list.',
      args: { input: t.arg({ type: RespondInput }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(respondSchema, input, context.t);
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
      type: MemberRef,
      args: { input: t.arg({ type: ChangeRoleInput }) },
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
      type: MemberRef,
      description: 'Takes someone off the opportunity, or withdraws their invitation.',
      args: { input: t.arg({ type: MemberIdInput }) },
      authScopes: oppScope('full_access', opportunityOfMember),
      resolve: async (_root, { input }, context) => {
        return context.services.opportunities.team.remove(
          idOf(input.id, 'input.id'),
          await actorOf(context),
        );
      },
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
    time_visibility: t.field({ type: TimeVisibilityInput, required: false }),
    types: t.field({ type: [TypeEnum], required: false }),
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
  const CHANGES: Array<[string, string, 'manage_opportunity' | 'full_access', Change]> = [
    [
      'publishOpportunity',
      'Publishes a complete draft: live now, or scheduled for its publish_at.',
      'manage_opportunity',
      (service, id, actor) => service.publish(id, actor),
    ],
    [
      'unpublishOpportunity',
      'Takes a scheduled opportunity back to a draft.',
      'manage_opportunity',
      (service, id, actor) => service.unpublish(id, actor),
    ],
    [
      'closeOpportunity',
      'Stops taking applications now.',
      'manage_opportunity',
      (service, id, actor) => service.close(id, actor),
    ],
    [
      'reopenOpportunity',
      'Takes applications again after a close by hand, before the deadline.',
      'manage_opportunity',
      (service, id, actor) => service.reopen(id, actor),
    ],
    [
      'archiveOpportunity',
      'Archives the opportunity.',
      'manage_opportunity',
      (service, id, actor) => service.archive(id, actor),
    ],
    [
      'deleteOpportunity',
      'Deletes the opportunity (soft): gone from every page and list.',
      'full_access',
      (service, id, actor) => service.remove(id, actor),
    ],
  ];
  for (const [name, description, permission, change] of CHANGES) {
    builder.mutationField(name, (t) =>
      t.field({
        type: OpportunityRef,
        description,
        args: { input: t.arg({ type: IdInput }) },
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
  return !row.isPrivate && ['PUBLISHED', 'ACTIVE', 'CLOSED'].includes(row.status);
}
