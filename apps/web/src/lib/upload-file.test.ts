import { afterEach, describe, expect, it, vi } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { tokenRefresher } from '../app/session/session-manager';
import { uploadFile, uploadFileWithProgress } from './upload-file';

/** The parts of XMLHttpRequest the upload uses; the test plays the server. */
class FakeRequest {
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const uploaded = {
  __typename: 'File',
  id: '0b5f7a3e-7c1d-4f5e-9a8b-1c2d3e4f5a6b',
  name: 'demo.mp3',
  path: '/files/0b5f7a3e-7c1d-4f5e-9a8b-1c2d3e4f5a6b',
  thumb: null,
  placeholder: null,
};

function startUpload(signal?: AbortSignal) {
  let request: FakeRequest | undefined;
  const progress: number[] = [];
  const file = new File(['ID3 demo'], 'demo.mp3', { type: 'audio/mpeg' });
  const result = uploadFileWithProgress(
    file,
    'ATTACHMENT',
    (fraction) => progress.push(fraction),
    signal,
    () => {
      request = new FakeRequest();
      return request as unknown as XMLHttpRequest;
    },
  );
  // The request opens once the token has been read.
  const sent = vi.waitFor(() => {
    if (!request?.body) throw new Error('not sent yet');
    return request;
  });
  return { result, sent, progress };
}

describe('uploadFileWithProgress', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the multipart request with the Bearer token and reports progress', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue('token-1');
    const { result, sent, progress } = startUpload();
    const request = await sent;

    expect(request.method).toBe('POST');
    expect(request.url).toBe('/graphql');
    expect(request.withCredentials).toBe(true);
    expect(request.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer token-1',
    });
    const operations = JSON.parse(String(request.body?.get('operations'))) as {
      operationName: string;
      variables: Record<string, unknown>;
    };
    expect(operations.operationName).toBe('UploadFile');
    expect(operations.variables).toEqual({ file: null, purpose: 'ATTACHMENT' });
    expect(JSON.parse(String(request.body?.get('map')))).toEqual({ 0: ['variables.file'] });
    expect((request.body?.get('0') as File).name).toBe('demo.mp3');

    request.progress(25, 100);
    request.progress(100, 100);
    request.respond(200, { data: { uploadFile: uploaded } });
    await expect(result).resolves.toEqual(uploaded);
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('throws GraphQL errors as CombinedGraphQLErrors', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue(null);
    const { result, sent } = startUpload();
    const request = await sent;
    expect(request.headers.Authorization).toBeUndefined();
    request.respond(200, {
      data: null,
      errors: [{ message: 'Too large', extensions: { category: 'validation' } }],
    });
    const error: unknown = await result.catch((caught: unknown) => caught);
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
    expect((error as CombinedGraphQLErrors).errors[0]?.message).toBe('Too large');
  });

  it('fails with the HTTP status when the answer is not JSON', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue(null);
    const { result, sent } = startUpload();
    (await sent).respond(502, '<html>Bad gateway</html>');
    await expect(result).rejects.toThrow('HTTP status 502');
  });

  it('cancels the request when the signal aborts', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue(null);
    const controller = new AbortController();
    const { result, sent } = startUpload(controller.signal);
    const request = await sent;
    controller.abort();
    expect(request.aborted).toBe(true);
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('uploadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('still uploads with fetch', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue('token-2');
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ data: { uploadFile: uploaded } })),
    );
    const file = new File(['x'], 'demo.mp3', { type: 'audio/mpeg' });
    await expect(uploadFile(file, 'ATTACHMENT', fetchImpl)).resolves.toEqual(uploaded);
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(init?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer token-2' });
  });
});
