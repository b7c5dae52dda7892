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
  /** Set under blind review: the files then go by the application's code (`blindFileName`). */
  blind_files?: BlindFiles;
}

/** What names an application's files for a viewer who must not know who sent them. */
export interface BlindFiles {
  code: string;
  /** Each file's place among the application's files, from 1. */
  positions: ReadonlyMap<string, number>;
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

/**
 * The application's files in form order, each with the field it answers; a band member's after
 * their own field, labelled by `memberFolder` (the zip's folders, the blind names' numbers).
 */
export function filesInOrder(
  elements: readonly ApplicationElement[],
  memberFolder: (member: number, field: string) => string,
  folder?: string,
): Array<{ folder: string; fileId: string }> {
  return elements.flatMap((element) => [
    ...element.file_ids.map((fileId) => ({ folder: folder ?? element.field_name, fileId })),
    ...element.child_elements.flatMap((member, index) =>
      member.child_elements.flatMap((child) =>
        filesInOrder([child], memberFolder, memberFolder(index + 1, child.field_name)),
      ),
    ),
  ]);
}

/** Each file of an application numbered from 1 in form order, for `blindFileName`. */
export function blindFilesOf(code: string, elements: readonly ApplicationElement[]): BlindFiles {
  const positions = new Map<string, number>();
  for (const { fileId } of filesInOrder(elements, () => '')) {
    if (!positions.has(fileId)) positions.set(fileId, positions.size + 1);
  }
  return { code, positions };
}

/**
 * An applicant's file as a blind reviewer sees it: the application's code and the file's place
 * in it (`HLF-7K3M9Q-2.pdf`), since the name they gave it often says who they are.
 */
export function blindFileName(blind: BlindFiles, fileId: string, extension: string): string {
  const position = blind.positions.get(fileId);
  return `${blind.code}-${position ?? 'file'}.${extension}`;
}

/** The elements with their files named for a blind reviewer, band members' included. */
export function withBlindFiles(
  elements: readonly ApplicationElement[],
  blind: BlindFiles,
): ApplicationElement[] {
  return elements.map((element) => ({
    ...element,
    blind_files: blind,
    child_elements: withBlindFiles(element.child_elements, blind),
  }));
}
