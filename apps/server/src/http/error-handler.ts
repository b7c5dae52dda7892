import { categoryOf, type ErrorCode } from '@encore/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, translateAppError, translateValidationMap } from '../lib/errors';
import { translatorFor } from '../lib/i18n';
import { resolveRequestLocale } from '../lib/request-locale';

const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_REQUEST: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  PAYMENT_FAILED: 402,
  INTERNAL: 500,
};

interface ClientError {
  status: number;
  code: ErrorCode;
  message: string;
  validation?: Record<string, string[]>;
}

/** Yoga's own refusal of a body it cannot read comes without a body; it answers like Fastify's. */
export const unsupportedMediaType = () =>
  Object.assign(new Error('Unsupported media type'), {
    statusCode: 415,
    code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  });

function describe(error: FastifyError | AppError | Error, req: FastifyRequest): ClientError {
  const t = translatorFor(resolveRequestLocale(req));
  if (error instanceof AppError) {
    const message = translateAppError(error, t);
    return {
      status: HTTP_STATUS[error.code],
      code: error.code,
      message,
      ...(error.validation ? { validation: translateValidationMap(error.validation, t) } : {}),
    };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (status === 413 || fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: t('errors.payload_too_large') };
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return { status: 400, code: 'BAD_REQUEST', message: t('errors.malformed_json') };
  }
  if (status === 415 || fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, code: 'BAD_REQUEST', message: t('errors.unsupported_media_type') };
  }
  if (status === 429) return { status, code: 'RATE_LIMITED', message: t('errors.rate_limited') };
  if (status >= 400 && status < 500) {
    return { status, code: 'BAD_REQUEST', message: t('errors.bad_request') };
  }
  return { status: 500, code: 'INTERNAL', message: t('errors.internal') };
}

/**
 * Errors that happen outside GraphQL execution (body parsing, size limits, REST routes) answer in
 * the same vocabulary: GraphQL's `errors` shape on /graphql, `{ error }` elsewhere. Never a stack.
 */
export function registerErrorHandling(app: FastifyInstance, isProduction: boolean) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const described = describe(error, req);
    if (described.status >= 500) req.log.error({ err: error }, 'request failed');
    sendError(reply, req, described, isProduction ? undefined : error.message);
  });

  app.setNotFoundHandler((req, reply) => {
    const t = translatorFor(resolveRequestLocale(req));
    sendError(reply, req, {
      status: 404,
      code: 'NOT_FOUND',
      message: t('errors.route_not_found', { method: req.method, url: req.url.split('?')[0] }),
    });
  });
}

function sendError(
  reply: FastifyReply,
  req: FastifyRequest,
  error: ClientError,
  debugMessage?: string,
) {
  const extensions = {
    code: error.code,
    category: categoryOf(error.code),
    ...(error.validation ? { validation: error.validation } : {}),
    ...(debugMessage && debugMessage !== error.message ? { debugMessage } : {}),
  };
  reply.code(error.status).type('application/json; charset=utf-8');
  if (req.url.startsWith('/graphql')) {
    return reply.send({ errors: [{ message: error.message, extensions }] });
  }
  return reply.send({ error: { message: error.message, ...extensions } });
}
