/** The closed set of error codes the API can answer with (ARCHITECTURE.md §4). */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_REQUEST',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'PAYMENT_FAILED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_CATEGORIES = [
  'validation',
  'authentication',
  'authorization',
  'bad-request',
  'not-found',
  'internal',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export function categoryOf(code: ErrorCode): ErrorCategory {
  switch (code) {
    case 'VALIDATION':
      return 'validation';
    case 'UNAUTHENTICATED':
      return 'authentication';
    case 'FORBIDDEN':
      return 'authorization';
    case 'NOT_FOUND':
      return 'not-found';
    case 'BAD_REQUEST':
    case 'CONFLICT':
    case 'RATE_LIMITED':
    case 'PAYLOAD_TOO_LARGE':
    case 'PAYMENT_FAILED':
      return 'bad-request';
    case 'INTERNAL':
      return 'internal';
    default: {
      const unhandled: never = code;
      throw new Error(`Unhandled error code ${String(unhandled)}`);
    }
  }
}

/** `{ "input.email": ["The email has already been taken."] }`: full, translated sentences. */
export type ValidationMap = Record<string, string[]>;
