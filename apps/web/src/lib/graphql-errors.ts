import type { GraphQLFormattedError } from 'graphql';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { i18next } from './i18n';

type Translate = (key: string) => string;

function graphQLErrorsOf(error: unknown): readonly GraphQLFormattedError[] {
  if (CombinedGraphQLErrors.is(error)) return error.errors;
  // Also accept a raw `{ errors: [...] }` result or a bare list, e.g. from fetch.
  if (Array.isArray(error)) return error as GraphQLFormattedError[];
  if (error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    return error.errors as GraphQLFormattedError[];
  }
  return [];
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function validationMessages(validation: unknown): string[] {
  if (!validation || typeof validation !== 'object') return [];
  return Object.values(validation).flatMap((messages: unknown) =>
    Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [],
  );
}

function linesFor(error: GraphQLFormattedError, t: Translate): string[] {
  const extensions = error.extensions ?? {};
  const debugMessage = nonEmptyString(extensions.debugMessage);
  switch (extensions.category) {
    case 'validation': {
      const messages = validationMessages(extensions.validation);
      return messages.length > 0 ? messages : [error.message];
    }
    case 'authentication':
    case 'bad-request':
      return [debugMessage ?? error.message];
    default:
      // SEED-SPEC point 8: other errors show the debug message (sent outside production only)
      // or the generic text.
      return [debugMessage ?? t('sorry.error')];
  }
}

/**
 * The text to show for a failed operation, one message per line (render with
 * `white-space: pre-line`), following the error catalogue of SEED-SPEC point 8.
 */
export function describeGraphQLError(
  error: unknown,
  t: Translate = (key) => i18next.t(key),
): string {
  const errors = graphQLErrorsOf(error);
  if (errors.length === 0) return t('sorry.error');
  const lines = errors.flatMap((item) => linesFor(item, t));
  return [...new Set(lines)].join('\n');
}
