import { z } from 'zod';
import { SORT_FIELDS } from './constants';
import { isPaymentCurrency, roundMinorUnits } from './currencies';
import { isCalendarDate } from './dates';
import {
  APPROVAL_TYPES,
  OPPORTUNITY_PAYMENT_TYPES,
  PROFESSIONAL_LEVELS,
  TARGET_USERS,
  type OpportunityStatus,
} from './enums';
import { ORGANISATION_SLUG_PATTERN } from './organisation';
import { isVideoLink } from './video-links';

/** What kind of opportunity it is; the search filters and facets by these. */
export const OPPORTUNITY_TYPES = [
  'gig',
  'festival',
  'competition',
  'open_call',
  'residency',
  'workshop',
  'masterclass',
  'audition',
  'showcase',
  'grant',
  'recording',
  'tour',
  'exhibition',
  'conference',
] as const;
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];

export const OPPORTUNITY_LIMITS = {
  titleMin: 3,
  titleMax: 150,
  slugMin: 3,
  slugMax: 80,
  summaryMax: 300,
  descriptionMax: 20_000,
  venueMax: 150,
  streetMax: 200,
  typesMax: 5,
  genresMax: 20,
  instrumentsMax: 30,
  languagesMax: 20,
  targetCountriesMax: 250,
  mediaMax: 10,
  galleryMax: 12,
  videoLinksMax: 5,
  paymentOptionsMax: 10,
  paymentOptionTitleMax: 100,
  paymentOptionDescriptionMax: 500,
  /** 100,000.00 in a two-decimal currency. */
  costMax: 10_000_000,
  slotsMax: 100_000,
  ageMax: 120,
  externalPaymentUrlMax: 500,
} as const;

/** Statuses in which an opportunity is shown to artists (listed, unless private). */
export const LIVE_OPPORTUNITY_STATUSES = [
  'PUBLISHED',
  'ACTIVE',
  'CLOSED',
] as const satisfies readonly OpportunityStatus[];

/**
 * A wall-clock time in the opportunity's time zone, as the wizard's date and time inputs give it:
 * `2027-05-01 18:30:00`, `2027-05-01T18:30` or a bare date `2027-05-01` (midnight).
 */
export const LOCAL_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/** True for an IANA time zone this runtime knows (`Europe/Lisbon`, `UTC`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
}

const localDateTime = z.string().trim().regex(LOCAL_DATETIME_PATTERN, 'validation.datetime');
const slugList = (max: number) => z.array(z.string().trim().min(1).max(80)).max(max);

export const paymentOptionSchema = z
  .strictObject({
    /** Present when an existing option is edited; absent for a new one. */
    id: z.uuid().nullish(),
    title: z.string().trim().min(1).max(OPPORTUNITY_LIMITS.paymentOptionTitleMax),
    description: z.string().trim().max(OPPORTUNITY_LIMITS.paymentOptionDescriptionMax).nullish(),
    /** Minor units of the currency (cents). */
    cost: z.number().int().min(0).max(OPPORTUNITY_LIMITS.costMax),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => isPaymentCurrency(code), 'validation.currency'),
    /** Null for no limit. */
    slots: z.number().int().min(1).max(OPPORTUNITY_LIMITS.slotsMax).nullish(),
    deadline_date: localDateTime.nullish(),
  })
  .superRefine((option, context) => {
    // A price must be payable in coins: Swiss francs in steps of 0.05.
    if (
      isPaymentCurrency(option.currency) &&
      roundMinorUnits(option.cost, option.currency) !== option.cost
    ) {
      context.addIssue({ code: 'custom', path: ['cost'], message: 'validation.cost_rounding' });
    }
  });
export type PaymentOptionInput = z.output<typeof paymentOptionSchema>;

export const timeVisibilitySchema = z.strictObject({
  start_time: z.boolean(),
  end_time: z.boolean(),
  deadline_time: z.boolean(),
});

/**
 * Every field of an opportunity, each optional: the wizard saves a draft after every step with
 * the fields of that step. An absent field stays as it is; null clears it. Publishing checks
 * completeness separately (publishProblems).
 */
