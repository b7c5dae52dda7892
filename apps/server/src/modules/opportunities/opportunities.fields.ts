import {
  type OpportunityStatus,
  type UpdateOpportunityInput,
  type ValidationMap,
} from '@encore/core';
import ISO6391 from 'iso-639-1';
import sanitizeHtml from 'sanitize-html';
import { checkChoices, type LookupsService } from '../lookups/lookups.service';
import { instantIn, localIn } from './opportunities.dates';
import type { OpportunityRow } from './opportunities.table';

/** The rich text the description may hold: what the wizard's editor produces, nothing that runs. */
const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'blockquote',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

export function sanitiseDescription(html: string): string | null {
  const clean = sanitizeHtml(html, DESCRIPTION_HTML).trim();
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim();
  return text === '' ? null : clean;
}

/** The fields of a draft input without what is handled apart (id, files, payment options). */
export type FieldInput = Omit<
  UpdateOpportunityInput,
  | 'id'
  | 'confirm_changes'
  | 'payment_options'
  | 'media_file_ids'
  | 'gallery_file_ids'
  | 'logo_file_id'
  | 'slug'
>;

const DATE_FIELDS = [
  ['deadline_date', 'deadlineAt'],
  ['start_date', 'startsAt'],
  ['end_date', 'endsAt'],
  ['publish_at', 'publishAt'],
  ['answer_by_date', 'answerByAt'],
] as const;

type Columns = Partial<OpportunityRow>;

/**
 * The columns an input sets, checked against the catalogue and each other; problems are noted
 * by input path, never thrown, so one answer lists them all. `current` is the saved row (or
 * null for a new draft): dates are wall-clock times in the opportunity's time zone, and a new
 * time zone keeps the wall-clock times of the dates already set.
 */
export async function columnsFrom(
  input: FieldInput,
  current: OpportunityRow | null,
  lookups: LookupsService,
  problems: ValidationMap,
): Promise<Columns> {
  const columns: Columns = {};
  const copy = <K extends keyof FieldInput, C extends keyof OpportunityRow>(
    field: K,
    column: C,
  ) => {
    if (input[field] !== undefined) columns[column] = input[field] as unknown as OpportunityRow[C];
  };
  copy('title', 'title');
  copy('summary', 'summary');
  copy('venue', 'venue');
  copy('street', 'street');
  copy('time_visibility', 'timeVisibility');
  copy('types', 'types');
  copy('target', 'target');
  copy('experience_level', 'experienceLevel');
  copy('min_age', 'minAge');
  copy('max_age', 'maxAge');
  copy('video_links', 'videoLinks');
  copy('is_private', 'isPrivate');
  copy('is_virtual', 'isVirtual');
  copy('is_worldwide', 'isWorldwide');
  copy('approval_type', 'approvalType');
  copy('blind_review', 'blindReview');
  copy('payment_type', 'paymentType');
  copy('external_payment_url', 'externalPaymentUrl');
  if (input.description !== undefined) {
    columns.description =
      input.description === null ? null : sanitiseDescription(input.description);
  }

  const catalogue = await lookups.catalogue();
  if (input.genres) {
    checkChoices(problems, 'genres', input.genres, catalogue.genres);
    columns.genres = [...new Set(input.genres)];
  }
  if (input.instruments) {
    checkChoices(problems, 'instruments', input.instruments, catalogue.instruments);
    columns.instruments = [...new Set(input.instruments)];
  }
  if (input.types) columns.types = [...new Set(input.types)];
  if (input.languages) {
    input.languages.forEach((code, index) => {
      if (!ISO6391.validate(code))
        (problems[`input.languages.${index}`] ??= []).push('validation.language');
    });
    columns.languages = [...new Set(input.languages)];
  }
  if (input.target_countries) {
    for (const [index, code] of input.target_countries.entries()) {
      if (!(await lookups.country(code, 'en'))) {
        (problems[`input.target_countries.${index}`] ??= []).push('validation.country');
      }
    }
    columns.targetCountries = [...new Set(input.target_countries)];
  }

  if (input.city_id !== undefined) {
    if (input.city_id === null) {
      Object.assign(columns, { cityId: null, countryCode: null, latitude: null, longitude: null });
    } else {
      const place = await lookups.placeOfCity(input.city_id);
      if (place) Object.assign(columns, place);
      else problems['input.city_id'] = ['validation.city'];
    }
  }

  const timeZone = input.time_zone ?? current?.timeZone;
  if (input.time_zone !== undefined) columns.timeZone = input.time_zone;
  for (const [field, column] of DATE_FIELDS) {
    const given = input[field];
    if (given === null) columns[column] = null;
    else if (given !== undefined && timeZone) {
      const instant = instantIn(given, timeZone);
      if (instant) columns[column] = instant;
      else problems[`input.${field}`] = ['validation.datetime'];
    } else if (input.time_zone && current && current.timeZone !== input.time_zone) {
      const saved = current[column];
      if (saved) columns[column] = instantIn(localIn(saved, current.timeZone), input.time_zone);
    }
  }

  checkOrder(columns, current, problems);
  return columns;
}

