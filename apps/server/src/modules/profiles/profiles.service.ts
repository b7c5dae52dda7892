import type { PremiumFeature, ProfileInput, ValidationMap } from '@encore/core';
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FileRow, FilesService } from '../files/files.service';
import {
  checkChoices,
  type Catalogue,
  type GenreNode,
  type InstrumentNode,
  type LookupsService,
  type UserTypeNode,
} from '../lookups/lookups.service';
import type { UserRow, UsersService } from '../users/users.service';
import {
  premiumFeatures,
  userGenres,
  userInstruments,
  userUserTypes,
  type UserInstrumentRow,
} from './profiles.table';

/** The owner type of profile pictures: public, readable by everyone. */
export const USER_AVATAR = 'user-avatar';

export interface UserInstrument {
  instrument: InstrumentNode;
  skill_level: UserInstrumentRow['skillLevel'];
  type_slugs: string[];
  style_slugs: string[];
}

export interface ProfilesServiceDependencies {
  db: Database;
  users: UsersService;
  lookups: LookupsService;
  files: FilesService;
  now?: () => Date;
}

/** Groups rows by user id, in the order of `ids` (a DataLoader batch). */
function groupByUser<Row extends { userId: string }, Item>(
  ids: readonly string[],
  rows: readonly Row[],
  toItem: (row: Row) => Item | undefined,
): Item[][] {
  const grouped = new Map<string, Item[]>(ids.map((id) => [id, []]));
  for (const row of rows) {
    const item = toItem(row);
    if (item !== undefined) grouped.get(row.userId)?.push(item);
  }
  return ids.map((id) => grouped.get(id) ?? []);
}

