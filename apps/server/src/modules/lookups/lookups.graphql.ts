import { access } from '../../graphql/access-outcome';
import { TARGET_USERS, type TargetUser } from '@encore/core';
import type { EnumRef } from '@pothos/core';
import { z } from 'zod';
import { builder, type BuilderTypes } from '../../graphql/builder';
import { parseInput } from '../../lib/validation';
import type { FormFieldTemplate, FormSectionTemplate } from './form-sections.data';
import {
  SORT_DIRECTIONS,
  USER_TYPE_CATEGORY_ORDER_COLUMNS,
  type City,
  type Country,
  type GenreNode,
  type InstrumentNode,
  type LanguageRow,
  type ProfileFormData,
  type SortDirection,
  type UserTypeCategoryNode,
  type UserTypeNode,
} from './lookups.service';
import { lookupName } from './lookup-names';

const FILTER_CITIES_DEFAULT_SIZE = 20;

const filterCitiesArgs = z.object({
  query: z.string().trim().min(2).max(100),
  first: z.number().int().min(1).max(50),
});

const userTypeCategoriesArgs = z.object({
  search: z.string().trim().max(100).nullish(),
  // Enums already checked by GraphQL; a repeated column adds nothing, so only its first use counts.
  orderBy: z
    .array(
      z.object({
        column: z.enum(USER_TYPE_CATEGORY_ORDER_COLUMNS),
        order: z.enum(SORT_DIRECTIONS),
      }),
    )
    .nullish()
    .transform((clauses) =>
      clauses?.filter(
        (clause, index) => clauses.findIndex((other) => other.column === clause.column) === index,
      ),
    ),
});

// Shared with features that show lookups on their records (profiles, opportunities).
export const CountryType = builder.objectRef<Country>('Country');
export const CityType = builder.objectRef<City>('City');
export const GenreRef = builder.objectRef<GenreNode>('Genre');
export const InstrumentRef = builder.objectRef<InstrumentNode>('Instrument');
export const UserTypeRef = builder.objectRef<UserTypeNode>('UserType');

let targetUserRef: EnumRef<BuilderTypes, TargetUser> | undefined;
let sortOrderRef: EnumRef<BuilderTypes, SortDirection> | undefined;

/** `TargetUser { BANDS INDIVIDUALS }`, for any feature that takes a target (opportunities, forms). */
export function targetUserEnum(): EnumRef<BuilderTypes, TargetUser> {
  targetUserRef ??= builder.enumType('TargetUser', {
    description: 'Who an opportunity is for.',
    values: TARGET_USERS,
  });
  return targetUserRef;
}

/** `SortOrder { ASC DESC }`, the direction in an `orderBy` clause. */
export function sortOrderEnum(): EnumRef<BuilderTypes, SortDirection> {
  sortOrderRef ??= builder.enumType('SortOrder', { values: SORT_DIRECTIONS });
  return sortOrderRef;
}

/** Where a signed-in viewer said they live (one primary-key read); null for anyone else. */
async function viewerCountryCode(context: BuilderTypes['Context']): Promise<string | null> {
  const user = context.viewer.user;
  if (!user) return null;
  return (await context.services.users.current(user.id))?.countryCode ?? null;
}

