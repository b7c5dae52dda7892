import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenRefresher } from '../app/session/session-manager';
import {
  DownloadError,
  downloadFile,
  fetchPrivateFile,
  fileNameFromDisposition,
  type DownloadProgress,
} from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name to the ASCII fallback', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Cafe - demo.png"; filename*=UTF-8''Caf%C3%A9%20%E2%80%93%20d%C3%A9mo.png`,
      ),
    ).toBe('Café – démo.png');
  });

  it('reads quoted and plain names, and nothing from an absent header', () => {
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".mp3"')).toBe('say "hi".mp3');
    expect(fileNameFromDisposition('inline; filename=song.mp3')).toBe('song.mp3');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('falls back to the plain name when the encoded one is malformed', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A.pdf`),
    ).toBe('a.pdf');
  });
});

describe('fetchPrivateFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the session token and returns the bytes with their name, saving nothing', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue('token-1');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(
      new Response('RIFF', {
        headers: { 'content-disposition': 'attachment; filename="demo.wav"' },
      }),
    );
    const file = await fetchPrivateFile('/files/f-1', { fetchImpl });
    expect(fetchImpl).toHaveBeenCalledWith('/files/f-1', {
      credentials: 'include',
      headers: { Authorization: 'Bearer token-1' },
    });
    expect(file.name).toBe('demo.wav');
    expect(await file.blob.text()).toBe('RIFF');
    expect(click).not.toHaveBeenCalled();
  });

  it('answers no name when the server gives none', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue(null);
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('%PDF'));
    expect((await fetchPrivateFile('/files/f-2', { fetchImpl })).name).toBeNull();
  });
});

describe('downloadFile', () => {
  let saved: string[];
  let savedBlobs: Blob[];

  beforeEach(() => {
    saved = [];
    savedBlobs = [];
    URL.createObjectURL = vi.fn((blob: Blob | MediaSource) => {
      savedBlobs.push(blob as Blob);
      return 'blob:download';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.getAttribute('href')}`);
    });
  });

  afterEach(() => vi.restoreAllMocks());

  it('sends the session token and saves under the server’s name', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue('token-1');
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(
      new Response('code,name\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="riverside-applications.csv"`,
        },
      }),
    );
    const name = await downloadFile('/api/opportunities/opp-1/applications.csv', {
      fallbackName: 'applications.csv',
      fetchImpl,
    });
    expect(name).toBe('riverside-applications.csv');
    expect(fetchImpl).toHaveBeenCalledWith('/api/opportunities/opp-1/applications.csv', {
      credentials: 'include',
      headers: { Authorization: 'Bearer token-1' },
    });
    expect(saved).toEqual(['riverside-applications.csv blob:download']);
    expect(await savedBlobs[0]?.text()).toBe('code,name\r\n');
  });

  it('saves under the UTF-8 name the server gives', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue(null);
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(
      new Response('%PDF', {
        headers: { 'content-disposition': `attachment; filename*=UTF-8''rider%20%C3%A9.pdf` },
      }),
    );
    await downloadFile('/files/f-2', { fallbackName: 'fallback.pdf', fetchImpl });
    expect(saved).toEqual(['rider é.pdf blob:download']);
  });

  it('reports the bytes as they arrive, with the total when the server gives one', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue(null);
    const parts = ['PK', 'zip-bytes'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response(body, { headers: { 'content-length': '11' } }));
    const progress: DownloadProgress[] = [];
    const name = await downloadFile('/api/applications/a-1/files.zip', {
      fallbackName: 'files.zip',
      fetchImpl,
      onProgress: (step) => progress.push(step),
    });
    expect(name).toBe('files.zip');
    expect(progress).toEqual([
      { received: 0, total: 11 },
      { received: 2, total: 11 },
      { received: 11, total: 11 },
    ]);
    expect(await savedBlobs[0]?.text()).toBe('PKzip-bytes');
  });

  it('refuses with the server’s message and saves nothing', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue('token-1');
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(Response.json({ message: 'Not found.' }, { status: 404 }));
    const failure = downloadFile('/files/gone', { fallbackName: 'file', fetchImpl });
    await expect(failure).rejects.toBeInstanceOf(DownloadError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'Not found.' });
    expect(saved).toEqual([]);
  });

  it('turns a broken connection into a DownloadError', async () => {
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue('token-1');
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      downloadFile('/files/f-1', { fallbackName: 'file', fetchImpl }),
    ).rejects.toMatchObject({ status: 0 });
  });
});
