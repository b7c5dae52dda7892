import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** The server answers "not found" for a record that is gone or not the viewer's to see. */
export function isNotFound(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => item.extensions?.category === 'not-found')
  );
}
