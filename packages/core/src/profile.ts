import { z } from 'zod';
import { findCurrency } from './currencies';
import { isCalendarDate } from './dates';
import { GENDERS, PROFESSIONAL_LEVELS, SKILL_LEVELS } from './enums';
import { SUPPORTED_LOCALES } from './locales';

export const PROFILE_LIMITS = {
  nameMax: 100,
  aboutMax: 2000,
  genresMax: 20,
  instrumentsMax: 20,
  instrumentKindsMax: 10,
  otherInstrumentsMax: 10,
  otherInstrumentLength: 60,
  userTypesMax: 10,
  /** Nobody younger can hold an account (the age of consent for online services in most of Europe). */
  minimumAge: 13,
} as const;

const slug = z.string().trim().min(1).max(80);
const uniqueSlugs = (max: number) =>
  z
    .array(slug)
    .max(max)
    .transform((list) => [...new Set(list)]);

/** Today's date minus whole years, as `YYYY-MM-DD` (UTC). */
export function yearsAgo(years: number, today: Date = new Date()): string {
  const date = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()),
  );
  return date.toISOString().slice(0, 10);
}

const dateOfBirth = z
  .string()
  .refine(isCalendarDate, 'validation.date')
  .refine(
    (value) => value >= '1900-01-01' && value <= yearsAgo(PROFILE_LIMITS.minimumAge),
    'validation.dob_range',
  );

/** Digits with the usual separators and an optional leading +: what people write on a form. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ().\-/]{4,30}$/;
export const phoneSchema = z
  .string()
  .trim()
  .refine(
    (value) => PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= 5,
    'validation.phone',
  );

export const profileInstrumentSchema = z.strictObject({
  instrument: slug,
  skill_level: z.enum(SKILL_LEVELS).nullish(),
  type_slugs: uniqueSlugs(PROFILE_LIMITS.instrumentKindsMax).default([]),
  style_slugs: uniqueSlugs(PROFILE_LIMITS.instrumentKindsMax).default([]),
});

export const profileSettingsSchema = z.strictObject({
  cur_pref: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => findCurrency(code) !== undefined, 'validation.currency')
    .nullish(),
  lang_pref: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'validation.language')
    .nullish(),
  allow_contact: z.boolean().optional(),
});

/**
 * A profile update: an absent field stays as it is, a null clears it. Slugs are checked against the
 * lookups by the server; lists replace what the profile had.
 */
export const profileInputSchema = z.strictObject({
  name: z.string().trim().min(2).max(PROFILE_LIMITS.nameMax).optional(),
  about: z.string().trim().max(PROFILE_LIMITS.aboutMax).nullish(),
  dob: dateOfBirth.nullish(),
  professional_level: z.enum(PROFESSIONAL_LEVELS).nullish(),
  gender: z.enum(GENDERS).nullish(),
  phone: phoneSchema.nullish(),
  city_id: z
    .string()
    .regex(/^\d{1,12}$/, 'validation.city')
    .nullish(),
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'validation.country')
    .nullish(),
  genres: uniqueSlugs(PROFILE_LIMITS.genresMax).optional(),
  instruments: z
    .array(profileInstrumentSchema)
    .max(PROFILE_LIMITS.instrumentsMax)
    .refine(
      (list) => new Set(list.map((entry) => entry.instrument)).size === list.length,
      'validation.distinct',
    )
    .optional(),
  other_instruments: z
    .array(z.string().trim().min(1).max(PROFILE_LIMITS.otherInstrumentLength))
    .max(PROFILE_LIMITS.otherInstrumentsMax)
    .transform((list) => [...new Set(list)])
    .optional(),
  user_types: uniqueSlugs(PROFILE_LIMITS.userTypesMax).optional(),
  settings: profileSettingsSchema.optional(),
  locale: z.enum(SUPPORTED_LOCALES).optional(),
  avatar_file_id: z.uuid('validation.file_reference').nullish(),
});

export type ProfileInput = z.output<typeof profileInputSchema>;
export type ProfileInstrumentInput = z.output<typeof profileInstrumentSchema>;
