import { formatDate, formatDateTime, isCalendarDate } from '@encore/core';
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { builder } from './builder';

/**
 * A value a scalar of ours cannot read. It carries the validation message to show, so that the
 * input guard (input-guard.ts) can answer it as a validation error naming the argument's field;
 * wherever it is not translated it stays what it was, a GraphQL error (a bad request).
 */
export class ScalarInputError extends GraphQLError {
  readonly messageKey: string;

  constructor(message: string, messageKey: string, node?: ValueNode) {
    super(message, node ? { nodes: node } : {});
    this.messageKey = messageKey;
  }
}

const DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const DATE_TIME_KEY = 'validation.utc_datetime';
const DATE_KEY = 'validation.date';

export function parseDateTime(value: unknown, node?: ValueNode): Date {
  const match = typeof value === 'string' ? DATE_TIME_PATTERN.exec(value) : null;
  if (!match) {
    throw new ScalarInputError(
      'DateTime must be formatted as YYYY-MM-DD HH:mm:ss (UTC).',
      DATE_TIME_KEY,
      node,
    );
  }
  const [, year, month, day, hours, minutes, seconds, zone] = match;
  const date = new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}${zone ?? 'Z'}`);
  // Date rolls 2023-02-30 over into March; the calendar day must survive the trip.
  if (Number.isNaN(date.getTime()) || !isCalendarDate(`${year}-${month}-${day}`)) {
    throw new ScalarInputError('DateTime is not a real date.', DATE_TIME_KEY, node);
  }
  return date;
}

export function parseDate(value: unknown, node?: ValueNode): string {
  if (typeof value !== 'string' || !DATE_PATTERN.test(value)) {
    throw new ScalarInputError('Date must be formatted as YYYY-MM-DD.', DATE_KEY, node);
  }
  if (!isCalendarDate(value))
    throw new ScalarInputError('Date is not a real date.', DATE_KEY, node);
  return value;
}

export function registerScalars(): void {
  builder.scalarType('DateTime', {
    description: 'A moment in UTC, formatted YYYY-MM-DD HH:mm:ss.',
    serialize: (value) =>
      value instanceof Date ? formatDateTime(value) : formatDateTime(parseDateTime(value)),
    parseValue: parseDateTime,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) {
        throw new ScalarInputError('DateTime must be a string.', DATE_TIME_KEY, ast);
      }
      return parseDateTime(ast.value, ast);
    },
  });

  builder.scalarType('Date', {
    description: 'A calendar date, formatted YYYY-MM-DD.',
    serialize: (value) => (value instanceof Date ? formatDate(value) : parseDate(value)),
    parseValue: parseDate,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING)
        throw new ScalarInputError('Date must be a string.', DATE_KEY, ast);
      return parseDate(ast.value, ast);
    },
  });

  builder.scalarType('Upload', {
    description: 'A file sent with the GraphQL multipart request specification.',
    serialize: () => {
      throw new GraphQLError('Upload is an input-only scalar.');
    },
    parseValue: (value) => {
      if (isFileLike(value)) return value;
      throw new GraphQLError('Upload must be a file sent as multipart form data.');
    },
  });

  builder.scalarType('JSON', {
    description: 'Arbitrary JSON.',
    serialize: (value) => value,
    parseValue: (value) => value,
  });
}

/**
 * Yoga parses multipart bodies with @whatwg-node's own File class (it enforces the upload limits), which
 * is not an instance of Node's global File: recognise a file by its shape.
 */
function isFileLike(value: unknown): value is File {
  if (value instanceof File) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof File, unknown>>;
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.size === 'number' &&
    typeof candidate.arrayBuffer === 'function' &&
    typeof candidate.stream === 'function'
  );
}
