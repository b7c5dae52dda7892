import { access } from '../../graphql/access-outcome';
import { PREMIUM_FEATURES, profileInputSchema, type PremiumFeature } from '@encore/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { accountIdNamed } from '../applications/applications.identity.graphql';
import { FileRef } from '../files/files.graphql';
import {
  CityType,
  CountryType,
  GenreRef,
  InstrumentRef,
  UserTypeRef,
} from '../lookups/lookups.graphql';
import type { UserSettings } from '../users/users.service';
import { UserRef, viewerSees } from '../users/users.graphql';
import type { UserInstrument } from './profiles.service';

interface PremiumUser {
  userId: string;
  features: PremiumFeature[];
}

const setPremiumSchema = z.strictObject({
  user_id: z.uuid(),
  features: z.array(z.enum(PREMIUM_FEATURES)).transform((list) => [...new Set(list)]),
  expires_at: z.date().nullish(),
});

/** The account an id names for this viewer (applications.identity.graphql.ts); not found otherwise. */
async function activeAccount(context: GraphQLContext, id: string) {
  const accountId = await accountIdNamed(context, id);
  const user = accountId ? await context.services.users.findActive(accountId) : undefined;
  if (!user) throw AppError.notFound('user');
  return user;
}

export function registerProfilesGraphQL(): void {
  const PremiumFeatureEnum = builder.enumType('PremiumFeature', { values: PREMIUM_FEATURES });

  const UserInstrumentRef = builder.objectRef<UserInstrument>('UserInstrument').implement({
    description:
      'An instrument on a profile: how well it is played, which kinds and in which styles.',
    fields: (t) => ({
      instrument: t.field({ type: InstrumentRef, resolve: (entry) => entry.instrument }),
      skill_level: t.exposeString('skill_level', { nullable: true }),
      type_slugs: t.exposeStringList('type_slugs'),
      style_slugs: t.exposeStringList('style_slugs'),
    }),
  });

  const UserSettingsRef = builder.objectRef<UserSettings>('UserSettings').implement({
    fields: (t) => ({
      cur_pref: t.exposeString('cur_pref', {
        nullable: true,
        description: 'Preferred currency (ISO 4217).',
      }),
      lang_pref: t.exposeString('lang_pref', {
        nullable: true,
        description: 'Preferred language for content (ISO 639-1).',
      }),
      allow_contact: t.exposeBoolean('allow_contact', {
        description: 'Whether signed-in people may see the email address and phone number.',
      }),
    }),
  });

  const LocationRef = builder
    .objectRef<{ lat: number; long: number }>('Location')
    .implement({ fields: (t) => ({ lat: t.exposeFloat('lat'), long: t.exposeFloat('long') }) });

  const PremiumUserRef = builder.objectRef<PremiumUser>('PremiumUser').implement({
    fields: (t) => ({
      user_id: t.id({ resolve: (premium) => premium.userId }),
      features: t.field({ type: [PremiumFeatureEnum], resolve: (premium) => premium.features }),
    }),
  });

  builder.objectFields(UserRef, (t) => ({
    avatar: t.loadable({
      type: FileRef,
      nullable: true,
      description: 'The profile picture (public): name, path, thumb and placeholder.',
      load: (ids: string[], context) => context.services.profiles.avatars(ids),
      resolve: (user) => user.avatarFileId,
    }),
    genres: t.loadableList({
      type: GenreRef,
      load: (ids: string[], context) => context.services.profiles.genresOf(ids),
      resolve: (user) => user.id,
    }),
    instruments: t.loadableList({
      type: UserInstrumentRef,
      load: (ids: string[], context) => context.services.profiles.instrumentsOf(ids),
      resolve: (user) => user.id,
    }),
    other_instruments: t.exposeStringList('otherInstruments', {
      description: 'Instruments the list does not have, as the person wrote them.',
    }),
    user_types: t.loadableList({
      type: UserTypeRef,
      load: (ids: string[], context) => context.services.profiles.userTypesOf(ids),
      resolve: (user) => user.id,
    }),
    types: t.stringList({
      description: 'The slugs of `user_types`.',
      resolve: async (user, _args, context) =>
        (await context.services.profiles.userTypesOf([user.id]))[0]!.map((type) => type.id),
    }),
    about: t.exposeString('about', { nullable: true }),
    professional_level: t.exposeString('professionalLevel', { nullable: true }),
    city: t.loadable({
      type: CityType,
      nullable: true,
      description: 'To the person, admins, and the teams that know them as an applicant.',
      load: (ids: string[], context) =>
        context.services.lookups
          .citiesByIds(ids, context.locale)
          .then((cities) => ids.map((id) => cities.find((city) => city.id === id) ?? null)),
      resolve: async (user, _args, context) =>
        (await viewerSees.whereabouts(context, user)) ? user.cityId : null,
    }),
    country: t.field({
      type: CountryType,
      nullable: true,
      resolve: (user, _args, context) =>
        user.countryCode
          ? context.services.lookups.country(user.countryCode, context.locale)
          : null,
    }),
    location: t.field({
      type: LocationRef,
      nullable: true,
      description:
        "The centre of the person's city (or country), never a street address; shown as `city` is.",
      resolve: async (user, _args, context) =>
        user.latitude === null ||
        user.longitude === null ||
        !(await viewerSees.whereabouts(context, user))
          ? null
          : { lat: user.latitude, long: user.longitude },
    }),
    phone: t.string({
      nullable: true,
      description:
        'To the person, admins, and the teams that know them as an applicant when the person allows contact.',
      resolve: async (user, _args, context) =>
        (await viewerSees.contact(context, user)) ? user.phone : null,
    }),
    dob: t.field({
      type: 'Date',
      nullable: true,
      description: 'Private: the person and admins only.',
      resolve: (user, _args, context) =>
        viewerSees.private(context.viewer, user) ? user.dob : null,
    }),
    gender: t.string({
      nullable: true,
      description: 'Private: the person and admins only.',
      resolve: (user, _args, context) =>
        viewerSees.private(context.viewer, user) ? user.gender : null,
    }),
    settings: t.field({
      type: UserSettingsRef,
      nullable: true,
      description: 'Private: the person and admins only.',
      resolve: (user, _args, context) =>
        viewerSees.private(context.viewer, user) ? user.settings : null,
    }),
  }));

  const ProfileInstrumentInput = builder.inputType('ProfileInstrumentInput', {
    fields: (t) => ({
      instrument: t.string({ required: false }),
      skill_level: t.string({ required: false }),
      type_slugs: t.stringList({ required: false }),
      style_slugs: t.stringList({ required: false }),
    }),
  });
  const ProfileSettingsInput = builder.inputType('ProfileSettingsInput', {
    fields: (t) => ({
      cur_pref: t.string({ required: false }),
      lang_pref: t.string({ required: false }),
      allow_contact: t.boolean({ required: false }),
    }),
  });
  const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
    description: 'Absent fields stay as they are; null clears a field; lists replace the old ones.',
    fields: (t) => ({
      name: t.string({ required: false }),
      about: t.string({ required: false }),
      dob: t.field({ type: 'Date', required: false, description: 'YYYY-MM-DD' }),
      professional_level: t.string({
        required: false,
        description: 'beginner, amateur, semi_professional or professional.',
      }),
      gender: t.string({
        required: false,
        description: 'male, female, non-binary or prefer-not-to-say.',
      }),
      phone: t.string({ required: false }),
      city_id: t.id({ required: false, description: 'A city from filterCities.' }),
      country_code: t.string({ required: false }),
      genres: t.stringList({ required: false, description: 'Genre slugs.' }),
      instruments: t.field({ type: [ProfileInstrumentInput], required: false }),
      other_instruments: t.stringList({ required: false }),
      user_types: t.stringList({ required: false, description: 'User type slugs.' }),
      settings: t.field({ type: ProfileSettingsInput, required: false }),
      locale: t.string({ required: false }),
      avatar_file_id: t.id({
        required: false,
        description: 'A picture uploaded with uploadFile(purpose: AVATAR); null removes it.',
      }),
    }),
  });
  const SetPremiumFeaturesInput = builder.inputType('SetPremiumFeaturesInput', {
    fields: (t) => ({
      user_id: t.id({ required: true }),
      features: t.field({ type: [PremiumFeatureEnum], required: true }),
      expires_at: t.field({ type: 'DateTime', required: false }),
    }),
  });

  builder.queryFields((t) => ({
    user: t.field({
      type: UserRef,
      description:
        'A profile, as much of it as the viewer may see. Takes an account id, or the id an applicant list gives an applicant under blind review (only a viewer who sees who applied gets the account).',
      extensions: access({ record: 'user', allows: ['signedIn'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, { id }, context) => activeAccount(context, String(id)),
    }),
    premiumUser: t.field({
      type: PremiumUserRef,
      description:
        "A person's premium features (shown on their profile, so readable by signed-in people).",
      extensions: access({ record: 'user', allows: ['signedIn'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      args: {
        userId: t.arg.id({
          required: true,
          description: 'An account id, or an applicant id as `user(id)` takes it.',
        }),
      },
      resolve: async (_root, { userId }, context) => {
        const user = await activeAccount(context, String(userId));
        return {
          userId: user.id,
          features: await context.services.profiles.premiumFeaturesOf(user.id),
        };
      },
    }),
  }));

  builder.mutationFields((t) => ({
    updateProfile: t.field({
      type: UserRef,
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
      resolve: async (_root, { input }, context) =>
        context.services.profiles.updateProfile(
          context.viewer.user!.id,
          parseInput(profileInputSchema, input, context.t),
        ),
    }),
    setPremiumFeatures: t.field({
      type: PremiumUserRef,
      description: 'Administrators grant premium features, replacing the set the account had.',
      extensions: access({ record: 'user', allows: ['admin'], refuses: 'FORBIDDEN' }),
      authScopes: { admin: true },
      args: { input: t.arg({ type: SetPremiumFeaturesInput, required: true }) },
      resolve: async (_root, { input }, context) => {
        const parsed = parseInput(setPremiumSchema, input, context.t);
        const features = await context.services.profiles.setPremiumFeatures(
          parsed.user_id,
          parsed.features,
          parsed.expires_at ?? null,
          context.viewer.user!.id,
        );
        return { userId: parsed.user_id, features };
      },
    }),
  }));
}
