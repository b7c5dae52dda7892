import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** Validation messages by input path without the `input.` prefix: `genres.2`, `city_id`. */
export type ValidationMap = Record<string, string[]>;

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * The `extensions.validation` maps of a failed operation (category "validation"), merged, with
 * the argument name (`input.`) taken off the keys. Empty for any other error.
 */
export function validationMapOf(error: unknown): ValidationMap {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const map: ValidationMap = {};
  for (const item of error.errors) {
    const extensions = item.extensions ?? {};
    if (extensions.category !== 'validation') continue;
    const validation = extensions.validation;
    if (!validation || typeof validation !== 'object') continue;
    for (const [key, messages] of Object.entries(validation)) {
      if (!isStringList(messages)) continue;
      const path = key.startsWith('input.') ? key.slice('input.'.length) : key;
      map[path] = [...(map[path] ?? []), ...messages];
    }
  }
  return map;
}

/**
 * The first message for each form field. A key belongs to the field with the longest matching
 * prefix, so `genres.2` goes to `genres` and `settings.cur_pref` to `settings.cur_pref` even when
 * `settings` is a field too. Keys of no field are left out (the FormError shows every message).
 */
export function fieldErrorsFrom<Field extends string>(
  validation: ValidationMap,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const byLength = [...fields].sort((a, b) => b.length - a.length);
  const result: Partial<Record<Field, string>> = {};
  for (const [key, messages] of Object.entries(validation)) {
    const field = byLength.find((name) => key === name || key.startsWith(`${name}.`));
    const message = messages[0];
    if (field === undefined || message === undefined || result[field] !== undefined) continue;
    result[field] = message;
  }
  return result;
}

/** Shortcut: the per-field messages of a failed operation. */
export function fieldErrorsOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  return fieldErrorsFrom(validationMapOf(error), fields);
}
