import {
  applicationFormSchema,
  type ApplicationFormDefinition,
  type FormField,
} from '@encore/core';
import type { z } from 'zod';

/**
 * Problems of a form definition, keyed by where the builder shows them: `<field id>` for the field
 * as a whole, `<field id>.<property>` (`<id>.label`, `<id>.choices.2`) for one of its settings, and
 * `form.<property>` (`form.terms`, `form.fields`) for the form. Keys use field ids, not positions,
 * so a message stays with its field when fields are moved.
 */
export type ProblemMap = Record<string, string[]>;

/** The top-level properties of a definition; a server path's prefix before them is its argument. */
const FORM_KEYS = new Set([
  'type',
  'fields',
  'terms',
  'supported_languages',
  'is_active',
  'is_skipped',
  'max_members',
]);

/** Where a path into the definition (`fields.3.child_fields.1.slug`) is shown. */
export function problemKey(
  path: ReadonlyArray<string | number>,
  fields: readonly FormField[],
): string {
  const [head, ...rest] = path;
  if (head !== 'fields' || rest.length === 0) return `form.${String(head ?? 'fields')}`;
  let level: readonly FormField[] = fields;
  let remaining = rest;
  for (;;) {
    const [position, ...after] = remaining;
    const field = fieldAt(level, position);
    if (!field) return 'form.fields';
    if (after[0] === 'child_fields' && after.length > 1 && fieldAt(field.child_fields, after[1])) {
      level = field.child_fields;
      remaining = after.slice(1);
      continue;
    }
    return after.length === 0 ? field.id : `${field.id}.${after.join('.')}`;
  }
}

/** A position (`3`, `"3"`) counts in the array; a slug (`email`, from the fixed-field check) names one. */
function fieldAt(
  fields: readonly FormField[],
  segment: string | number | undefined,
): FormField | undefined {
  if (segment === undefined) return undefined;
  const position = typeof segment === 'number' ? segment : Number(segment);
  if (Number.isInteger(position) && String(position) === String(segment)) return fields[position];
  return fields.find((field) => field.slug === segment);
}

function add(map: ProblemMap, key: string, message: string): void {
  const list = (map[key] ??= []);
  if (!list.includes(message)) list.push(message);
}

/**
 * The server's validation map (`input.fields.3.label` or `fields.3.label`) placed on the fields
 * of `value` as they were when the server answered. Server messages are sentences already.
 */
export function serverProblems(
  errors: Readonly<Record<string, readonly string[]>> | undefined,
  value: ApplicationFormDefinition,
): ProblemMap {
  const map: ProblemMap = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const segments = key.split('.');
    const start = segments.findIndex((segment) => FORM_KEYS.has(segment));
    const path = start === -1 ? ['fields'] : segments.slice(start);
    const target = problemKey(path, value.fields);
    for (const message of messages) add(map, target, message);
  }
  return map;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const KEY_PREFIX = 'forms.builder.validation.';

/** A schema problem in words: our own keys (`validation.form.*`) or a generic one per zod code. */
export function describeIssue(issue: z.core.$ZodIssue, t: Translate): string {
  if (issue.message.startsWith('validation.form.')) {
    // The fixed-field check names the missing field by its slug (`fields.email`).
    const slug = issue.path[0] === 'fields' ? issue.path[1] : undefined;
    const key = KEY_PREFIX + issue.message.slice('validation.form.'.length);
    if (typeof slug !== 'string') return t(key);
    return t(key, { name: t(`forms.builder.defaults.${slug}`, { defaultValue: slug }) });
  }
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? t(`${KEY_PREFIX}required`) : t(`${KEY_PREFIX}too_short`, { min });
      }
      if (issue.origin === 'array') return t(`${KEY_PREFIX}min_items`, { min });
      return t(`${KEY_PREFIX}too_small`, { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return t(`${KEY_PREFIX}too_long`, { max });
      if (issue.origin === 'array') return t(`${KEY_PREFIX}max_items`, { max });
      return t(`${KEY_PREFIX}too_big`, { max });
    }
    case 'invalid_type':
      if (issue.expected === 'int') return t(`${KEY_PREFIX}whole_number`);
      return issue.input === undefined || issue.input === null
        ? t(`${KEY_PREFIX}required`)
        : t(`${KEY_PREFIX}invalid`);
    case 'invalid_format':
      return t(`${KEY_PREFIX}format`);
    default:
      return t(`${KEY_PREFIX}invalid`);
  }
}

/** What `applicationFormSchema` finds wrong with `value`, in words, placed on its fields. */
export function schemaProblems(value: ApplicationFormDefinition, t: Translate): ProblemMap {
  const result = applicationFormSchema.safeParse(value);
  const map: ProblemMap = {};
  if (result.success) return map;
  for (const issue of result.error.issues) {
    const path = issue.path.filter(
      (segment): segment is string | number => typeof segment !== 'symbol',
    );
    add(map, problemKey(path, value.fields), describeIssue(issue, t));
  }
  return map;
}

export function mergeProblems(...maps: ProblemMap[]): ProblemMap {
  const merged: ProblemMap = {};
  for (const map of maps) {
    for (const [key, messages] of Object.entries(map)) {
      for (const message of messages) add(merged, key, message);
    }
  }
  return merged;
}

export function sameProblems(a: ProblemMap, b: ProblemMap): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => {
      const left = a[key]!;
      const right = b[key];
      return (
        right !== undefined &&
        left.length === right.length &&
        left.every((message, index) => message === right[index])
      );
    })
  );
}

/** Messages for one setting of a field (`label`), or for the field as a whole (no property). */
export function problemsAt(map: ProblemMap, fieldId: string, property?: string): string[] {
  if (property === undefined) return map[fieldId] ?? [];
  const key = `${fieldId}.${property}`;
  return Object.entries(map)
    .filter(([found]) => found === key || found.startsWith(`${key}.`))
    .flatMap(([, messages]) => messages);
}

/** Whether a field, or any of its member fields, has a problem. */
export function fieldHasProblems(map: ProblemMap, field: FormField): boolean {
  const own = Object.keys(map).some((key) => key === field.id || key.startsWith(`${field.id}.`));
  return own || field.child_fields.some((child) => fieldHasProblems(map, child));
}

/** Problems of the form as a whole and of its settings (`form.*`). */
export function formProblems(map: ProblemMap, property: string): string[] {
  return map[`form.${property}`] ?? [];
}