export function createProfilesService({
  db,
  users: usersService,
  lookups,
  files,
  now = () => new Date(),
}: ProfilesServiceDependencies) {
  /** Unknown slugs become validation messages at their position (`input.genres.2`). */
  function checkInstruments(problems: ValidationMap, input: ProfileInput, catalogue: Catalogue) {
    const genres = catalogue.genres;
    input.instruments?.forEach((entry, index) => {
      const instrument = catalogue.instruments.get(entry.instrument);
      const at = `input.instruments.${index}`;
      if (!instrument) {
        (problems[`${at}.instrument`] ??= []).push('validation.unknown_choice');
        return;
      }
      // Kinds come from the instrument itself (an acoustic or electric guitar); styles are genres.
      const kinds = new Set(instrument.types);
      entry.type_slugs.forEach((kind, kindIndex) => {
        if (!kinds.has(kind))
          (problems[`${at}.type_slugs.${kindIndex}`] ??= []).push('validation.unknown_choice');
      });
      entry.style_slugs.forEach((style, styleIndex) => {
        if (!genres.has(style))
          (problems[`${at}.style_slugs.${styleIndex}`] ??= []).push('validation.unknown_choice');
      });
    });
  }

  async function placeOf(input: ProfileInput, current: UserRow, problems: ValidationMap) {
    if (input.city_id === undefined && input.country_code === undefined) return {};
    if (
      input.city_id === null ||
      (input.city_id === undefined && input.country_code !== undefined)
    ) {
      // A country without a city (or a cleared city): the position is the country's, if any.
      const code = input.country_code === undefined ? current.countryCode : input.country_code;
      const country = code ? await lookups.country(code, 'en') : undefined;
      if (code && !country) (problems['input.country_code'] ??= []).push('validation.country');
      return {
        cityId: null,
        countryCode: country?.code ?? null,
        latitude: country?.latitude ?? null,
        longitude: country?.longitude ?? null,
      };
    }
    const place = await lookups.placeOfCity(input.city_id!);
    if (!place) {
      (problems['input.city_id'] ??= []).push('validation.city');
      return {};
    }
    if (input.country_code && input.country_code !== place.countryCode) {
      (problems['input.country_code'] ??= []).push('validation.city_country_mismatch');
    }
    return place;
  }

  async function replaceLists(userId: string, input: ProfileInput, tx: Executor) {
    if (input.genres) {
      await tx.delete(userGenres).where(eq(userGenres.userId, userId));
      if (input.genres.length > 0) {
        await tx
          .insert(userGenres)
          .values(input.genres.map((genreId, position) => ({ userId, genreId, position })));
      }
    }
    if (input.instruments) {
      await tx.delete(userInstruments).where(eq(userInstruments.userId, userId));
      if (input.instruments.length > 0) {
        await tx.insert(userInstruments).values(
          input.instruments.map((entry, position) => ({
            userId,
            instrumentId: entry.instrument,
            skillLevel: entry.skill_level ?? null,
            typeSlugs: entry.type_slugs,
            styleSlugs: entry.style_slugs,
            position,
          })),
        );
      }
    }
    if (input.user_types) {
      await tx.delete(userUserTypes).where(eq(userUserTypes.userId, userId));
      if (input.user_types.length > 0) {
        await tx
          .insert(userUserTypes)
          .values(
            input.user_types.map((userTypeId, position) => ({ userId, userTypeId, position })),
          );
      }
    }
  }

  return {
    /**
     * Applies a profile update in one transaction: fields present in the input change, absent ones
     * stay, null clears. Every problem (unknown slugs, a city not in the list, a picture that is
     * not the user's) is reported at once, and nothing is written then.
     */
    async updateProfile(userId: string, input: ProfileInput): Promise<UserRow> {
      const current = await usersService.requireById(userId);
      const catalogue = await lookups.catalogue();
      const problems: ValidationMap = {};
      if (input.genres) checkChoices(problems, 'genres', input.genres, catalogue.genres);
      if (input.user_types)
        checkChoices(problems, 'user_types', input.user_types, catalogue.userTypes);
      checkInstruments(problems, input, catalogue);
      const place = await placeOf(input, current, problems);
      if (Object.keys(problems).length > 0) throw AppError.validation(problems);

      return db.transaction(async (tx) => {
        let avatarFileId =
          input.avatar_file_id === undefined ? current.avatarFileId : input.avatar_file_id;
        if (input.avatar_file_id && input.avatar_file_id !== current.avatarFileId) {
          const attached = await files.attach(
            input.avatar_file_id,
            userId,
            { ownerType: USER_AVATAR, ownerId: userId, visibility: 'public' },
            tx,
          );
          if (!attached || !attached.mimeType.startsWith('image/')) {
            throw AppError.validation({ 'input.avatar_file_id': ['validation.file_reference'] });
          }
          avatarFileId = attached.id;
        }
        const settings = input.settings
          ? {
              cur_pref:
                input.settings.cur_pref === undefined
                  ? current.settings.cur_pref
                  : input.settings.cur_pref,
              lang_pref:
                input.settings.lang_pref === undefined
                  ? current.settings.lang_pref
                  : input.settings.lang_pref,
              allow_contact: input.settings.allow_contact ?? current.settings.allow_contact,
            }
          : current.settings;
        const row = await usersService.updateProfileColumns(
          userId,
          {
            name: input.name ?? current.name,
            about: input.about === undefined ? current.about : input.about || null,
            dob: input.dob === undefined ? current.dob : input.dob,
            professionalLevel:
              input.professional_level === undefined
                ? current.professionalLevel
                : input.professional_level,
            gender: input.gender === undefined ? current.gender : input.gender,
            phone: input.phone === undefined ? current.phone : input.phone,
            otherInstruments: input.other_instruments ?? current.otherInstruments,
            locale: input.locale ?? current.locale,
            settings,
            avatarFileId,
            ...place,
          },
          tx,
        );
        if (!row) throw AppError.notFound('user');
        await replaceLists(userId, input, tx);
        return row;
      });
    },

    /** Clears what a deleted account chose on its profile; premium grants go too. */
    async forget(userId: string, executor: Executor = db): Promise<void> {
      await executor.delete(userGenres).where(eq(userGenres.userId, userId));
      await executor.delete(userInstruments).where(eq(userInstruments.userId, userId));
      await executor.delete(userUserTypes).where(eq(userUserTypes.userId, userId));
      await executor.delete(premiumFeatures).where(eq(premiumFeatures.userId, userId));
    },

    /** Genres per user, in each person's order (DataLoader batch). */
    async genresOf(userIds: readonly string[]): Promise<GenreNode[][]> {
      const [rows, catalogue] = await Promise.all([
        db
          .select()
          .from(userGenres)
          .where(inArray(userGenres.userId, [...userIds]))
          .orderBy(asc(userGenres.position)),
        lookups.catalogue(),
      ]);
      return groupByUser(userIds, rows, (row) => catalogue.genres.get(row.genreId));
    },

    async instrumentsOf(userIds: readonly string[]): Promise<UserInstrument[][]> {
      const [rows, catalogue] = await Promise.all([
        db
          .select()
          .from(userInstruments)
          .where(inArray(userInstruments.userId, [...userIds]))
          .orderBy(asc(userInstruments.position)),
        lookups.catalogue(),
      ]);
      return groupByUser(userIds, rows, (row) => {
        const instrument = catalogue.instruments.get(row.instrumentId);
        return instrument
          ? {
              instrument,
              skill_level: row.skillLevel,
              type_slugs: row.typeSlugs,
              style_slugs: row.styleSlugs,
            }
          : undefined;
      });
    },

    async userTypesOf(userIds: readonly string[]): Promise<UserTypeNode[][]> {
      const [rows, catalogue] = await Promise.all([
        db
          .select()
          .from(userUserTypes)
          .where(inArray(userUserTypes.userId, [...userIds]))
          .orderBy(asc(userUserTypes.position)),
        lookups.catalogue(),
      ]);
      return groupByUser(userIds, rows, (row) => catalogue.userTypes.get(row.userTypeId));
    },

    /** Profile pictures by file id (DataLoader batch), in the order asked; missing ones are null. */
    async avatars(fileIds: readonly string[]): Promise<(FileRow | null)[]> {
      const rows = await files.byIds(fileIds);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return fileIds.map((id) => byId.get(id) ?? null);
    },

    /** The premium features an account holds now (expired grants left out). */
    async premiumFeaturesOf(userId: string): Promise<PremiumFeature[]> {
      const rows = await db
        .select({ feature: premiumFeatures.feature })
        .from(premiumFeatures)
        .where(
          and(
            eq(premiumFeatures.userId, userId),
            or(isNull(premiumFeatures.expiresAt), gt(premiumFeatures.expiresAt, now())),
          ),
        )
        .orderBy(asc(premiumFeatures.feature));
      return rows.map((row) => row.feature);
    },

    /** An administrator sets which premium features an account holds (replacing the previous set). */
    async setPremiumFeatures(
      userId: string,
      features: readonly PremiumFeature[],
      expiresAt: Date | null,
      grantedById: string,
    ): Promise<PremiumFeature[]> {
      await usersService.requireById(userId);
      await db.transaction(async (tx) => {
        await tx.delete(premiumFeatures).where(eq(premiumFeatures.userId, userId));
        if (features.length > 0) {
          await tx
            .insert(premiumFeatures)
            .values(features.map((feature) => ({ userId, feature, expiresAt, grantedById })));
        }
      });
      return [...features].sort();
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
