import { categoryOf } from '@encore/core';
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError, translateAppError, translateValidationMap } from '../lib/errors';
import { translatorFor, type Translate } from '../lib/i18n';
import { formatFileSize } from '../modules/files/files.rules';
import { requestScope } from '../lib/request-scope';

/**
 * The one place where errors become what a client sees (ARCHITECTURE.md §4): an AppError keeps its
 * code, gets its category and a translated message; GraphQL's own errors (syntax, unknown fields,
 * wrong variable types, limits) are bad requests; anything else is masked as internal and logged.
 */
export function maskError(isProduction: boolean) {
  return (error: unknown): Error => {
    const graphQLError = isGraphQLError(error) ? error : undefined;
    const original = graphQLError?.originalError ?? error;
    const scope = requestScope.getStore();
    const t = scope?.t ?? translatorFor('en');
    const location = graphQLError ? { nodes: graphQLError.nodes, path: graphQLError.path } : {};

    if (original instanceof AppError) {
      const message = translateAppError(original, t);
      return new GraphQLError(message, {
        ...location,
        originalError: original,
        extensions: {
          code: original.code,
          category: categoryOf(original.code),
          ...(original.validation
            ? { validation: translateValidationMap(original.validation, t) }
            : {}),
          ...(isProduction ? {} : { debugMessage: original.message }),
        },
      });
    }

    const tooLarge = isGraphQLError(original)
      ? describeMultipartLimit(original, t, scope?.locale ?? 'en')
      : undefined;
    if (tooLarge) {
      return new GraphQLError(tooLarge, {
        extensions: {
          code: 'PAYLOAD_TOO_LARGE',
          category: categoryOf('PAYLOAD_TOO_LARGE'),
          http: { status: 413 },
          ...(isProduction ? {} : { debugMessage: (original as GraphQLError).message }),
        },
      });
    }

    if (isGraphQLError(original)) {
      // Raised by graphql-js or a plugin before or while reading the request: the client's mistake.
      return new GraphQLError(original.message, {
        ...location,
        extensions: {
          ...original.extensions,
          code:
            typeof original.extensions.code === 'string' ? original.extensions.code : 'BAD_REQUEST',
          category: 'bad-request',
          // Yoga reads this for the status code and strips it from the response.
          http: { status: 400, ...(original.extensions.http as object | undefined) },
        },
      });
    }

    scope?.log.error(
      { err: original, requestId: scope.requestId },
      'unexpected error in GraphQL resolver',
    );
    const debugMessage = original instanceof Error ? original.message : String(original);
    return new GraphQLError(t('errors.internal'), {
      ...location,
      extensions: {
        code: 'INTERNAL',
        category: 'internal',
        ...(isProduction ? {} : { debugMessage }),
      },
    });
  };
}

/**
 * Yoga stops reading a multipart body at the first limit of UPLOAD_LIMITS it crosses and says so in
 * English only; the client gets 413 and a sentence in its language instead of a generic bad request.
 */
function describeMultipartLimit(
  error: GraphQLError,
  t: Translate,
  locale: string,
): string | undefined {
  // Anchored on Yoga's own wording, so a message that merely quotes the client's input never matches.
  const fileSize = /^File size limit exceeded: (\d+) bytes$/.exec(error.message);
  if (fileSize) {
    return t('errors.file_too_large', { max: formatFileSize(Number(fileSize[1]), locale) });
  }
  const multipart = /^POST body sent invalid multipart data: (.*)$/.exec(error.message)?.[1] ?? '';
  const files = /^Files limit exceeded: (\d+)$/.exec(multipart);
  if (files) return t('errors.too_many_files', { max: Number(files[1]) });
  if (
    error.extensions.code === 'REQUEST_ENTITY_TOO_LARGE' ||
    /^(Field value size|Field name size|Fields limit|Parts limit) exceeded/.test(multipart)
  ) {
    return t('errors.payload_too_large');
  }
  return undefined;
}

/**
 * Errors raised before execution (syntax, validation, armor limits) bypass masking; this gives them
 * the same vocabulary: every error a client sees carries a category.
 */
export const categoriseRequestErrors: Plugin = {
  onResultProcess({ result, setResult }) {
    if (Array.isArray(result) || !isExecutionResult(result) || !result.errors?.length) return;
    setResult({
      ...result,
      errors: result.errors.map((error) =>
        error.extensions?.category
          ? error
          : new GraphQLError(error.message, {
              nodes: error.nodes,
              source: error.source,
              positions: error.positions,
              path: error.path,
              originalError: error.originalError,
              extensions: { ...error.extensions, category: 'bad-request' },
            }),
      ),
    });
  },
};

function isExecutionResult(value: unknown): value is ExecutionResult {
  return typeof value === 'object' && value !== null && ('errors' in value || 'data' in value);
}

/**
 * graphql-js can be loaded twice (its CommonJS and ESM builds, by different plugins), so class
 * identity is unreliable; the name is what graphql-js itself sets.
 */
function isGraphQLError(value: unknown): value is GraphQLError {
  return value instanceof Error && value.name === 'GraphQLError';
}
