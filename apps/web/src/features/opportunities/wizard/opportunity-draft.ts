import type { CityOption } from '../../../components/CityAutocomplete';
import type {
  ApprovalType,
  OpportunityFieldsFragment,
  OpportunityFileFieldsFragment,
  OpportunityPaymentType,
  OpportunityType,
  TargetUser,
  UpdateOpportunityInput,
} from '../../../gql/graphql';
import { fromMinorUnits, getCurrency, toMinorUnits } from '@encore/core';

/** The wizard's steps in order; each saves its own fields. */
export const WIZARD_STEPS = [
  'basics',
  'schedule',
  'audience',
  'media',
  'applications',
  'payment',
  'review',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function isWizardStep(value: string | null): value is WizardStep {
  return WIZARD_STEPS.some((step) => step === value);
}

/** A file attached to the draft: saved before, or uploaded in this visit. */
export interface DraftFile {
  id: string;
  name: string;
  url: string;
  thumb: string | null;
}

const draftFile = (file: OpportunityFileFieldsFragment): DraftFile => ({
  id: file.id,
  name: file.name,
  url: file.url,
  thumb: file.thumb,
});

export interface PaymentOptionDraft {
  /** Saved options keep their id so the server updates instead of replacing them. */
  id?: string;
  title: string;
  description: string;
  /** Major units as typed: "25" or "25.50". */
  cost: string;
  currency: string;
  slots: string;
  deadline_date: string;
}

/** Every field of an opportunity as the editor's inputs hold it (text inputs hold strings). */
export interface OpportunityDraft {
  title: string;
  slug: string;
  summary: string;
  description: string;
  types: OpportunityType[];
  time_zone: string;
  publish_at: string;
  deadline_date: string;
  start_date: string;
  end_date: string;
  /** The answer-by promise (paid through Encore only), wall-clock like the deadline. */
  answer_by_date: string;
  time_visibility: { start_time: boolean; end_time: boolean; deadline_time: boolean };
  venue: string;
  street: string;
  city: CityOption | null;
  is_virtual: boolean;
  is_worldwide: boolean;
  target: TargetUser[];
  experience_level: string[];
  genres: string[];
  instruments: string[];
  languages: string[];
  target_countries: string[];
  min_age: string;
  max_age: string;
  logo_file_id: string | null;
  gallery: DraftFile[];
  media: DraftFile[];
  video_links: string[];
  approval_type: ApprovalType;
  blind_review: boolean;
  is_private: boolean;
  payment_type: OpportunityPaymentType;
  external_payment_url: string;
  payment_options: PaymentOptionDraft[];
}

/** The browser's own zone: a new opportunity usually happens where its organiser is. */
export function defaultTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function emptyDraft(timeZone: string = defaultTimeZone()): OpportunityDraft {
  return {
    title: '',
    slug: '',
    summary: '',
    description: '',
    types: [],
    time_zone: timeZone,
    publish_at: '',
    deadline_date: '',
    start_date: '',
    end_date: '',
    answer_by_date: '',
    time_visibility: { start_time: true, end_time: true, deadline_time: true },
    venue: '',
    street: '',
    city: null,
    is_virtual: false,
    is_worldwide: false,
    target: [],
    experience_level: [],
    genres: [],
    instruments: [],
    languages: [],
    target_countries: [],
    min_age: '',
    max_age: '',
    logo_file_id: null,
    gallery: [],
    media: [],
    video_links: [],
    approval_type: 'ON_REVIEW',
    blind_review: false,
    is_private: false,
    payment_type: 'FREE',
    external_payment_url: '',
    payment_options: [],
  };
}

/** `2027-05-01 18:30` (the API's wall-clock time) as a datetime-local input value. */
export function toInputDateTime(local: string | null | undefined): string {
  if (!local) return '';
  return local.replace(' ', 'T').slice(0, 16);
}

export function minorToMajor(minor: number, currency: string): string {
  return fromMinorUnits(minor, currency).toFixed(getCurrency(currency).decimalDigits);
}

/** "25.5" or "25,50" EUR → 2550; null when it is not an amount. */
export function majorToMinor(major: string, currency: string): number | null {
  const normalised = major.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return null;
  return toMinorUnits(Number(normalised), currency);
}

export function draftFrom(opportunity: OpportunityFieldsFragment): OpportunityDraft {
  return {
    title: opportunity.title,
    slug: opportunity.slug,
    summary: opportunity.summary ?? '',
    description: opportunity.description ?? '',
    types: [...opportunity.types],
    time_zone: opportunity.time_zone,
    publish_at: toInputDateTime(opportunity.local_dates.publish_at),
    deadline_date: toInputDateTime(opportunity.local_dates.deadline_date),
    start_date: toInputDateTime(opportunity.local_dates.start_date),
    end_date: toInputDateTime(opportunity.local_dates.end_date),
    answer_by_date: toInputDateTime(opportunity.local_dates.answer_by_date),
    time_visibility: {
      start_time: opportunity.time_visibility.start_time,
      end_time: opportunity.time_visibility.end_time,
      deadline_time: opportunity.time_visibility.deadline_time,
    },
    venue: opportunity.venue ?? '',
    street: opportunity.street ?? '',
    city: opportunity.city
      ? {
          id: opportunity.city.id,
          name: opportunity.city.name,
          country: opportunity.city.country,
        }
      : null,
    is_virtual: opportunity.is_virtual,
    is_worldwide: opportunity.is_worldwide,
    target: [...opportunity.target],
    experience_level: [...opportunity.experience_level],
    genres: opportunity.genres.map((genre) => genre.slug),
    instruments: opportunity.instruments.map((instrument) => instrument.slug),
    languages: [...opportunity.languages],
    target_countries: opportunity.target_countries.map((country) => country.code),
    min_age: opportunity.min_age === null ? '' : String(opportunity.min_age),
    max_age: opportunity.max_age === null ? '' : String(opportunity.max_age),
    logo_file_id: opportunity.logo?.id ?? null,
    gallery: opportunity.gallery.map(draftFile),
    media: opportunity.media.map(draftFile),
    video_links: opportunity.video_links.map((link) => link.url),
    approval_type: opportunity.approval_type,
    blind_review: opportunity.blind_review,
    is_private: opportunity.is_private,
    payment_type: opportunity.payment_type,
    external_payment_url: opportunity.external_payment_url ?? '',
    payment_options: opportunity.payment_options.map((option) => ({
      id: option.id,
      title: option.title,
      description: option.description ?? '',
      cost: minorToMajor(option.cost, option.currency),
      currency: option.currency,
      slots: option.slots === null ? '' : String(option.slots),
      deadline_date: toInputDateTime(option.local_deadline_date),
    })),
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());
const intOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * The fields one step saves. Empty inputs clear their field (null). Prices are checked by the
 * payment step before saving; one that slipped through goes as -1 for the server to name.
 */
export function stepInput(
  step: WizardStep,
  draft: OpportunityDraft,
): Partial<UpdateOpportunityInput> {
  switch (step) {
    case 'basics':
      return {
        title: draft.title.trim(),
        ...(draft.slug.trim() ? { slug: draft.slug.trim() } : {}),
        summary: textOrNull(draft.summary),
        description: textOrNull(draft.description),
        types: draft.types,
      };
    case 'schedule':
      return {
        time_zone: draft.time_zone,
        publish_at: textOrNull(draft.publish_at),
        deadline_date: textOrNull(draft.deadline_date),
        start_date: textOrNull(draft.start_date),
        end_date: textOrNull(draft.end_date),
        time_visibility: draft.time_visibility,
        venue: textOrNull(draft.venue),
        street: textOrNull(draft.street),
        city_id: draft.city?.id ?? null,
        is_virtual: draft.is_virtual,
        is_worldwide: draft.is_worldwide,
      };
    case 'audience':
      return {
        target: draft.target,
        experience_level: draft.experience_level,
        genres: draft.genres,
        instruments: draft.instruments,
        languages: draft.languages,
        target_countries: draft.target_countries,
        min_age: intOrNull(draft.min_age),
        max_age: intOrNull(draft.max_age),
      };
    case 'media':
      return {
        logo_file_id: draft.logo_file_id,
        gallery_file_ids: draft.gallery.map((file) => file.id),
        media_file_ids: draft.media.map((file) => file.id),
        video_links: draft.video_links.map((link) => link.trim()).filter(Boolean),
      };
    case 'applications':
      return {
        approval_type: draft.approval_type,
        blind_review: draft.blind_review,
        is_private: draft.is_private,
      };
    case 'payment':
      return {
        payment_type: draft.payment_type,
        external_payment_url:
          draft.payment_type === 'PAID_EXTERNAL' ? textOrNull(draft.external_payment_url) : null,
        // The promise is about fees paid through Encore; any other way of paying clears it.
        answer_by_date:
          draft.payment_type === 'PAID_INTERNAL' ? textOrNull(draft.answer_by_date) : null,
        payment_options:
          draft.payment_type === 'PAID_INTERNAL'
            ? draft.payment_options.map((option) => ({
                ...(option.id ? { id: option.id } : {}),
                title: option.title.trim(),
                description: textOrNull(option.description),
                cost: majorToMinor(option.cost, option.currency) ?? -1,
                currency: option.currency,
                slots: intOrNull(option.slots),
                deadline_date: textOrNull(option.deadline_date),
              }))
            : [],
      };
    case 'review':
      return {};
  }
}

/** Which step holds a field the server named (`payment_options.0.cost` → payment). */
export function stepOfField(field: string): WizardStep {
  const root = field.replace(/^input\./, '').split('.')[0] ?? '';
  const fields: Record<Exclude<WizardStep, 'review'>, string[]> = {
    basics: ['title', 'slug', 'summary', 'description', 'types'],
    schedule: [
      'time_zone',
      'publish_at',
      'deadline_date',
      'start_date',
      'end_date',
      'time_visibility',
      'venue',
      'street',
      'city_id',
      'is_virtual',
      'is_worldwide',
    ],
    audience: [
      'target',
      'experience_level',
      'genres',
      'instruments',
      'languages',
      'target_countries',
      'min_age',
      'max_age',
    ],
    media: ['logo_file_id', 'gallery_file_ids', 'media_file_ids', 'video_links'],
    applications: ['approval_type', 'blind_review', 'is_private'],
    payment: ['payment_type', 'external_payment_url', 'payment_options', 'answer_by_date'],
  };
  for (const [step, names] of Object.entries(fields)) {
    if (names.includes(root)) return step as WizardStep;
  }
  return 'review';
}
