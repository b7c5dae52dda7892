import { FORM_LIMITS, type AnswerValue, type Answers, type FormField } from '@encore/core';

/**
 * How an answer is held, per field, matching `applicationAnswersSchema` in @encore/core: which
 * fields take a list of values and how long a text may be. Paths point into the answers the way
 * validation paths do: `['group_members', 1, 'full_name']`.
 */

export type AnswerPath = readonly (string | number)[];

export const pathKey = (path: AnswerPath): string => path.join('.');

/** Whether the answer is a list of values (files always are; a link unless it is a single URL). */
export function takesList(field: FormField): boolean {
  switch (field.type) {
    case 'image':
    case 'audio':
    case 'attachment':
    case 'group_members':
      return true;
    case 'link':
      return !(field.subtype === 'single_url' || (!field.is_multiple && field.subtype === null));
    case 'list':
      return field.is_multiple || field.subtype === 'checkbox' || field.subtype === 'multiple';
    case 'email':
    case 'tel':
    case 'video_link':
    case 'instruments':
    case 'genres':
      return field.is_multiple;
    default:
      return false;
  }
}

/** The longest text a text field takes (its own limit, never above the form-wide one). */
export function textLimit(field: FormField): number {
  const largest =
    field.subtype === 'textarea' ? FORM_LIMITS.textareaLength : FORM_LIMITS.textLength;
  return Math.min(field.max_length ?? largest, largest);
}

/** The most band members a form takes. */
export const memberLimit = (maxMembers: number | null | undefined): number =>
  maxMembers ?? FORM_LIMITS.maxMembers;

export function asText(value: AnswerValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

export function asTextList(value: AnswerValue | undefined): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export function asMembers(value: AnswerValue | undefined): Answers[] {
  return Array.isArray(value)
    ? value.filter((item): item is Answers => typeof item === 'object' && item !== null)
    : [];
}

export function answerAt(answers: Answers, path: AnswerPath): AnswerValue | undefined {
  let current: unknown = answers;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current as AnswerValue | undefined;
}

/** A copy of the answers with one answer replaced; `undefined` takes the answer out. */
export function withAnswerAt(
  answers: Answers,
  path: AnswerPath,
  value: AnswerValue | undefined,
): Answers {
  const [head, ...rest] = path;
  if (head === undefined) return answers;
  const key = String(head);
  const next: Answers = { ...answers };
  if (rest.length === 0) {
    if (value === undefined) delete next[key];
    else next[key] = value;
    return next;
  }
  const [index, ...inner] = rest;
  if (typeof index !== 'number') return answers;
  const members = [...asMembers(answers[key])];
  members[index] = withAnswerAt(members[index] ?? {}, inner, value);
  next[key] = members;
  return next;
}

/** The fields to show, in the organiser's order. */
export const inOrder = (fields: readonly FormField[]): FormField[] =>
  [...fields].sort((a, b) => a.order - b.order);
