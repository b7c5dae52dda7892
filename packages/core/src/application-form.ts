import { z } from 'zod';
import {
  FORM_FIELD_SUBTYPES,
  FORM_FIELD_TYPES,
  FORM_TYPES,
  TARGET_USERS,
  type AccountType,
  type FormFieldSubtype,
  type FormFieldType,
  type FormType,
  type TargetUser,
} from './enums';
import { SUPPORTED_LOCALES } from './locales';
import { parseVideoLink } from './video-links';

/**
 * An application form as the organiser builds it and the applicant fills it in (SEED-SPEC point 3,
 * "Application form"). One definition gives one zod schema of answers (`applicationAnswersSchema`),
 * which the web form and the server both use, so the two can never disagree.
 */

/** A band's form (artist name and members) is GENERAL; a person's own form is INDIVIDUAL. */
export const FORM_TYPE_OF_TARGET: Record<TargetUser, FormType> = {
  BANDS: 'GENERAL',
  INDIVIDUALS: 'INDIVIDUAL',
};

/** The form types an opportunity takes: one per kind of applicant it is for; all while it says none. */
export function formTypesOf(target: readonly TargetUser[]): FormType[] {
  const wanted = target.length === 0 ? TARGET_USERS : target;
  const types = new Set(wanted.map((kind) => FORM_TYPE_OF_TARGET[kind]));
  return FORM_TYPES.filter((type) => types.has(type));
}

/** The form an opportunity shows first: the band form when it is for bands only. */
export function primaryFormType(target: readonly TargetUser[]): FormType {
  const types = formTypesOf(target);
  return types.length === 1 ? types[0]! : 'INDIVIDUAL';
}

/** The form an applicant fills in when they do not say: the only one, or their account's kind. */
export function applicantFormType(
  target: readonly TargetUser[],
  accountType: AccountType | undefined,
): FormType {
  const types = formTypesOf(target);
  if (types.length === 1) return types[0]!;
  return accountType === 'BAND' ? 'GENERAL' : 'INDIVIDUAL';
}

/** Fields every form of a type has, required, that the organiser cannot remove (SEED-SPEC §5). */
export const FIXED_FORM_FIELDS: Record<FormType, readonly string[]> = {
  INDIVIDUAL: ['full_name', 'email', 'address'],
  GENERAL: ['artist_name', 'full_name', 'email', 'address'],
};

/** What a fixed field must stay: its type cannot change. */
export const FIXED_FIELD_TYPES: Record<string, FormFieldType> = {
  artist_name: 'text_field',
  full_name: 'text_field',
  email: 'email',
  address: 'location',
};

export const FILE_FIELD_TYPES = ['image', 'audio', 'attachment'] as const satisfies FormFieldType[];
export type FileFieldType = (typeof FILE_FIELD_TYPES)[number];

export const FORM_LIMITS = {
  fields: 80,
  childFields: 20,
  choices: 100,
  labelLength: 200,
  choiceLength: 200,
  termsLength: 20_000,
  /** Default and largest length of a one-line answer and of a long answer. */
  textLength: 500,
  textareaLength: 10_000,
  maxMembers: 30,
  /** Megabytes per file, and files per field. */
  fileSizeMb: 25,
  fileCount: 10,
  urls: 20,
} as const;

/** Which files a file field takes when the organiser says nothing more. */
export const DEFAULT_ACCEPT: Record<FileFieldType, string[]> = {
  image: ['image/*'],
  audio: ['audio/*'],
  attachment: ['application/pdf', 'image/*', 'audio/*', 'text/plain'],
};

const SLUG_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
const ACCEPT_PATTERN = /^(?:[a-z]+\/(?:\*|[\w.+-]+)|\.[a-z0-9]{1,10})$/;

export interface FormField {
  id: string;
  label: string;
  type: FormFieldType;
  subtype: FormFieldSubtype | null;
  slug: string;
  order: number;
  is_required: boolean;
  is_multiple: boolean;
  choices: string[];
  min_length: number | null;
  max_length: number | null;
  /** Largest file in megabytes. */
  file_size: number | null;
  /** Most files. */
  file_count: number | null;
  /** MIME types, families (`audio/*`) or extensions (`.pdf`). */
  accept: string[];
  child_fields: FormField[];
}

const baseFieldSchema = z.strictObject({
  id: z.string().trim().min(1).max(64),
  label: z.string().trim().min(1).max(FORM_LIMITS.labelLength),
  type: z.enum(FORM_FIELD_TYPES),
  subtype: z.enum(FORM_FIELD_SUBTYPES).nullish().default(null),
  slug: z.string().regex(SLUG_PATTERN, 'validation.form.slug'),
  order: z.number().int().min(0).max(10_000),
  is_required: z.boolean().default(false),
  is_multiple: z.boolean().default(false),
  choices: z
    .array(z.string().trim().min(1).max(FORM_LIMITS.choiceLength))
    .max(FORM_LIMITS.choices)
    .default([]),
  min_length: z.number().int().min(0).max(FORM_LIMITS.textareaLength).nullish().default(null),
  max_length: z.number().int().min(1).max(FORM_LIMITS.textareaLength).nullish().default(null),
  file_size: z.number().int().min(1).max(FORM_LIMITS.fileSizeMb).nullish().default(null),
  file_count: z.number().int().min(1).max(FORM_LIMITS.fileCount).nullish().default(null),
  accept: z.array(z.string().trim().toLowerCase().regex(ACCEPT_PATTERN)).max(30).default([]),
});

