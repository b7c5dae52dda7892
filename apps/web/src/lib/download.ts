import { useCallback, useEffect, useRef, useState } from 'react';
import { tokenRefresher } from '../app/session/session-manager';

/**
 * Downloads of private files and exports (`GET /files/:id`, `GET /api/applications/:id/files.zip`,
 * `GET /api/opportunities/:id/applications.csv`). They answer only with the session's Bearer token
 * (ARCHITECTURE.md §4), which a plain link cannot send, so they are fetched, then saved from an
 * object URL under the name the server gives in `Content-Disposition`, or shown in place (a
 * picture, a recording) from an object URL.
 */

/** The server would not hand the file over, or the connection broke off. */
export class DownloadError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

const EXTENDED_NAME = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i;
const QUOTED_NAME = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i;
const PLAIN_NAME = /filename\s*=\s*([^;\s]+)/i;

/**
 * The name a `Content-Disposition` header gives: the UTF-8 `filename*` when there is one (the
 * person's own spelling), else the ASCII `filename`; null without either.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = EXTENDED_NAME.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed percent-encoding falls back to the plain name below.
    }
  }
  const quoted = QUOTED_NAME.exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const plain = PLAIN_NAME.exec(header);
  return plain?.[1] ?? null;
}

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** From `Content-Length`; null for a streamed answer, whose size nobody knows in advance. */
  total: number | null;
}

export interface DownloadOptions {
  /** The name to save under when the server gives none. */
  fallbackName: string;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

async function refusal(response: Response): Promise<DownloadError> {
  // Refusals answer as JSON in the caller's language; anything else keeps the status only.
  let message = `The download failed (HTTP ${response.status}).`;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      message = body.message;
    }
  } catch {
    // Not JSON: the status says enough.
  }
  return new DownloadError(response.status, message);
}

async function readBody(
  response: Response,
  onProgress: DownloadOptions['onProgress'],
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  const length = Number(response.headers.get('content-length'));
  const total = Number.isSafeInteger(length) && length > 0 ? length : null;
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(new Uint8Array(value));
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(chunks, { type });
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click only starts the download; the URL must outlive it for a moment.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export interface FetchedFile {
  blob: Blob;
  /** From `Content-Disposition`; null when the server sent none. */
  name: string | null;
}

export type FetchOptions = Omit<DownloadOptions, 'fallbackName'>;

/**
 * Fetches `url` with the session's token. A refusal or a broken connection rejects with a
 * DownloadError; an abort with the AbortError of fetch.
 */
export async function fetchPrivateFile(
  url: string,
  { onProgress, signal, fetchImpl = (input, init) => fetch(input, init) }: FetchOptions = {},
): Promise<FetchedFile> {
  const token = await tokenRefresher.getValidAccessToken();
  const init: RequestInit = {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  };
  if (signal) init.signal = signal;
  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DownloadError(0, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await refusal(response);
  let blob: Blob;
  try {
    blob = await readBody(response, onProgress);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DownloadError(0, error instanceof Error ? error.message : String(error));
  }
  return { blob, name: fileNameFromDisposition(response.headers.get('content-disposition')) };
}

/**
 * Fetches `url` with the session's token and saves what comes back; answers the name it was saved
 * under. Rejects as fetchPrivateFile does.
 */
export async function downloadFile(
  url: string,
  { fallbackName, ...options }: DownloadOptions,
): Promise<string> {
  const { blob, name } = await fetchPrivateFile(url, options);
  const saved = name ?? fallbackName;
  saveBlob(blob, saved);
  return saved;
}

export interface DownloadState {
  running: boolean;
  progress: DownloadProgress | null;
}

/**
 * One download at a time for a button: whether it runs, how far it got, and `start`, which
 * resolves to the saved name, or null when it failed (`onError` is told why) or one was running.
 */
export function useDownload(onError: (error: unknown) => void) {
  const [state, setState] = useState<DownloadState>({ running: false, progress: null });
  const running = useRef(false);
  const start = useCallback(
    async (url: string, fallbackName: string): Promise<string | null> => {
      if (running.current) return null;
      running.current = true;
      setState({ running: true, progress: null });
      try {
        return await downloadFile(url, {
          fallbackName,
          onProgress: (progress) => setState({ running: true, progress }),
        });
      } catch (error) {
        onError(error);
        return null;
      } finally {
        running.current = false;
        setState({ running: false, progress: null });
      }
    },
    [onError],
  );
  return { ...state, start };
}

interface ObjectUrlState {
  url: string | null;
  src: string | null;
  failed: boolean;
}

/**
 * A private file as an object URL to show in place (a picture, a recording); null while it loads,
 * or without a `url`. The object URL is released when the file changes or the component goes.
 */
export function usePrivateObjectUrl(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<ObjectUrlState>({ url: null, src: null, failed: false });
  useEffect(() => {
    if (!url) return undefined;
    let cancelled = false;
    let objectUrl: string | null = null;
    fetchPrivateFile(url).then(
      ({ blob }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, failed: false });
      },
      () => {
        if (!cancelled) setState({ url, src: null, failed: true });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state.url === url && url !== null
    ? { src: state.src, failed: state.failed }
    : { src: null, failed: false };
}
