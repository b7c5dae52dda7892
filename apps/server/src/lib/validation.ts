import type { ValidationMap } from '@encore/core';
import type { z } from 'zod';
import { AppError } from './errors';
import type { Translate } from './i18n';

/**
 * Parses input with a zod schema and turns every problem into a translated, full sentence keyed by
 * the field's path (`input.email`), the validation map of ARCHITECTURE.md §4.
 * A schema may set a custom message to a translation key starting with `validation.`.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  t: Translate,
  prefix = 'input',
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw AppError.validation(validationMap(result.error.issues, t, prefix));
}

/**
 * `nameOf` names the field of an issue when its path is not a known attribute (an application
 * form's own fields are named by their labels).
 */
export function validationMap(
  issues: readonly z.core.$ZodIssue[],
  t: Translate,
  prefix = 'input',
  nameOf?: (issue: z.core.$ZodIssue) => string | null,
): ValidationMap {
  const map: ValidationMap = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const message = describeIssue(issue, t, nameOf?.(issue) ?? undefined);
    (map[path] ??= []).push(message);
  }
  return map;
}

function attributeName(issue: z.core.$ZodIssue, t: Translate): string {
  const last = [...issue.path].reverse().find((segment) => typeof segment === 'string');
  const key = typeof last === 'string' ? last : 'value';
  return t(`attributes.${key}`, { defaultValue: key.replace(/_/g, ' ') });
}

function describeIssue(issue: z.core.$ZodIssue, t: Translate, name?: string): string {
  const attribute = name ?? attributeName(issue, t);
  if (issue.message.startsWith('validation.')) return t(issue.message, { attribute });
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? t('validation.required', { attribute })
        : t(`validation.type.${issue.expected}`, {
            attribute,
            defaultValue: t('validation.type.default', { attribute }),
          });
    case 'too_small':
      return t(`validation.min.${originKind(issue.origin)}`, {
        attribute,
        min: Number(issue.minimum),
      });
    case 'too_big':
      return t(`validation.max.${originKind(issue.origin)}`, {
        attribute,
        max: Number(issue.maximum),
      });
    case 'invalid_format':
      return t(`validation.format.${issue.format}`, {
        attribute,
        defaultValue: t('validation.format.default', { attribute }),
      });
    case 'invalid_value':
      return t('validation.in', { attribute });
    case 'unrecognized_keys':
      return t('validation.unknown_keys', { attribute, keys: issue.keys.join(', ') });
    case 'not_multiple_of':
      return t('validation.multiple_of', { attribute, divisor: Number(issue.divisor) });
    default:
      return t('validation.invalid', { attribute });
  }
}

function originKind(origin: string): 'string' | 'number' | 'array' | 'date' {
  if (origin === 'string') return 'string';
  if (origin === 'array' || origin === 'set') return 'array';
  if (origin === 'date') return 'date';
  return 'number';
}
