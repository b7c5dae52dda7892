import { access } from '../../graphql/access-outcome';
import { DEFAULT_PAGE, PAGE_SIZES, pageArgsSchema } from '@encore/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { paginatorType, toPage } from '../../graphql/pagination';
import { orgScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { FileRef } from '../files/files.graphql';
import { CountryType } from '../lookups/lookups.graphql';
import {
  opportunityPolicy,
  type OpportunityGrant,
  type OpportunityRow,
} from '../opportunities/opportunities.service';
import {
  APPLICANT_TYPES,
  type ApplicantFilters,
  type ApplicantScope,
  type ApplicantSummary,
} from './applications.applicants';
import { teamSeesIdentity } from './applications.dashboard';
import { ApplicationStatusEnum, PaymentStatusEnum } from './applications.refs';
import { applicationPolicy } from './applications.service';

/** Opportunities one person may work on, at most; beyond that the list would not be a list. */
const MOST_OPPORTUNITIES = 10_000;

const slugSchema = z.string().trim().min(1).max(100);
const slugsSchema = z.array(slugSchema).min(1).max(50);
const filterSchema = z.string().trim().max(200).nullish();

interface Readable {
  opportunity: OpportunityRow;
  grant: OpportunityGrant;
}

/**
 * Each opportunity named, with the viewer's grant; the whole call is refused when one is unknown or
 * hidden (not found) or when the viewer lacks what `need` asks on one (forbidden).
 */
async function opportunitiesNamed(
  context: GraphQLContext,
  slugs: readonly string[],
  need: (grant: OpportunityGrant) => boolean,
): Promise<Readable[]> {
  const rows = await Promise.all(
    [...new Set(slugs)].map((slug) => context.services.opportunities.bySlug(slug)),
  );
  const grants = await Promise.all(
    rows.map((row) => (row ? context.access.opportunity(row.id) : undefined)),
  );
  return rows.map((opportunity, index) => {
    const grant = grants[index];
    if (!opportunity || !grant || !opportunityPolicy.view(grant, opportunity)) {
      throw AppError.notFound('opportunity');
    }
    if (!need(grant)) throw AppError.forbidden();
    return { opportunity, grant };
  });
}

/** Of these opportunities, those whose applications the viewer reads. */
async function readableAmong(
  context: GraphQLContext,
  opportunities: readonly OpportunityRow[],
): Promise<Readable[]> {
  const grants = await Promise.all(opportunities.map((row) => context.access.opportunity(row.id)));
  return opportunities.flatMap((opportunity, index) =>
    applicationPolicy.readsApplications(grants[index]!)
      ? [{ opportunity, grant: grants[index]! }]
      : [],
  );
}

function scopeOf(readable: readonly Readable[]): ApplicantScope {
  return {
    opportunityIds: readable.map(({ opportunity }) => opportunity.id),
    identityOpportunityIds: readable
      .filter(({ opportunity, grant }) => teamSeesIdentity(grant, opportunity.blindReview))
      .map(({ opportunity }) => opportunity.id),
  };
}

async function organisationBySlug(context: GraphQLContext, slug: string) {
  const organisation = await context.services.organisations.bySlug(
    parseInput(slugSchema, slug, context.t, 'slug'),
  );
  if (!organisation) throw AppError.notFound('organisation');
  return organisation;
}

/** The applicant lists of SEED point 3 ("Applicant summary"), one row per applicant account. */
export function registerApplicantsGraphQL(): void {
  const ApplicantTypeEnum = builder.enumType('ApplicantType', {
    values: APPLICANT_TYPES,
    description: 'BAND: applied with the band (GENERAL) form.',
  });

  const SummaryRef = builder.objectRef<ApplicantSummary>('ApplicantSummary').implement({
    description:
      'One applicant account over the applications a list covers: their latest application gives the status, payment status, date, name and email. An application under blind review for the viewer is a row of its own, without identity fields.',
    fields: (t) => ({
      id: t.exposeID('id', {
        description:
          "The applicant's account id; under blind review an id of the applicant within that opportunity (the same there, another in each opportunity), which user(id) takes.",
      }),
      name: t.exposeString('name', { nullable: true }),
      email: t.exposeString('email', { nullable: true }),
      created_at: t.field({
        type: 'DateTime',
        description: 'When their latest application was started.',
        resolve: (row) => row.created_at,
      }),
      location_name: t.exposeString('location_name', {
        nullable: true,
        description: 'The city of their profile, else the address of their latest application.',
      }),
      applications_count: t.exposeInt('applications_count'),
      payment_status: t.field({
        type: PaymentStatusEnum,
        nullable: true,
        resolve: (row) => row.payment_status,
      }),
      country: t.field({ type: CountryType, nullable: true, resolve: (row) => row.country }),
      status: t.field({ type: ApplicationStatusEnum, resolve: (row) => row.status }),
      avatar: t.loadable({
        type: FileRef,
        nullable: true,
        load: (ids: string[], context) => context.services.profiles.avatars(ids),
        resolve: (row) => row.avatarFileId,
      }),
      is_blind: t.exposeBoolean('is_blind', {
        description:
          'Who applied is hidden from the viewer (blind review): one application, not the account.',
      }),
    }),
  });
  const Paginator = paginatorType('ApplicantSummary', SummaryRef);

  const pageArgs = (t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) => ({
    first: t.arg.int({ required: false, description: 'Default 50, at most 100.' }),
    page: t.arg.int({ required: false }),
  });

  async function listed(
    context: GraphQLContext,
    scope: ApplicantScope,
    filters: ApplicantFilters,
    args: { first?: number | null; page?: number | null },
  ) {
    const request = parseInput(
      pageArgsSchema,
      { first: args.first ?? PAGE_SIZES.dashboard, page: args.page ?? DEFAULT_PAGE },
      context.t,
      '',
    );
    const { rows, total } = await context.services.applicants.summaries(
      scope,
      filters,
      request,
      context.locale,
    );
    return toPage(rows, total, request);
  }

  builder.queryFields((t) => ({
    organisationApplicants: t.field({
      type: Paginator,
      description:
        "Everyone who applied to the organisation's opportunities; for its owners and admins (full access on its opportunities).",
      args: { slug: t.arg.string({ required: true }), ...pageArgs(t) },
      extensions: access({
        record: 'organisation',
        allows: ['owner', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: orgScope(
        'member',
        async (args: { slug: string }, context) =>
          (await context.services.organisations.bySlug(args.slug.trim().slice(0, 100)))?.id ?? '',
      ),
      resolve: async (_root, args, context) => {
        const organisation = await organisationBySlug(context, args.slug);
        const grant = await context.access.organisation(organisation.id);
        // Full access on every opportunity of the organisation, as its owners and admins hold.
        if (!opportunityPolicy.manageApplications({ organisation: grant, member: null })) {
          throw AppError.forbidden();
        }
        const opportunities = await context.services.opportunities.ofOrganisation(organisation.id);
        const ids = opportunities.map((row) => row.id);
        return listed(context, { opportunityIds: ids, identityOpportunityIds: 'all' }, {}, args);
      },
    }),
    opportunityApplicants: t.field({
      type: Paginator,
      description:
        'Everyone who applied to these opportunities; the viewer manages the applications of each.',
      args: { slugs: t.arg.stringList({ required: true }), ...pageArgs(t) },
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: { loggedIn: true },
      resolve: async (_root, args, context) => {
        const slugs = parseInput(slugsSchema, args.slugs, context.t, 'slugs');
        const named = await opportunitiesNamed(context, slugs, (grant) =>
          opportunityPolicy.manageApplications(grant),
        );
        return listed(context, scopeOf(named), {}, args);
      },
    }),
    allApplicants: t.field({
      type: Paginator,
      description:
        'Everyone who applied to opportunities whose applications the viewer reads: those named, those of an organisation, or all of them.',
      args: {
        oppSlugs: t.arg.stringList({ required: false }),
        orgSlug: t.arg.string({ required: false }),
        type: t.arg({ type: ApplicantTypeEnum, required: false }),
        filter: t.arg.string({
          required: false,
          description:
            'Part of the name or email; rows under blind review never match it, so it cannot tell who they are.',
        }),
        ...pageArgs(t),
      },
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      resolve: async (_root, args, context) => {
        const filters = {
          type: args.type ?? null,
          filter: parseInput(filterSchema, args.filter, context.t, 'filter'),
        };
        const oppSlugs = args.oppSlugs?.length
          ? parseInput(slugsSchema, args.oppSlugs, context.t, 'oppSlugs')
          : undefined;
        const organisation = args.orgSlug
          ? await organisationBySlug(context, args.orgSlug)
          : undefined;
        let readable: Readable[];
        if (oppSlugs) {
          readable = (
            await opportunitiesNamed(context, oppSlugs, applicationPolicy.readsApplications)
          ).filter(
            ({ opportunity }) => !organisation || opportunity.organisationId === organisation.id,
          );
        } else if (organisation) {
          readable = await readableAmong(
            context,
            await context.services.opportunities.ofOrganisation(organisation.id),
          );
        } else if (context.viewer.isAdmin) {
          return listed(
            context,
            { opportunityIds: 'all', identityOpportunityIds: 'all' },
            filters,
            args,
          );
        } else {
          const userId = context.viewer.user!.id;
          const teams = (await context.services.organisations.ofUser(userId)).map((row) => row.id);
          const { rows } = await context.services.opportunities.mine(
            userId,
            teams,
            { type: 'ALL' },
            { first: MOST_OPPORTUNITIES, page: 1 },
          );
          readable = await readableAmong(context, rows);
        }
        return listed(context, scopeOf(readable), filters, args);
      },
    }),
  }));
}
