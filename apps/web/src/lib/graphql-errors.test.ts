import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { GraphQLFormattedError } from 'graphql';
import { describeGraphQLError } from './graphql-errors';

const t = (key: string) => `t(${key})`;
const graphQLError = (...errors: GraphQLFormattedError[]) =>
  new CombinedGraphQLErrors({ data: null, errors });

describe('describeGraphQLError', () => {
  it('shows every validation message, one per line', () => {
    const error = graphQLError({
      message: 'Validation failed.',
      extensions: {
        category: 'validation',
        validation: {
          'input.email': ['The email has already been taken.'],
          'input.password': [
            'The password must be at least 8 characters.',
            'The password confirmation does not match.',
          ],
        },
      },
    });
    expect(describeGraphQLError(error, t)).toBe(
      [
        'The email has already been taken.',
        'The password must be at least 8 characters.',
        'The password confirmation does not match.',
      ].join('\n'),
    );
  });

  it('shows the debug message, else the message, for authentication errors', () => {
    expect(
      describeGraphQLError(
        graphQLError({
          message: 'Not authenticated',
          extensions: { category: 'authentication', debugMessage: 'Token expired at 10:00' },
        }),
        t,
      ),
    ).toBe('Token expired at 10:00');
    expect(
      describeGraphQLError(
        graphQLError({
          message: 'Invalid credentials.',
          extensions: { category: 'authentication' },
        }),
        t,
      ),
    ).toBe('Invalid credentials.');
  });

  it('shows the debug message, else the message, for bad requests', () => {
    expect(
      describeGraphQLError(
        graphQLError({
          message: 'The coupon has expired.',
          extensions: { category: 'bad-request' },
        }),
        t,
      ),
    ).toBe('The coupon has expired.');
  });

  it('shows the generic text for other errors, unless a debug message exists', () => {
    expect(
      describeGraphQLError(
        graphQLError({ message: 'Internal server error', extensions: { category: 'internal' } }),
        t,
      ),
    ).toBe('t(sorry.error)');
    expect(
      describeGraphQLError(
        graphQLError({
          message: 'Internal server error',
          extensions: { category: 'internal', debugMessage: 'relation "users" does not exist' },
        }),
        t,
      ),
    ).toBe('relation "users" does not exist');
  });

  it('falls back to the generic text for anything that is not a GraphQL error', () => {
    expect(describeGraphQLError(new TypeError('Failed to fetch'), t)).toBe('t(sorry.error)');
    expect(describeGraphQLError(null, t)).toBe('t(sorry.error)');
  });

  it('accepts a raw { errors } result too', () => {
    expect(
      describeGraphQLError(
        { errors: [{ message: 'Nope.', extensions: { category: 'bad-request' } }] },
        t,
      ),
    ).toBe('Nope.');
  });
});
