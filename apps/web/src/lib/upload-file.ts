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
 * The body of a GraphQL multipart request
 * (https://github.com/jaydenseric/graphql-multipart-request-spec): the app's Apollo link only
 * sends JSON, so uploads go as this one request with the session's Bearer token.
 */
function multipartBody(file: File, purpose: FilePurpose): FormData {
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
  return body;
}

async function requestHeaders(): Promise<Record<string, string>> {
  const token = await tokenRefresher.getValidAccessToken();
  return {
    Accept: 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** GraphQL errors are thrown as CombinedGraphQLErrors, like Apollo's, for the same error display. */
function uploadedFileOf(result: MultipartResponse, status: number): UploadedFile {
  if (result.errors?.length) {
    throw new CombinedGraphQLErrors({ data: result.data ?? null, errors: result.errors });
  }
  if (!result.data) throw new Error(`Upload failed with HTTP status ${status}`);
  return result.data.uploadFile;
}

/** Uploads a file for one purpose (avatar, logo, cover…). */
export async function uploadFile(
  file: File,
  purpose: FilePurpose,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<UploadedFile> {
  const response = await fetchImpl(GRAPHQL_ENDPOINT, {
    method: 'POST',
    credentials: 'include',
    headers: await requestHeaders(),
    body: multipartBody(file, purpose),
  });
  let result: MultipartResponse;
  try {
    result = (await response.json()) as MultipartResponse;
  } catch {
    throw new Error(`Upload failed with HTTP status ${response.status}`);
  }
  return uploadedFileOf(result, response.status);
}

/**
 * The same upload, with XMLHttpRequest because fetch does not report how much of the body has gone
 * out. `onProgress` gets the fraction sent (0 to 1); aborting `signal` cancels the request and
 * rejects with an AbortError.
 */
export async function uploadFileWithProgress(
  file: File,
  purpose: FilePurpose,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): Promise<UploadedFile> {
  const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
  if (signal?.aborted) throw aborted();
  const headers = await requestHeaders();
  if (signal?.aborted) throw aborted();

  return new Promise<UploadedFile>((resolve, reject) => {
    const request = createRequest();
    const cancel = () => request.abort();
    const settle = () => signal?.removeEventListener('abort', cancel);

    request.open('POST', GRAPHQL_ENDPOINT);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      settle();
      let result: MultipartResponse;
      try {
        result = JSON.parse(request.responseText) as MultipartResponse;
      } catch {
        reject(new Error(`Upload failed with HTTP status ${request.status}`));
        return;
      }
      try {
        const uploaded = uploadedFileOf(result, request.status);
        onProgress(1);
        resolve(uploaded);
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => {
      settle();
      reject(new Error('Upload failed: the connection was lost.'));
    };
    request.onabort = () => {
      settle();
      reject(aborted());
    };
    signal?.addEventListener('abort', cancel);
    request.send(multipartBody(file, purpose));
  });
}
