import { applicationAnswersSchema, fieldLabelAt, type Answers, type FormField } from '@encore/core';
import type { z } from 'zod';
import { i18next } from '../../../lib/i18n';
import { memberLimit, pathKey, type AnswerPath } from './answer-shape';

/** Translated messages by answer path (`email`, `socials.1`, `group_members.0.full_name`). */
export type AnswerMessages = Record<string, string[]>;

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const pagesT: Translate = (key, options) => i18next.t(key, { ns: 'pages', ...options });

type Issue = z.core.$ZodIssue;

/**
 * What stops the answers from being submitted, with the same schema the server applies
 * (`complete: true`): every message is a sentence that names the question by its label.
 */
export function validateAnswers(
  fields: readonly FormField[],
  answers: Answers,
  maxMembers?: number | null,
  t: Translate = pagesT,
): AnswerMessages {
  const result = applicationAnswersSchema(fields, { complete: true, maxMembers }).safeParse(
    answers,
  );
  const messages: AnswerMessages = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    (messages[pathKey(issue.path as AnswerPath)] ??= []).push(describeIssue(fields, issue, t));
  }
  return messages;
}

/**
 * The answers as a draft may be saved: answers the draft schema refuses (a half-typed email
 * address, a question the organiser has since removed, members over the limit) are left out, so
 * that an autosave never fails on them. What was left out is still on screen.
 */
export function savableAnswers(
  fields: readonly FormField[],
  answers: Answers,
  maxMembers?: number | null,
): Answers {
  const schema = applicationAnswersSchema(fields, { complete: false, maxMembers });
  let current: unknown = structuredClone(answers);
  // Each pass removes what one issue points at, so the answers shrink until they pass.
  for (let pass = 0; pass < 200; pass += 1) {
    const result = schema.safeParse(current);
    if (result.success) return current as Answers;
    const issue = result.error.issues[0];
    if (!issue) break;
    current = withoutIssue(current, issue, maxMembers);
  }
  return {};
}

function withoutIssue(root: unknown, issue: Issue, maxMembers: number | null | undefined): unknown {
  const path = issue.path;
  const parentPath = issue.code === 'unrecognized_keys' ? path : path.slice(0, -1);
  const parent = parentPath.reduce<unknown>(
    (node, segment) =>
      node !== null && typeof node === 'object'
        ? (node as Record<PropertyKey, unknown>)[segment]
        : undefined,
    root,
  );
  if (issue.code === 'unrecognized_keys') {
    if (parent !== null && typeof parent === 'object') {
      for (const key of issue.keys) delete (parent as Record<string, unknown>)[key];
    }
    return root;
  }
  const last = path[path.length - 1];
  if (last === undefined) return {};
  if (Array.isArray(parent) && typeof last === 'number') {
    parent.splice(last, 1);
  } else if (parent !== null && typeof parent === 'object') {
    const record = parent as Record<PropertyKey, unknown>;
    const value = record[last];
    if (issue.code === 'too_big' && Array.isArray(value)) {
      value.splice(Number(issue.maximum ?? memberLimit(maxMembers)));
    } else {
      delete record[last];
    }
  }
  return root;
}

/** The field an answer path points at, members' questions included. */
export function fieldAt(
  fields: readonly FormField[],
  path: readonly PropertyKey[],
): FormField | null {
  let level = fields;
  let found: FormField | null = null;
  for (const segment of path) {
    if (typeof segment !== 'string') continue;
    const field = level.find((candidate) => candidate.slug === segment);
    if (!field) break;
    found = field;
    level = field.child_fields;
  }
  return found;
}

/** How a message names the question: its label, with the member's number inside a member. */
export function questionName(
  fields: readonly FormField[],
  path: readonly PropertyKey[],
  t: Translate,
): string {
  const label = fieldLabelAt(fields, path);
  if (label === null) return t('forms.fill.validation.theForm');
  const memberIndex = path.findIndex(
    (segment, position) =>
      typeof segment === 'number' && position > 0 && position < path.length - 1,
  );
  const member = memberIndex >= 0 ? path[memberIndex] : undefined;
  if (
    typeof member === 'number' &&
    fieldAt(fields, path.slice(0, memberIndex))?.type === 'group_members'
  ) {
    return t('forms.fill.validation.memberQuestion', { field: label, number: member + 1 });
  }
  return label;
}

function describeIssue(fields: readonly FormField[], issue: Issue, t: Translate): string {
  const field = fieldAt(fields, issue.path);
  const name = questionName(fields, issue.path, t);
  const key = (rest: string) => `forms.fill.validation.${rest}`;
  if (issue.message.startsWith('validation.'))
    return t(`forms.fill.${issue.message}`, { field: name });
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? t(key(field?.type === 'group_members' ? 'membersRequired' : 'required'), { field: name })
        : t(key('invalid'), { field: name });
    case 'too_small':
      return issue.origin === 'string'
        ? t(key('minLength'), { field: name, count: Number(issue.minimum) })
        : t(key('minItems'), { field: name, count: Number(issue.minimum) });
    case 'too_big': {
      const count = Number(issue.maximum);
      if (issue.origin === 'string') return t(key('maxLength'), { field: name, count });
      const whole = typeof issue.path[issue.path.length - 1] === 'string';
      if (whole && field?.type === 'group_members')
        return t(key('maxMembers'), { field: name, count });
      if (whole && field && ['image', 'audio', 'attachment'].includes(field.type)) {
        return t(key('maxFiles'), { field: name, count });
      }
      return t(key('maxItems'), { field: name, count });
    }
    case 'invalid_format':
      return issue.format === 'email' || issue.format === 'url'
        ? t(key(issue.format), { field: name })
        : t(key('invalid'), { field: name });
    case 'invalid_value':
      return t(key('choice'), { field: name });
    case 'unrecognized_keys':
      return t(key('unknownQuestions'), { field: name, keys: issue.keys.join(', ') });
    default:
      return t(key('invalid'), { field: name });
  }
}
