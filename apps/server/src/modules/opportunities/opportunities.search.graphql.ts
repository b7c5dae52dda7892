import { access } from '../../graphql/access-outcome';
import {
  SORT_FIELDS,
  SEARCH_LIMITS,
  PAGE_SIZES,
  DEFAULT_PAGE,
  pageArgsSchema,
  opportunitySearchSchema,
} from '@encore/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { paginatorInfoType, paginatorType, toPage, type Page } from '../../graphql/pagination';
import { oppScope } from '../../graphql/scopes';
import { selectionOf } from '../../graphql/selection';
import { parseInput } from '../../lib/validation';
import type { FacetCount, SearchHit, SearchResult } from './opportunities.search';
import { OpportunityRef, OpportunityTypeEnum, TargetEnum, idOf } from './opportunities.refs';

const ALL_OPPORTUNITIES_LIMIT = 100;

/** The page's facts that follow from the total. */
const TOTAL_FIELDS = ['total', 'lastPage', 'hasMorePages'] as const;
const NO_FACETS: NonNullable<SearchResult['facets']> = { genres: [], types: [], countries: [] };

/** opportunitySearch, the lists of opportunities and their page views. */
export function registerOpportunitySearchGraphQL(): void {
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
      types: t.field({ type: [OpportunityTypeEnum], required: false }),
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
      deadline_from: t.field({ type: 'Date', required: false, description: 'YYYY-MM-DD' }),
      deadline_to: t.field({ type: 'Date', required: false, description: 'YYYY-MM-DD' }),
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
  const FacetsRef = builder
    .objectRef<NonNullable<SearchResult['facets']>>('OpportunityFacets')
    .implement({
      description: 'How many results carry each genre, type and country (the most frequent first).',
      fields: (t) => ({
        genres: t.field({ type: [FacetRef], resolve: (facets) => facets.genres }),
        types: t.field({ type: [FacetRef], resolve: (facets) => facets.types }),
        countries: t.field({ type: [FacetRef], resolve: (facets) => facets.countries }),
      }),
    });
  const SearchResultRef = builder
    .objectRef<Page<SearchHit> & { facets: NonNullable<SearchResult['facets']> }>(
      'OpportunitySearchResult',
    )
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
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      description:
        'Public opportunities by place, text and filters, with facet counts. Private, draft and scheduled ones are never listed.',
      args: {
        input: t.arg({ type: SearchInput, required: false }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
      },
      resolve: async (_root, args, context, info) => {
        const input = parseInput(opportunitySearchSchema, args.input ?? {}, context.t);
        const page = parseInput(
          pageArgsSchema,
          { first: args.first ?? SEARCH_LIMITS.pageSize, page: args.page ?? DEFAULT_PAGE },
          context.t,
          '',
        );
        const selects = selectionOf(info);
        const result = await context.services.opportunities.search(input, page, {
          total: TOTAL_FIELDS.some((field) => selects('paginatorInfo', field)),
          facets: selects('facets'),
          organisations: selects('data', 'organisation'),
        });
        // Without the total asked for, no field that shows it is selected: what stands in for
        // it (the rows before and on this page) is never seen.
        const total = result.total ?? (page.page - 1) * page.first + result.rows.length;
        return { ...toPage(result.rows, total, page), facets: result.facets ?? NO_FACETS };
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
      extensions: access({ record: 'own' }),
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
          '',
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
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      description: `The newest ${ALL_OPPORTUNITIES_LIMIT} public opportunities; opportunitySearch pages through the rest.`,
      resolve: async (_root, _args, context, info) =>
        (
          await context.services.opportunities.search(
            {},
            { first: ALL_OPPORTUNITIES_LIMIT, page: 1 },
            { total: false, facets: false, organisations: selectionOf(info)('organisation') },
          )
        ).rows,
    }),
    opportunityViews: t.field({
      type: ViewsRef,
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'reviewer', 'member', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('team', (args: { id: string | number }) => idOf(args.id, 'id')),
      description: "Visits to an opportunity's page; its team only.",
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, args, context) => context.services.opportunities.views(String(args.id)),
    }),
  }));
}