export const formFieldSchema: z.ZodType<FormField, unknown> = baseFieldSchema
  .extend({
    child_fields: z
      .array(z.lazy(() => formFieldSchema))
      .max(FORM_LIMITS.childFields)
      .default([]),
  })
  .superRefine((field, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (field.type === 'list' && field.choices.length === 0) {
      problem('choices', 'validation.form.choices_required');
    }
    if (
      field.min_length !== null &&
      field.max_length !== null &&
      field.min_length > field.max_length
    ) {
      problem('min_length', 'validation.form.length_order');
    }
    if (field.type === 'group_members') {
      if (field.child_fields.length === 0)
        problem('child_fields', 'validation.form.members_fields');
    } else if (field.child_fields.length > 0) {
      problem('child_fields', 'validation.form.children_only_members');
    }
    if (field.child_fields.some((child) => child.type === 'group_members')) {
      problem('child_fields', 'validation.form.nested_members');
    }
    duplicateSlugIndexes(field.child_fields).forEach((index) =>
      context.addIssue({
        code: 'custom',
        path: ['child_fields', index, 'slug'],
        message: 'validation.form.duplicate_slug',
      }),
    );
  });

export const applicationFormSchema = z
  .strictObject({
    type: z.enum(FORM_TYPES),
    fields: z.array(formFieldSchema).min(1).max(FORM_LIMITS.fields),
    terms: z.string().trim().max(FORM_LIMITS.termsLength).nullish().default(null),
    supported_languages: z
      .array(z.enum(SUPPORTED_LOCALES))
      .max(SUPPORTED_LOCALES.length)
      .default([]),
    is_active: z.boolean().default(true),
    is_skipped: z.boolean().default(false),
    max_members: z.number().int().min(1).max(FORM_LIMITS.maxMembers).nullish().default(null),
  })
  .superRefine((form, context) => {
    for (const slug of FIXED_FORM_FIELDS[form.type]) {
      const field = form.fields.find((candidate) => candidate.slug === slug);
      if (!field || !field.is_required || field.type !== FIXED_FIELD_TYPES[slug]) {
        context.addIssue({
          code: 'custom',
          path: ['fields', slug],
          message: 'validation.form.fixed_field',
        });
      }
    }
    if (form.type === 'INDIVIDUAL' && form.fields.some((field) => field.type === 'group_members')) {
      context.addIssue({
        code: 'custom',
        path: ['fields'],
        message: 'validation.form.members_on_band_forms',
      });
    }
    duplicateSlugIndexes(form.fields).forEach((index) =>
      context.addIssue({
        code: 'custom',
        path: ['fields', index, 'slug'],
        message: 'validation.form.duplicate_slug',
      }),
    );
  });

export type ApplicationFormDefinition = z.output<typeof applicationFormSchema>;

/** Positions of fields whose slug an earlier sibling already has. */
function duplicateSlugIndexes(fields: readonly FormField[]): number[] {
  const seen = new Set<string>();
  return fields.flatMap((field, index) => {
    const repeated = seen.has(field.slug);
    seen.add(field.slug);
    return repeated ? [index] : [];
  });
}

// --- Answers --------------------------------------------------------------------------------

export interface LocationAnswer {
  label: string;
  city_id?: string | null | undefined;
  country_code?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}

export type AnswerValue =
  string | boolean | string[] | LocationAnswer | Array<Record<string, AnswerValue>>;

export type Answers = Record<string, AnswerValue>;

export interface AnswersSchemaOptions {
  /** A draft takes anything well formed; a submission needs every required answer too. */
  complete: boolean;
  /** The most band members (the form's `max_members`). */
  maxMembers?: number | null | undefined;
}

const TEL_PATTERN = /^\+?[0-9 ().-]{5,25}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^\d{2}:\d{2}$/;
const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/;
const FILE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOOKUP_SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,80}$/;

/** An answer left empty: no text, no choice, no file. A required toggle must be switched on. */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && 'label' in value) {
    return typeof value.label !== 'string' || value.label.trim() === '';
  }
  return false;
}

function textLimit(field: FormField): number {
  const largest =
    field.subtype === 'textarea' ? FORM_LIMITS.textareaLength : FORM_LIMITS.textLength;
  return Math.min(field.max_length ?? largest, largest);
}

function manyOrOne(field: FormField, one: z.ZodType, most: number = FORM_LIMITS.urls): z.ZodType {
  return field.is_multiple ? z.array(one).max(most) : one;
}