export const opportunityDraftSchema = z.strictObject({
  title: z.string().trim().min(OPPORTUNITY_LIMITS.titleMin).max(OPPORTUNITY_LIMITS.titleMax),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(OPPORTUNITY_LIMITS.slugMin)
    .max(OPPORTUNITY_LIMITS.slugMax)
    .regex(ORGANISATION_SLUG_PATTERN, 'validation.slug'),
  summary: z.string().trim().max(OPPORTUNITY_LIMITS.summaryMax).nullish(),
  /** Rich text (HTML); the server keeps only the tags it allows. */
  description: z
    .string()
    .max(OPPORTUNITY_LIMITS.descriptionMax * 2)
    .nullish(),
  venue: z.string().trim().max(OPPORTUNITY_LIMITS.venueMax).nullish(),
  street: z.string().trim().max(OPPORTUNITY_LIMITS.streetMax).nullish(),
  city_id: z
    .string()
    .regex(/^\d{1,12}$/, 'validation.city')
    .nullish(),
  time_zone: z.string().trim().refine(isTimeZone, 'validation.time_zone'),
  deadline_date: localDateTime.nullish(),
  answer_by_date: localDateTime.nullish(),
  start_date: localDateTime.nullish(),
  end_date: localDateTime.nullish(),
  publish_at: localDateTime.nullish(),
  time_visibility: timeVisibilitySchema,
  types: z.array(z.enum(OPPORTUNITY_TYPES)).max(OPPORTUNITY_LIMITS.typesMax),
  genres: slugList(OPPORTUNITY_LIMITS.genresMax),
  instruments: slugList(OPPORTUNITY_LIMITS.instrumentsMax),
  target: z.array(z.enum(TARGET_USERS)).max(TARGET_USERS.length),
  experience_level: z.array(z.enum(PROFESSIONAL_LEVELS)).max(PROFESSIONAL_LEVELS.length),
  languages: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{2}$/, 'validation.language'),
    )
    .max(OPPORTUNITY_LIMITS.languagesMax),
  target_countries: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'validation.country'),
    )
    .max(OPPORTUNITY_LIMITS.targetCountriesMax),
  min_age: z.number().int().min(0).max(OPPORTUNITY_LIMITS.ageMax).nullish(),
  max_age: z.number().int().min(0).max(OPPORTUNITY_LIMITS.ageMax).nullish(),
  media_file_ids: z.array(z.uuid('validation.file_reference')).max(OPPORTUNITY_LIMITS.mediaMax),
  gallery_file_ids: z.array(z.uuid('validation.file_reference')).max(OPPORTUNITY_LIMITS.galleryMax),
  logo_file_id: z.uuid('validation.file_reference').nullish(),
  video_links: z
    .array(z.string().trim().max(300).refine(isVideoLink, 'validation.video_link'))
    .max(OPPORTUNITY_LIMITS.videoLinksMax),
  is_private: z.boolean(),
  is_virtual: z.boolean(),
  is_worldwide: z.boolean(),
  approval_type: z.enum(APPROVAL_TYPES),
  blind_review: z.boolean(),
  payment_type: z.enum(OPPORTUNITY_PAYMENT_TYPES),
  external_payment_url: z
    .url({ protocol: /^https?$/ })
    .trim()
    .max(OPPORTUNITY_LIMITS.externalPaymentUrlMax)
    .nullish(),
  payment_options: z.array(paymentOptionSchema).max(OPPORTUNITY_LIMITS.paymentOptionsMax),
});

const partialDraft = opportunityDraftSchema.partial();

const agesInOrder = (input: { min_age?: number | null; max_age?: number | null }) =>
  input.min_age == null || input.max_age == null || input.min_age <= input.max_age;

/** A new draft: it needs a title and a time zone to start; everything else may follow. */
export const createOpportunitySchema = partialDraft
  .extend({
    organisation_id: z.uuid(),
    title: opportunityDraftSchema.shape.title,
    time_zone: opportunityDraftSchema.shape.time_zone,
  })
  .refine(agesInOrder, { message: 'validation.age_range', path: ['max_age'] });

/** One wizard step saved: the fields given change, the rest stay. */
export const updateOpportunitySchema = partialDraft
  .extend({
    id: z.uuid(),
    /** Confirms a change to rules applicants relied on (earlier deadline, prices). */
    confirm_changes: z.boolean().optional(),
  })
  .refine(agesInOrder, { message: 'validation.age_range', path: ['max_age'] });

export type CreateOpportunityInput = z.output<typeof createOpportunitySchema>;
export type UpdateOpportunityInput = z.output<typeof updateOpportunitySchema>;

export const SEARCH_LIMITS = {
  /** Results on a page by default (ours: the seed does not say). */
  pageSize: 20,
  queryMax: 200,
  radiusKmDefault: 50,
  radiusKmMax: 20_000,
  filterItemsMax: 50,
  facetSize: 20,
} as const;

const dateOnly = z.string().trim().refine(isCalendarDate, 'validation.date');

/** `opportunitySearch(input)`: where, what and how to order; every part optional. */
export const opportunitySearchSchema = z
  .strictObject({
    query: z.string().trim().max(SEARCH_LIMITS.queryMax).nullish(),
    near: z
      .strictObject({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
      })
      .nullish(),
    city_id: z
      .string()
      .regex(/^\d{1,12}$/, 'validation.city')
      .nullish(),
    radius_km: z.number().positive().max(SEARCH_LIMITS.radiusKmMax).nullish(),
    order_by_distance: z.boolean().nullish(),
    include_virtual: z.boolean().nullish(),
    include_worldwide: z.boolean().nullish(),
    types: z.array(z.enum(OPPORTUNITY_TYPES)).max(SEARCH_LIMITS.filterItemsMax).nullish(),
    genres: z.array(z.string().trim().max(80)).max(SEARCH_LIMITS.filterItemsMax).nullish(),
    instruments: z.array(z.string().trim().max(80)).max(SEARCH_LIMITS.filterItemsMax).nullish(),
    target: z.array(z.enum(TARGET_USERS)).max(TARGET_USERS.length).nullish(),
    experience_level: z
      .array(z.enum(PROFESSIONAL_LEVELS))
      .max(PROFESSIONAL_LEVELS.length)
      .nullish(),
    languages: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z]{2}$/, 'validation.language'),
      )
      .max(SEARCH_LIMITS.filterItemsMax)
      .nullish(),
    target_countries: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'validation.country'),
      )
      .max(SEARCH_LIMITS.filterItemsMax)
      .nullish(),
    age: z.number().int().min(0).max(OPPORTUNITY_LIMITS.ageMax).nullish(),
    is_free: z.boolean().nullish(),
    price_min: z.number().int().min(0).nullish(),
    price_max: z.number().int().min(0).nullish(),
    deadline_from: dateOnly.nullish(),
    deadline_to: dateOnly.nullish(),
    open_only: z.boolean().nullish(),
    sort: z.strictObject({ field: z.enum(SORT_FIELDS), asc: z.boolean().nullish() }).nullish(),
  })
  .refine((input) => !(input.near && input.city_id), {
    message: 'validation.near_or_city',
    path: ['city_id'],
  });
export type OpportunitySearchInput = z.output<typeof opportunitySearchSchema>;
