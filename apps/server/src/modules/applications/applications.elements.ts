import type { AnswerValue, Answers, FormField } from '@encore/core';

/** One answered field as the seed shows it (`elements`): band members are child elements. */
export interface ApplicationElement {
  field_name: string;
  slug: string;
  type: FormField['type'];
  subtype: FormField['subtype'];
  value: AnswerValue | null;
  file_ids: string[];
  child_elements: ApplicationElement[];
}

/** Answers that say who someone is; blind review leaves them out. */
const IDENTITY_SLUGS = new Set([
  'full_name',
  'artist_name',
  'email',
  'address',
  'phone',
  'birthday',
]);
const IDENTITY_TYPES = new Set<FormField['type']>(['email', 'tel', 'location']);

export const isIdentityField = (field: Pick<FormField, 'slug' | 'type'>) =>
  IDENTITY_SLUGS.has(field.slug) || IDENTITY_TYPES.has(field.type);

const FILE_TYPES = new Set<FormField['type']>(['image', 'audio', 'attachment']);

/** The form's fields in order with their answers; headings stay, as the applicant saw them. */
export function elementsOf(
  fields: readonly FormField[],
  answers: Answers,
  hideIdentity: boolean,
): ApplicationElement[] {
  return [...fields]
    .sort((a, b) => a.order - b.order)
    .filter((field) => !(hideIdentity && isIdentityField(field)))
    .map((field) => {
      const value = answers[field.slug] ?? null;
      const members = field.type === 'group_members' && Array.isArray(value) ? value : [];
      return {
        field_name: field.label,
        slug: field.slug,
        type: field.type,
        subtype: field.subtype,
        value: field.type === 'group_members' ? null : value,
        file_ids:
          FILE_TYPES.has(field.type) && Array.isArray(value)
            ? value.filter((id): id is string => typeof id === 'string')
            : [],
        child_elements: members.map((member, index) => ({
          field_name: `${index + 1}`,
          slug: `${field.slug}.${index}`,
          type: 'group_members' as const,
          subtype: null,
          value: null,
          file_ids: [],
          child_elements: elementsOf(
            field.child_fields,
            (member && typeof member === 'object' ? member : {}) as Answers,
            hideIdentity,
          ),
        })),
      };
    });
}

/** The answers without identity fields, for a blind reviewer. */
export function withoutIdentity(fields: readonly FormField[], answers: Answers): Answers {
  const kept: Answers = {};
  for (const field of fields) {
    if (isIdentityField(field) || !(field.slug in answers)) continue;
    const value = answers[field.slug]!;
    kept[field.slug] =
      field.type === 'group_members' && Array.isArray(value)
        ? (value as Answers[]).map((member) => withoutIdentity(field.child_fields, member))
        : value;
  }
  return kept;
}
