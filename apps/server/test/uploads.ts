import type { TestServer } from './harness';

const UPLOAD_FILE = `mutation($input: UploadFileInput!) {
  uploadFile(input: $input) { id name mime_type size url } }`;

export interface UploadedFileFields {
  id: string;
  name: string;
  mime_type: string;
  size: number;
  url: string;
}

export interface UploadBody<File = UploadedFileFields> {
  data?: { uploadFile?: File } | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

/**
 * Uploads bytes through the real GraphQL multipart request (operations, map, then the file), as
 * the web app sends it; `query` asks for more of the file than these fields.
 */
export async function upload<File = UploadedFileFields>(
  server: TestServer,
  file: { bytes: Uint8Array; name: string; type?: string },
  purpose: string,
  headers: Record<string, string>,
  query = UPLOAD_FILE,
): Promise<{ status: number; body: UploadBody<File> }> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({ query, variables: { input: { file: null, purpose } } }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
  const blob = new Blob([new Uint8Array(file.bytes)], {
    type: file.type ?? 'application/octet-stream',
  });
  form.append('0', blob, file.name);
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { accept: 'application/graphql-response+json', ...headers },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as UploadBody<File> };
}

/** The id of an uploaded file; fails the test when the upload was refused. */
export async function uploadedId(
  server: TestServer,
  file: { bytes: Uint8Array; name: string; type?: string },
  purpose: string,
  headers: Record<string, string>,
): Promise<string> {
  const { body } = await upload(server, file, purpose, headers);
  const id = body.data?.uploadFile?.id;
  if (!id) throw new Error(`upload refused: ${JSON.stringify(body.errors)}`);
  return id;
}

const mpegFrame = [0xff, 0xfb, 0x90, 0x64, ...new Array<number>(413).fill(0)];
/** A tiny MP3 (an ID3 header and three silent frames) that file-type sniffs as audio/mpeg. */
export const MP3_BYTES = new Uint8Array([
  0x49,
  0x44,
  0x33,
  3,
  0,
  0,
  0,
  0,
  0,
  0,
  ...mpegFrame,
  ...mpegFrame,
  ...mpegFrame,
]);
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n',
);
