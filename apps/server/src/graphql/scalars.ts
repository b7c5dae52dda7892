import { GraphQLError, Kind } from 'graphql';
import { builder } from './builder';

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in UTC, the seed's system datetime format. */
export function formatDateTime(value: Date): string {
  return (
    `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ` +
    `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`
  );
}

export function formatDate(value: Date): string {
  return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}

const DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function parseDateTime(value: unknown): Date {
  const match = typeof value === 'string' ? DATE_TIME_PATTERN.exec(value) : null;
  if (!match) throw new GraphQLError('DateTime must be formatted as YYYY-MM-DD HH:mm:ss (UTC).');
  const [, year, month, day, hours, minutes, seconds, zone] = match;
  const date = new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}${zone ?? 'Z'}`);
  if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime is not a real date.');
  return date;
}

export function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !DATE_PATTERN.test(value)) {
    throw new GraphQLError('Date must be formatted as YYYY-MM-DD.');
  }
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || formatDate(date) !== value) {
    throw new GraphQLError('Date is not a real date.');
  }
  return value;
}

export function registerScalars(): void {
  builder.scalarType('DateTime', {
    description: 'A moment in UTC, formatted YYYY-MM-DD HH:mm:ss.',
    serialize: (value) =>
      value instanceof Date ? formatDateTime(value) : formatDateTime(parseDateTime(value)),
    parseValue: parseDateTime,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string.');
      return parseDateTime(ast.value);
    },
  });

  builder.scalarType('Date', {
    description: 'A calendar date, formatted YYYY-MM-DD.',
    serialize: (value) => (value instanceof Date ? formatDate(value) : parseDate(value)),
    parseValue: parseDate,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError('Date must be a string.');
      return parseDate(ast.value);
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
