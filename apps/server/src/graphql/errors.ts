import { categoryOf } from '@encore/core';
import type { FastifyRequest } from 'fastify';
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError, translateAppError, translateValidationMap } from '../lib/errors';
import { translatorFor, type Translate } from '../lib/i18n';
import { resolveRequestLocale } from '../lib/request-locale';
import { formatFileSize } from '../modules/files/files.rules';

/**
 * The one place where errors become what a client sees (ARCHITECTURE.md §4), in two steps. Here,
 * without knowing who asked: an AppError keeps its code and gets its category; a multipart body
 * over a limit is a 413; GraphQL's own errors (syntax, unknown fields, wrong variable types, limits)
 * are bad requests; anything else is masked as internal. Then `finishErrors`, once the request's
 * result is known, words them in the caller's language and logs the internal ones.
 */
export function maskError(isProduction: boolean) {
  return (error: unknown): Error => {
    const graphQLError = isGraphQLError(error) ? error : undefined;
    const original = graphQLError?.originalError ?? error;
    const location = graphQLError ? { nodes: graphQLError.nodes, path: graphQLError.path } : {};

    if (original instanceof AppError) {
      return new GraphQLError(original.message, {
        ...location,
        originalError: original,
        extensions: {
          code: original.code,
          category: categoryOf(original.code),
          ...(isProduction ? {} : { debugMessage: original.message }),
        },
      });
    }

    if (isGraphQLError(original) && multipartLimitOf(original)) {
      return new GraphQLError(original.message, {
        originalError: original,
        extensions: {
          code: 'PAYLOAD_TOO_LARGE',
          category: categoryOf('PAYLOAD_TOO_LARGE'),
          http: { status: 413 },
          ...(isProduction ? {} : { debugMessage: original.message }),
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
            typeof original.extensions?.code === 'string'
              ? original.extensions.code
              : 'BAD_REQUEST',
          category: 'bad-request',
          // Yoga reads this for the status code and strips it from the response.
          http: { status: 400, ...(original.extensions?.http as object | undefined) },
        },
      });
    }

    const debugMessage = original instanceof Error ? original.message : String(original);
    return new GraphQLError('Internal error', {
      ...location,
      originalError: original instanceof Error ? original : new Error(debugMessage),
      extensions: {
        code: 'INTERNAL',
        category: 'internal',
        ...(isProduction ? {} : { debugMessage }),
      },
    });
  };
}

/** One error as the caller reads it: in their language; an internal one is logged here. */
function finishError(error: GraphQLError, t: Translate, locale: string, req: FastifyRequest) {
  const original = error.originalError;
  const code = error.extensions?.code;
  let message: string | undefined;
  let validation: unknown;
  if (original instanceof AppError) {
    message = translateAppError(original, t);
    if (original.validation) validation = translateValidationMap(original.validation, t);
  } else if (code === 'PAYLOAD_TOO_LARGE' && isGraphQLError(original)) {
    const limit = multipartLimitOf(original);
    if (limit) message = describeMultipartLimit(limit, t, locale);
  } else if (code === 'INTERNAL') {
    req.log.error({ err: original, requestId: req.id }, 'unexpected error in GraphQL resolver');
    message = t('errors.internal');
  }
  // Errors raised before execution (syntax, validation, armor limits) bypass masking: they get
  // the same vocabulary, every error a client sees carries a category.
  const category = error.extensions?.category ?? 'bad-request';
  if (message === undefined && validation === undefined && error.extensions?.category) return error;
  return new GraphQLError(message ?? error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: original,
    extensions: { ...error.extensions, category, ...(validation ? { validation } : {}) },
  });
}

/** The second step of `maskError`: every result's errors, worded for the request that asked. */
export const finishErrors: Plugin<object, { req: FastifyRequest }> = {
  onResultProcess({ result, setResult, serverContext }) {
    const finish = (one: unknown) => {
      if (!isExecutionResult(one) || !one.errors?.length) return one;
      const locale = resolveRequestLocale(serverContext.req);
      const t = translatorFor(locale);
      return {
        ...one,
        errors: one.errors.map((error) => finishError(error, t, locale, serverContext.req)),
      };
    };
    if (Array.isArray(result)) setResult(result.map(finish) as typeof result);
    else if (isExecutionResult(result)) setResult(finish(result) as typeof result);
  },
};

/** A limit of UPLOAD_LIMITS that Yoga stopped reading a multipart body at. */
type MultipartLimit =
  | { key: 'errors.file_too_large'; maxBytes: number }
  | { key: 'errors.too_many_files'; max: number }
  | { key: 'errors.payload_too_large' };

/**
 * Yoga stops reading a multipart body at the first limit of UPLOAD_LIMITS it crosses and says so in
 * English only; the client gets 413 and a sentence in its language instead of a generic bad request.
 */
function multipartLimitOf(error: GraphQLError): MultipartLimit | undefined {
  // Anchored on Yoga's own wording, so a message that merely quotes the client's input never matches.
  const fileSize = /^File size limit exceeded: (\d+) bytes$/.exec(error.message);
  if (fileSize) return { key: 'errors.file_too_large', maxBytes: Number(fileSize[1]) };
  const multipart = /^POST body sent invalid multipart data: (.*)$/.exec(error.message)?.[1] ?? '';
  const files = /^Files limit exceeded: (\d+)$/.exec(multipart);
  if (files) return { key: 'errors.too_many_files', max: Number(files[1]) };
  if (
    error.extensions?.code === 'REQUEST_ENTITY_TOO_LARGE' ||
    /^(Field value size|Field name size|Fields limit|Parts limit) exceeded/.test(multipart)
  ) {
    return { key: 'errors.payload_too_large' };
  }
  return undefined;
}

function describeMultipartLimit(limit: MultipartLimit, t: Translate, locale: string): string {
  switch (limit.key) {
    case 'errors.file_too_large':
      return t(limit.key, { max: formatFileSize(limit.maxBytes, locale) });
    case 'errors.too_many_files':
      return t(limit.key, { max: limit.max });
    case 'errors.payload_too_large':
      return t(limit.key);
  }
}

function isExecutionResult(value: unknown): value is ExecutionResult {
  return typeof value === 'object' && value !== null && ('errors' in value || 'data' in value);
}

/**
 * graphql-js can be loaded twice (its CommonJS and ESM builds, by different plugins), so class
 * identity is unreliable; the name is what graphql-js itself sets. graphql-jit's errors carry the
 * name too, and may come without extensions.
 */
function isGraphQLError(value: unknown): value is GraphQLError {
  return value instanceof Error && value.name === 'GraphQLError';
}
