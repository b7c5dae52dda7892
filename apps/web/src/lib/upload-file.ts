import { print } from 'graphql';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { GraphQLFormattedError } from 'graphql';
import { GRAPHQL_ENDPOINT, tokenRefresher } from '../app/session/session-manager';
import { UploadFileDocument, type FilePurpose, type UploadFileMutation } from '../gql/graphql';

export type UploadedFile = UploadFileMutation['uploadFile'];

interface MultipartResponse {
  data?: UploadFileMutation | null;
  errors?: GraphQLFormattedError[];
}

/**
 * Uploads a file for one purpose (avatar, logo, cover…) with the GraphQL multipart request specification
 * (https://github.com/jaydenseric/graphql-multipart-request-spec): the app's Apollo link only
 * sends JSON, so this one request goes with fetch and the session's Bearer token.
 * GraphQL errors are thrown as CombinedGraphQLErrors, like Apollo's, for the same error display.
 */
export async function uploadFile(
  file: File,
  purpose: FilePurpose,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<UploadedFile> {
  const token = await tokenRefresher.getValidAccessToken();
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({
      operationName: 'UploadFile',
      query: print(UploadFileDocument),
      variables: { file: null, purpose },
    }),
  );
  body.append('map', JSON.stringify({ 0: ['variables.file'] }));
  body.append('0', file, file.name);
  const response = await fetchImpl(GRAPHQL_ENDPOINT, {
    method: 'POST',
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  let result: MultipartResponse;
  try {
    result = (await response.json()) as MultipartResponse;
  } catch {
    throw new Error(`Upload failed with HTTP status ${response.status}`);
  }
  if (result.errors?.length) {
    throw new CombinedGraphQLErrors({ data: result.data ?? null, errors: result.errors });
  }
  if (!result.data) throw new Error(`Upload failed with HTTP status ${response.status}`);
  return result.data.uploadFile;
}