export function registerLookupsGraphQL(): void {
  const TargetUserEnum = targetUserEnum();
  const SortOrder = sortOrderEnum();

  const Language = builder.objectRef<LanguageRow>('Language').implement({
    fields: (t) => ({
      slug: t.exposeString('slug'),
      name: t.exposeString('name', {
        description: "The language's name in the caller's language.",
      }),
      is_supported: t.exposeBoolean('is_supported', {
        description: 'One of the 13 languages of the interface.',
      }),
    }),
  });

  CountryType.implement({
    fields: (t) => ({
      id: t.id({ description: 'The ISO 3166-1 alpha-2 code.', resolve: (country) => country.code }),
      code: t.exposeString('code', { description: 'ISO 3166-1 alpha-2.' }),
      name: t.exposeString('name', { description: "The name in the caller's language." }),
      lat: t.exposeFloat('latitude'),
      long: t.exposeFloat('longitude'),
      currency: t.exposeString('currency', {
        nullable: true,
        description: 'Main ISO 4217 currency.',
      }),
    }),
  });

  CityType.implement({
    description: 'A GeoNames city of at least 1,000 inhabitants.',
    fields: (t) => ({
      id: t.exposeID('id', { description: 'The GeoNames id.' }),
      name: t.exposeString('name'),
      country: t.field({ type: CountryType, resolve: (city) => city.country }),
      admin_code: t.exposeString('admin_code', {
        nullable: true,
        description: 'GeoNames first-level division (state, region) within the country.',
      }),
      region: t.exposeString('region', {
        nullable: true,
        description: "The first-level division's name (GeoNames, in English): Ohio, Bavaria...",
      }),
      label: t.exposeString('label', {
        description:
          'What to show: "Lisbon, Portugal"; in filterCities, with the region when the list holds two cities of that name in one country ("Lisbon, Ohio, United States").',
      }),
      population: t.exposeInt('population'),
      latitude: t.exposeFloat('latitude'),
      longitude: t.exposeFloat('longitude'),
    }),
  });

  GenreRef.implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      slug: t.string({ resolve: (genre) => genre.id }),
      name: t.string({
        description: "The name in the caller's language.",
        resolve: (genre, _args, context) => lookupName(context.t, 'genre', genre),
      }),
      parent: t.field({ type: GenreRef, nullable: true, resolve: (genre) => genre.parent }),
      children: t.field({ type: [GenreRef], resolve: (genre) => genre.children }),
    }),
  });

  InstrumentRef.implement({
    description: 'An instrument family (top level) or an instrument within one.',
    fields: (t) => ({
      id: t.exposeID('id'),
      slug: t.string({ resolve: (instrument) => instrument.id }),
      name: t.string({
        description: "The name in the caller's language.",
        resolve: (instrument, _args, context) => lookupName(context.t, 'instrument', instrument),
      }),
      family: t.exposeString('family', { description: "The family's slug." }),
      is_family: t.boolean({ resolve: (instrument) => instrument.parent === null }),
      parent: t.field({
        type: InstrumentRef,
        nullable: true,
        resolve: (instrument) => instrument.parent,
      }),
      children: t.field({ type: [InstrumentRef], resolve: (instrument) => instrument.children }),
      types: t.exposeStringList('types', {
        description:
          'Kinds of the instrument a player can name: acoustic, electric, nylon, alto...',
      }),
      styles: t.exposeStringList('styles', {
        description: 'Slugs of the top-level genres the instrument is commonly played in.',
      }),
    }),
  });

  const UserTypeCategoryRef = builder.objectRef<UserTypeCategoryNode>('UserTypeCategory');
  UserTypeRef.implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      slug: t.string({ resolve: (type) => type.id }),
      name: t.string({
        description: "The name in the caller's language.",
        resolve: (type, _args, context) => lookupName(context.t, 'userType', type),
      }),
      position: t.exposeInt('position'),
      category: t.field({ type: UserTypeCategoryRef, resolve: (type) => type.category }),
    }),
  });
  UserTypeCategoryRef.implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      slug: t.string({ resolve: (category) => category.id }),
      name: t.string({
        description: "The name in the caller's language.",
        resolve: (category, _args, context) => lookupName(context.t, 'userTypeCategory', category),
      }),
      position: t.exposeInt('position'),
      user_types: t.field({ type: [UserTypeRef], resolve: (category) => category.user_types }),
    }),
  });

  // Lighthouse's names for an @orderBy argument, which the original web client sends.
  const OrderColumn = builder.enumType('QueryUserTypeCategoriesOrderByColumn', {
    values: USER_TYPE_CATEGORY_ORDER_COLUMNS,
  });
  const OrderClause = builder.inputType('QueryUserTypeCategoriesOrderByOrderByClause', {
    fields: (t) => ({
      column: t.field({ type: OrderColumn, required: true }),
      order: t.field({ type: SortOrder, required: true }),
    }),
  });

  const ProfileFormDataType = builder.objectRef<ProfileFormData>('ProfileFormData').implement({
    description: 'Everything the profile form offers to choose from.',
    fields: (t) => ({
      supported_languages: t.field({
        type: [Language],
        resolve: (data) => data.supported_languages,
      }),
      instruments: t.field({ type: [InstrumentRef], resolve: (data) => data.instruments }),
      genres: t.field({ type: [GenreRef], resolve: (data) => data.genres }),
      types: t.field({ type: [UserTypeRef], resolve: (data) => data.types }),
    }),
  });

  const FormFieldTemplateRef = builder.objectRef<FormFieldTemplate>('FormFieldTemplate');
  FormFieldTemplateRef.implement({
    description: 'A field every application form of a target starts with.',
    fields: (t) => ({
      label: t.exposeString('label'),
      type: t.exposeString('type'),
      subtype: t.exposeString('subtype', { nullable: true }),
      slug: t.exposeString('slug'),
      is_required: t.exposeBoolean('is_required'),
      choices: t.exposeStringList('choices'),
      is_multiple: t.exposeBoolean('is_multiple'),
      order: t.exposeInt('order'),
      child_fields: t.field({
        type: [FormFieldTemplateRef],
        resolve: (field) => field.child_fields,
      }),
    }),
  });

  const FormSectionTemplateType = builder
    .objectRef<FormSectionTemplate>('FormSectionTemplate')
    .implement({
      fields: (t) => ({
        slug: t.exposeString('slug'),
        title: t.exposeString('title'),
        fields: t.field({ type: [FormFieldTemplateRef], resolve: (section) => section.fields }),
      }),
    });

  builder.queryFields((t) => ({
    languages: t.field({
      type: [Language],
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      resolve: (_root, _args, context) => context.services.lookups.languages(context.locale),
    }),

    countries: t.field({
      type: [CountryType],
      description: "Sovereign countries, by name in the caller's language.",
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      resolve: (_root, _args, context) => context.services.lookups.countries(context.locale),
    }),

    allCountries: t.field({
      type: [CountryType],
      description: 'Every ISO 3166-1 country and territory.',
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      resolve: (_root, _args, context) => context.services.lookups.allCountries(context.locale),
    }),

    paymentCountries: t.field({
      type: [CountryType],
      description: 'Countries where an organisation can connect a payout account.',
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      resolve: (_root, _args, context) => context.services.lookups.paymentCountries(context.locale),
    }),

    filterCities: t.field({
      type: [CityType],
      description:
        "Cities by name: prefix matches (accents and case ignored), ranked by population with a lead for an exact name, the signed-in viewer's country and countries speaking the caller's language, then near misses. One entry per name, country and region.",
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      args: {
        query: t.arg.string({ required: true }),
        first: t.arg.int({ required: false, defaultValue: FILTER_CITIES_DEFAULT_SIZE }),
      },
      resolve: async (_root, args, context) => {
        const { query, first } = parseInput(
          filterCitiesArgs,
          { query: args.query, first: args.first ?? FILTER_CITIES_DEFAULT_SIZE },
          context.t,
          '',
        );
        return context.services.lookups.filterCities(
          query,
          first,
          context.locale,
          await viewerCountryCode(context),
        );
      },
    }),

    genres: t.field({
      type: [GenreRef],
      description: 'Every genre (top-level ones first), or only the top-level ones.',
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      args: { parentsOnly: t.arg.boolean({ required: false }) },
      resolve: (_root, args, context) => context.services.lookups.genres(args.parentsOnly ?? false),
    }),

    instruments: t.field({
      type: [InstrumentRef],
      description: 'Instrument families, each with its instruments as children.',
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      resolve: (_root, _args, context) => context.services.lookups.instruments(),
    }),

    userTypeCategories: t.field({
      type: [UserTypeCategoryRef],
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      args: {
        search: t.arg.string({ required: false }),
        orderBy: t.arg({ type: [OrderClause], required: false }),
      },
      resolve: (_root, args, context) => {
        const { search, orderBy } = parseInput(userTypeCategoriesArgs, args, context.t, '');
        return context.services.lookups.userTypeCategories(search, orderBy, context.locale);
      },
    }),

    profileFormData: t.field({
      type: ProfileFormDataType,
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      resolve: (_root, _args, context) => context.services.lookups.profileFormData(context.locale),
    }),

    formSections: t.field({
      type: [FormSectionTemplateType],
      description: 'The default sections of an application form for bands or individuals.',
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      args: { target: t.arg({ type: TargetUserEnum, required: true }) },
      resolve: (_root, args, context) => context.services.lookups.formSections(args.target),
    }),
  }));
}