/** Dates and ages that contradict each other, on the values as they will be saved. */
function checkOrder(columns: Columns, current: OpportunityRow | null, problems: ValidationMap) {
  const value = <K extends keyof OpportunityRow>(key: K): OpportunityRow[K] | null | undefined =>
    key in columns ? columns[key] : current?.[key];
  const startsAt = value('startsAt');
  const endsAt = value('endsAt');
  const deadlineAt = value('deadlineAt');
  const publishAt = value('publishAt');
  if (startsAt && endsAt && endsAt < startsAt)
    problems['input.end_date'] ??= ['validation.end_before_start'];
  if (deadlineAt && endsAt && deadlineAt > endsAt)
    problems['input.deadline_date'] ??= ['validation.deadline_after_end'];
  if (publishAt && deadlineAt && publishAt >= deadlineAt)
    problems['input.publish_at'] ??= ['validation.publish_after_deadline'];
  const answerByAt = value('answerByAt');
  if (answerByAt && deadlineAt && answerByAt < deadlineAt)
    problems['input.answer_by_date'] ??= ['validation.answer_by_before_deadline'];
  if (answerByAt && startsAt && answerByAt > startsAt)
    problems['input.answer_by_date'] ??= ['validation.answer_by_after_start'];
  if (answerByAt && value('paymentType') !== 'PAID_INTERNAL')
    problems['input.answer_by_date'] ??= ['validation.answer_by_paid_only'];
  const minAge = value('minAge');
  const maxAge = value('maxAge');
  if (minAge != null && maxAge != null && minAge > maxAge)
    problems['input.max_age'] ??= ['validation.age_range'];
}

/**
 * What stops a draft from going live, by field: what an applicant needs to decide, a place (or
 * virtual or worldwide), a deadline still ahead, prices for a paid one.
 */
export function publishProblems(
  row: OpportunityRow,
  paymentOptionsCount: number,
  now: Date,
): ValidationMap {
  const problems: ValidationMap = {};
  const need = (field: string, missing: boolean, key = 'validation.required') => {
    if (missing) problems[`input.${field}`] = [key];
  };
  need('description', !row.description);
  need('deadline_date', !row.deadlineAt);
  need(
    'deadline_date',
    Boolean(row.deadlineAt && row.deadlineAt <= now),
    'validation.deadline_past',
  );
  need(
    'city_id',
    !row.cityId && !row.isVirtual && !row.isWorldwide,
    'validation.location_required',
  );
  need('types', row.types.length === 0);
  need('target', row.target.length === 0);
  need('payment_options', row.paymentType === 'PAID_INTERNAL' && paymentOptionsCount === 0);
  need('external_payment_url', row.paymentType === 'PAID_EXTERNAL' && !row.externalPaymentUrl);
  return problems;
}

/** Statuses an opportunity can be taken back to a draft from: nobody could apply yet. */
export const UNPUBLISHABLE_STATUSES: readonly OpportunityStatus[] = ['SCHEDULED'];
