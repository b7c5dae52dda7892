import type { ErrorCode, ValidationMap } from '@encore/core';
import type { Translate } from './i18n';

interface AppErrorOptions {
  /** Translation key and values for the client-facing message; the message itself is the fallback. */
  messageKey?: string;
  messageValues?: Record<string, string | number>;
  /** Values that are words to translate themselves, by their keys: `{ status: 'emails:…' }`. */
  translatedValues?: Record<string, string>;
  validation?: ValidationMap;
  cause?: unknown;
}

/** The one error type services throw on purpose; anything else reaching the edge is masked as internal. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: string | undefined;
  readonly messageValues: Record<string, string | number> | undefined;
  readonly translatedValues: Record<string, string> | undefined;
  readonly validation: ValidationMap | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.messageKey = options.messageKey;
    this.messageValues = options.messageValues;
    this.translatedValues = options.translatedValues;
    this.validation = options.validation;
  }

  static notFound(what = 'record'): AppError {
    return new AppError('NOT_FOUND', `The ${what} was not found.`, {
      messageKey: 'errors.not_found',
      messageValues: { what },
    });
  }

  static unauthenticated(): AppError {
    return new AppError('UNAUTHENTICATED', 'Not authenticated', {
      messageKey: 'errors.unauthenticated',
    });
  }

  static forbidden(): AppError {
    return new AppError('FORBIDDEN', 'You are not allowed to do this.', {
      messageKey: 'errors.forbidden',
    });
  }

  static validation(validation: ValidationMap): AppError {
    return new AppError('VALIDATION', 'The given data was invalid.', {
      messageKey: 'errors.validation',
      validation,
    });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * The client-facing message of an AppError in the caller's language. A `what` value names a thing
 * (`file`, `record`) and is translated through `attributes.*` before it is put in the sentence.
 */
export function translateAppError(error: AppError, t: Translate): string {
  if (!error.messageKey) return error.message;
  const values = { ...error.messageValues };
  for (const [name, key] of Object.entries(error.translatedValues ?? {})) values[name] = t(key);
  if (typeof values.what === 'string')
    values.what = t(`attributes.${values.what}`, { defaultValue: values.what });
  return t(error.messageKey, { ...values, defaultValue: error.message });
}

/**
 * Services may put translation keys (`validation.email_taken`) in a validation map; they become
 * sentences here, with the field named by the last segment of its path.
 */
export function translateValidationMap(map: ValidationMap, t: Translate): ValidationMap {
  return Object.fromEntries(
    Object.entries(map).map(([path, messages]) => {
      // `input.genres.2` names the genres field: list positions are not names.
      const field =
        path
          .split('.')
          .reverse()
          .find((segment) => !/^\d+$/.test(segment)) ?? 'value';
      const attribute = t(`attributes.${field}`, { defaultValue: field.replace(/_/g, ' ') });
      return [
        path,
        messages.map((message) =>
          message.startsWith('validation.') ? t(message, { attribute }) : message,
        ),
      ];
    }),
  );
}
