import { access } from '../../graphql/access-outcome';
import {
  APPLICATION_SORT_FIELDS,
  DEFAULT_PAGE,
  PAGE_SIZES,
  formTypesOf,
  pageArgsSchema,
} from '@encore/core';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { paginatorType, toPage } from '../../graphql/pagination';
import { oppScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { FileRef } from '../files/files.graphql';
import type { OpportunityGrant, OpportunityRow } from '../opportunities/opportunities.service';
import { idOf } from '../opportunities/opportunities.refs';
import { applicationFiltersSchema, teamSeesIdentity } from './applications.dashboard';
import { isIdentityField } from './applications.elements';
import {
  ApplicationRef,
  ApplicationStatusEnum,
  PaymentStatusEnum,
  opportunityLoader,
} from './applications.refs';
import { applicationPolicy } from './applications.service';

interface ApplicationUser {
  id: string;
  name: string;
  email: string;
  avatarFileId: string | null;
  role: string;
}

/** An opportunity whose applications the viewer reads; deleted ones are gone. */
export async function readableOpportunity(
  context: GraphQLContext,
  id: string,
): Promise<{ opportunity: OpportunityRow; grant: OpportunityGrant }> {
  // Through the request's loader: the rows' own fields (blind review) read the same opportunity.
  const [opportunity, grant] = await Promise.all([
    opportunityLoader(context).load(id),
    context.access.opportunity(id),
  ]);
  if (!opportunity || opportunity.status === 'DELETED') throw AppError.notFound('opportunity');
  if (!applicationPolicy.readsApplications(grant)) throw AppError.forbidden();
  return { opportunity, grant };
}

/** The dashboard: an opportunity's applications as its team reads them, and who reads them. */
export function registerApplicationsDashboardGraphQL(): void {
  const SortFieldEnum = builder.enumType('ApplicationSortField', {
    values: APPLICATION_SORT_FIELDS,
  });
  const AnswerFilterInput = builder.inputType('ApplicationAnswerFilter', {
    description:
      'Applications whose answer to a field is this value: a text or choice (one of the answers when there are several), true or false for a toggle, or a list of values that must all be among the answers.',
    fields: (t) => ({
      slug: t.string({ required: true, description: "The field's slug." }),
      value: t.field({ type: 'JSON', required: true }),
    }),
  });
  const FiltersInput = builder.inputType('ApplicationFilters', {
    description: 'Every part is optional; without any, every application shown to the team.',
    fields: (t) => ({
      q: t.string({
        required: false,
        description:
          'Part of the code, name, email or artist name (accents and case ignored); the code only under blind review.',
      }),
      sort: t.field({ type: SortFieldEnum, required: false, description: 'Default created_at.' }),
      asc: t.boolean({ required: false, description: 'Default false: newest, highest first.' }),
      status: t.field({ type: [ApplicationStatusEnum], required: false }),
      min_rate: t.float({ required: false, description: 'Average rating at least this (1-5).' }),
      max_rate: t.float({ required: false, description: 'Average rating at most this (1-5).' }),
      unrated: t.boolean({
        required: false,
        description: 'True: nobody rated them yet; false: rated at least once.',
      }),
      payment_status: t.field({ type: [PaymentStatusEnum], required: false }),
      answers: t.field({ type: [AnswerFilterInput], required: false }),
    }),
  });
  const Paginator = paginatorType('OpportunityApplication', ApplicationRef);

  const ApplicationUserRef = builder.objectRef<ApplicationUser>('ApplicationUser').implement({
    description: "Someone who reads an opportunity's applications, and the role that lets them.",
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      email: t.exposeString('email'),
      avatar: t.loadable({
        type: FileRef,
        nullable: true,
        load: (ids: string[], context) => context.services.profiles.avatars(ids),
        resolve: (user) => user.avatarFileId,
      }),
      role: t.exposeString('role', {
        description:
          'owner or admin of the organisation, or manager, reviewer or custom on the opportunity.',
      }),
    }),
  });

  builder.queryFields((t) => ({
    opportunityApplications: t.field({
      type: Paginator,
      description:
        "The organiser's dashboard: the opportunity's applications shown to its team (drafts stay the applicant's), for whoever rates, comments on or manages them.",
      args: {
        id: t.arg.id({ required: true, description: 'The opportunity id.' }),
        first: t.arg.int({ required: false, description: 'Default 50, at most 100.' }),
        page: t.arg.int({ required: false }),
        filters: t.arg({ type: FiltersInput, required: false }),
      },
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'reviewer', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('team', (args: { id: string | number }) => idOf(args.id, 'id')),
      resolve: async (_root, args, context) => {
        const id = idOf(args.id, 'id');
        const request = parseInput(
          pageArgsSchema,
          { first: args.first ?? PAGE_SIZES.dashboard, page: args.page ?? DEFAULT_PAGE },
          context.t,
          '',
        );
        const filters = parseInput(
          applicationFiltersSchema,
          args.filters ?? {},
          context.t,
          'filters',
        );
        const { opportunity, grant } = await readableOpportunity(context, id);
        const seesIdentity = teamSeesIdentity(grant, opportunity.blindReview);
        const hiddenSlugs = new Set<string>();
        if (!seesIdentity && filters.answers?.length) {
          // Only the questions the forms ask now and that do not say who applied: a slug of an
          // older form, or one the forms do not know, could still match someone's phone number.
          const saved = (await context.services.forms.formsOf([id])).get(id) ?? [];
          const open = new Set(
            formTypesOf(opportunity.target).flatMap((type) =>
              context.services.forms
                .viewOf(id, type, saved)
                .fields.filter((field) => !isIdentityField(field))
                .map((field) => field.slug),
            ),
          );
          for (const { slug } of filters.answers) {
            if (!open.has(slug)) hiddenSlugs.add(slug);
          }
        }
        const { rows, total } = await context.services.applicationsDashboard.page(
          id,
          filters,
          request,
          { seesIdentity, hiddenSlugs },
        );
        return toPage(rows, total, request);
      },
    }),
    applicationUsers: t.field({
      type: [ApplicationUserRef],
      description:
        "Who reads the opportunity's applications (for the dashboard's rated-by display and filter): the organisation's owners and admins, and its people holding rate, comment or manage_applications.",
      args: { oppId: t.arg.id({ required: true }) },
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'reviewer', 'member', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('team', (args: { oppId: string | number }) => idOf(args.oppId, 'oppId')),
      resolve: async (_root, args, context) => {
        const [opportunity] = await context.services.opportunities.byIds([
          idOf(args.oppId, 'oppId'),
        ]);
        if (!opportunity || opportunity.status === 'DELETED') {
          throw AppError.notFound('opportunity');
        }
        const readers = await context.services.applicationsDashboard.readers(opportunity);
        return readers.map((reader) => ({
          id: reader.id,
          name: reader.name,
          email: reader.email,
          avatarFileId: reader.avatarFileId,
          role: reader.role,
        }));
      },
    }),
  }));
}
