import { GENDERS, PROFESSIONAL_LEVELS, SKILL_LEVELS } from '@encore/core';
import type { ProfileFormOptionsQuery, ProfileUserFieldsFragment } from '../../gql/graphql';

export type ProfileUser = ProfileUserFieldsFragment;
export type ProfileFormOptions = ProfileFormOptionsQuery;
export type GenreOption = ProfileFormOptionsQuery['profileFormData']['genres'][number];
export type UserTypeOption = ProfileFormOptionsQuery['profileFormData']['types'][number];
export type InstrumentFamily = ProfileFormOptionsQuery['profileFormData']['instruments'][number];
export type InstrumentOption = InstrumentFamily['children'][number] & { family: string };
export type LanguageOption = ProfileFormOptionsQuery['languages'][number];

export { GENDERS, PROFESSIONAL_LEVELS, SKILL_LEVELS };

/** Every instrument with the name of its family, for a grouped list. */
export function instrumentOptions(families: readonly InstrumentFamily[]): InstrumentOption[] {
  return families.flatMap((family) =>
    family.children.map((child) => ({ ...child, family: family.name })),
  );
}

/** The group a genre is listed under: its parent's name, or its own for a top-level genre. */
export function genreGroup(genre: GenreOption): string {
  return genre.parent?.name ?? genre.name;
}

/**
 * The list reordered so that each group is contiguous (Autocomplete's groupBy needs it), groups
 * in the order they first appear and items in their server order within a group.
 */
export function groupedInOrder<T>(list: readonly T[], groupOf: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const key = groupOf(item);
    const members = groups.get(key);
    if (members) members.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()].flat();
}

/** "" for the input, and back to null (clear) when empty. */
export const textOrNull = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};