/** The schema of one answer, present and not empty; emptiness and requiredness are checked around it. */
function valueSchema(field: FormField, options: AnswersSchemaOptions): z.ZodType | null {
  switch (field.type) {
    case 'heading':
      return null;
    case 'text_field':
      return z
        .string()
        .trim()
        .min(options.complete ? (field.min_length ?? 0) : 0)
        .max(textLimit(field));
    case 'email':
      return manyOrOne(field, z.email().trim().max(254));
    case 'tel':
      return manyOrOne(field, z.string().trim().regex(TEL_PATTERN, 'validation.answer.tel'));
    case 'datetime_field': {
      const pattern =
        field.subtype === 'time'
          ? TIME_PATTERN
          : field.subtype === 'datetime'
            ? DATETIME_PATTERN
            : DATE_PATTERN;
      return z
        .string()
        .trim()
        .regex(pattern, `validation.answer.${field.subtype ?? 'date'}`);
    }
    case 'link': {
      const url = z
        .url({ protocol: /^https?$/ })
        .trim()
        .max(2000);
      return field.subtype === 'single_url' || (!field.is_multiple && field.subtype === null)
        ? url
        : z.array(url).max(FORM_LIMITS.urls);
    }
    case 'video_link': {
      const video = z
        .string()
        .trim()
        .max(2000)
        .refine((value) => parseVideoLink(value) !== null, 'validation.answer.video_link');
      return manyOrOne(field, video);
    }
    case 'image':
    case 'audio':
    case 'attachment':
      return z
        .array(z.string().regex(FILE_ID_PATTERN, 'validation.answer.file'))
        .max(field.file_count ?? 1);
    case 'instruments':
    case 'genres':
      return manyOrOne(field, z.string().regex(LOOKUP_SLUG_PATTERN), FORM_LIMITS.choices);
    case 'list': {
      const choice = z.enum(field.choices as [string, ...string[]]);
      return field.is_multiple || field.subtype === 'checkbox' || field.subtype === 'multiple'
        ? z.array(choice).max(field.choices.length)
        : choice;
    }
    case 'toggle':
      return z.boolean();
    case 'location':
      return z.strictObject({
        label: z.string().trim().max(300),
        city_id: z.string().max(40).nullish(),
        country_code: z.string().length(2).nullish(),
        latitude: z.number().min(-90).max(90).nullish(),
        longitude: z.number().min(-180).max(180).nullish(),
      });
    case 'group_members': {
      const member = answersObjectSchema(field.child_fields, options);
      return z.array(member).max(options.maxMembers ?? FORM_LIMITS.maxMembers);
    }
  }
}

function answersObjectSchema(fields: readonly FormField[], options: AnswersSchemaOptions) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const schema = valueSchema(field, options);
    if (!schema) continue;
    const required = options.complete && field.is_required;
    shape[field.slug] = z.preprocess(
      (value) => (isEmptyAnswer(value) && field.type !== 'toggle' ? undefined : value),
      required
        ? field.type === 'toggle'
          ? z.literal(true, { error: 'validation.answer.accept' })
          : schema
        : schema.optional(),
    );
  }
  return z.strictObject(shape);
}

/** The answers a form takes, keyed by field slug; band members are a list of such answers. */
export function applicationAnswersSchema(
  fields: readonly FormField[],
  options: AnswersSchemaOptions,
): z.ZodType<Answers, unknown> {
  return answersObjectSchema(fields, options) as unknown as z.ZodType<Answers, unknown>;
}

/** The label of the field an answer path points at (`group_members.1.full_name`), to name it in errors. */
export function fieldLabelAt(
  fields: readonly FormField[],
  path: readonly PropertyKey[],
): string | null {
  let level = fields;
  let label: string | null = null;
  for (const segment of path) {
    if (typeof segment !== 'string') continue;
    const field = level.find((candidate) => candidate.slug === segment);
    if (!field) break;
    label = field.label;
    level = field.child_fields;
  }
  return label;
}

/** Every field of a form, children included, in order. */
export function flattenFields(fields: readonly FormField[]): FormField[] {
  return [...fields]
    .sort((a, b) => a.order - b.order)
    .flatMap((field) => [field, ...flattenFields(field.child_fields)]);
}

/** Whether `mime` (or the file name's extension) is one of `accept`: exact, a family like `audio/*`, or `.pdf`. */
export function acceptsFile(accept: readonly string[], mime: string, fileName = ''): boolean {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  const extension = fileName.includes('.') ? `.${fileName.split('.').pop()!.toLowerCase()}` : '';
  return accept.some((entry) =>
    entry.startsWith('.')
      ? entry === extension
      : entry.endsWith('/*')
        ? type.startsWith(entry.slice(0, -1))
        : entry === type,
  );
}

/** The types a file field takes: its own list or its type's default. */
export function acceptedTypes(field: Pick<FormField, 'type' | 'accept'>): string[] {
  if (field.accept.length > 0) return field.accept;
  return (FILE_FIELD_TYPES as readonly string[]).includes(field.type)
    ? DEFAULT_ACCEPT[field.type as FileFieldType]
    : [];
}

/** Largest file a file field takes, in bytes. */
export function maxFileBytes(field: Pick<FormField, 'file_size'>): number {
  return (field.file_size ?? FORM_LIMITS.fileSizeMb) * 1024 * 1024;
}
