import {
  applicationAnswersSchema,
  isEmptyAnswer,
  type AnswerValue,
  type Answers,
  type FormField,
  type LocationAnswer,
} from '@encore/core';
import { takesList } from './answer-shape';

/** What an applicant's profile can answer for them. */
export interface PrefillProfile {
  name: string;
  email: string;
  phone?: string | null;
  city?: { id: string; name: string; country_code: string; country_name?: string | null } | null;
  /** Slugs. */
  genres?: readonly string[] | null;
  /** Slugs. */
  instruments?: readonly string[] | null;
  artist_name?: string | null;
}

/** The profile's city as an address answer: "Lisbon, Portugal". */
function addressOf(city: NonNullable<PrefillProfile['city']>, locale: string): LocationAnswer {
  const country =
    city.country_name ||
    new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(city.country_code) ||
    city.country_code;
  return {
    label: `${city.name}, ${country}`,
    city_id: city.id,
    country_code: city.country_code,
  };
}

function oneOrMany(field: FormField, values: readonly string[] | null | undefined) {
  const present = (values ?? []).filter((value) => value.trim() !== '');
  if (present.length === 0) return undefined;
  return takesList(field) ? [...present] : present[0];
}

function profileAnswer(
  field: FormField,
  profile: PrefillProfile,
  locale: string,
): AnswerValue | undefined {
  switch (field.type) {
    case 'text_field':
      if (field.slug === 'full_name') return profile.name;
      if (field.slug === 'artist_name') return profile.artist_name ?? undefined;
      return undefined;
    case 'email':
      return field.slug === 'email' ? oneOrMany(field, [profile.email]) : undefined;
    case 'location':
      return field.slug === 'address' && profile.city ? addressOf(profile.city, locale) : undefined;
    case 'tel':
      return oneOrMany(field, profile.phone ? [profile.phone] : []);
    case 'genres':
      return oneOrMany(field, profile.genres);
    case 'instruments':
      return oneOrMany(field, profile.instruments);
    default:
      return undefined;
  }
}

/**
 * The answers with the blanks the profile can fill filled in: name, email, artist name, address
 * (from the profile's city), phone numbers, genres and instruments. An answer already given is
 * never replaced, and a profile value the question would refuse (a phone number in a shape the
 * form does not take) is left out rather than put in the way of saving the draft.
 */
export function prefillAnswers(
  fields: readonly FormField[],
  profile: PrefillProfile,
  given: Answers = {},
  locale = 'en',
): Answers {
  const answers: Answers = { ...given };
  for (const field of fields) {
    if (!isEmptyAnswer(answers[field.slug])) continue;
    const value = profileAnswer(field, profile, locale);
    if (value === undefined || isEmptyAnswer(value)) continue;
    const fits = applicationAnswersSchema([field], { complete: false }).safeParse({
      [field.slug]: value,
    }).success;
    if (fits) answers[field.slug] = value;
  }
  return answers;
}
