import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { parse as parseContentDisposition } from 'content-disposition';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload as uploadAs, type UploadBody } from '../../../test/uploads';
import { asUser, startTestServer, type TestServer } from '../../../test/harness';
import { startTestS3, type TestS3 } from '../../../test/s3';
import type { Executor } from '../../db/client';
import { translatorFor } from '../../lib/i18n';
import { createS3Client, shardedKey } from '../../lib/storage';
import { UPLOAD_RULES } from './files.rules';

const UPLOAD_FILE = /* GraphQL */ `
  mutation Upload($input: UploadFileInput!) {
    uploadFile(input: $input) {
      id
      name
      mime_type
      size
      url
      path
      thumb
      placeholder
      width
      height
      created_at
    }
  }
`;

interface UploadedFile {
  id: string;
  name: string;
  mime_type: string;
  size: number;
  url: string;
  path: string;
  thumb: string | null;
  placeholder: string | null;
  width: number | null;
  height: number | null;
  created_at: string;
}

type GraphQLBody = UploadBody<UploadedFile>;

let server: TestServer;
let png: Buffer;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  server = await startTestServer();
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8102e' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await server?.close();
});

/** Uploads as Alice unless told otherwise, asking for every field of the file. */
const upload = (
  file: { bytes: Uint8Array; name: string; type?: string },
  purpose: string,
  headers: Record<string, string> = asUser(alice),
  target: TestServer = server,
) => uploadAs<UploadedFile>(target, file, purpose, headers, UPLOAD_FILE);

async function uploaded(file: { bytes: Uint8Array; name: string; type?: string }, purpose: string) {
  const { body } = await upload(file, purpose);
  expect(body.errors).toBeUndefined();
  const result = body.data?.uploadFile;
  if (!result) throw new Error('no file in the answer');
  return result;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, { headers });

describe('uploadFile', () => {
  it('stores a picture with its size, a 400px thumbnail and a blurred placeholder', async () => {
    const file = await uploaded({ bytes: png, name: 'photo.png', type: 'image/png' }, 'AVATAR');
    expect(file).toMatchObject({
      name: 'photo.png',
      mime_type: 'image/png',
      size: png.length,
      url: `/files/${file.id}`,
      path: `/files/${file.id}`,
      thumb: `/files/${file.id}/thumb`,
      width: 640,
      height: 480,
    });
    expect(file.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(file.placeholder).toMatch(/^data:image\/webp;base64,/);
    const placeholder = Buffer.from(file.placeholder!.split(',')[1]!, 'base64');
    expect(await sharp(placeholder).metadata()).toMatchObject({
      format: 'webp',
      width: 16,
      height: 12,
    });

    const thumb = await get(file.thumb!, asUser(alice));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    expect(await sharp(thumbBytes).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 300,
    });
  });

  it('recognises the type from the bytes, not from the name or the declared type', async () => {
    const file = await uploaded({ bytes: png, name: 'song.mp3', type: 'audio/mpeg' }, 'MEDIA');
    expect(file).toMatchObject({ name: 'song.mp3', mime_type: 'image/png', width: 640 });
    const response = await get(file.url, asUser(alice));
    expect(response.headers.get('content-type')).toBe('image/png');
    // Saved under the extension of what it really is.
    expect(
      parseContentDisposition(response.headers.get('content-disposition')!).parameters.filename,
    ).toBe('song.png');
  });

  it('refuses a text file named like a picture, naming the field', async () => {
    const text = Buffer.from('definitely not a picture\n');
    const { body } = await upload({ bytes: text, name: 'avatar.png', type: 'image/png' }, 'AVATAR');
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.message).toBe('This type of file is not allowed.');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION',
      category: 'validation',
      validation: { 'input.file': ['This type of file is not allowed.'] },
    });
  });

  it('takes UTF-8 text where the purpose allows text, as text/plain', async () => {
    const text = Buffer.from('Rider: two vocal mics, one DI — merci !\n');
    const file = await uploaded(
      { bytes: text, name: 'rider.txt', type: 'text/html' },
      'ATTACHMENT',
    );
    expect(file).toMatchObject({
      mime_type: 'text/plain',
      thumb: null,
      placeholder: null,
      width: null,
    });
    const response = await get(file.url, asUser(alice));
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(text.toString('utf8'));
    expect((await get(`${file.url}/thumb`, asUser(alice))).status).toBe(404);
  });

  it('refuses binary bytes without a known signature, even where text is allowed', async () => {
    const bytes = Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff, 0x00, 0x10]);
    const { body } = await upload({ bytes, name: 'notes.txt', type: 'text/plain' }, 'ATTACHMENT');
    expect(body.errors?.[0]?.extensions?.validation).toEqual({
      'input.file': ['This type of file is not allowed.'],
    });
  });

  it('refuses a file over the size of its purpose, in the caller language', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    png.copy(big);
    const { body } = await upload({ bytes: big, name: 'big.png', type: 'image/png' }, 'COVER');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION',
      validation: { 'input.file': ['The file is too large: at most 10 MB are allowed.'] },
    });
  });

  it('refuses an empty file', async () => {
    const { body } = await upload({ bytes: new Uint8Array(), name: 'empty.png' }, 'AVATAR');
    expect(body.errors?.[0]?.extensions?.validation).toEqual({
      'input.file': ['The file is empty.'],
    });
  });

  it('refuses a picture whose bytes do not decode', async () => {
    const broken = Buffer.concat([png.subarray(0, 64), Buffer.alloc(64)]);
    const { body } = await upload({ bytes: broken, name: 'broken.png' }, 'GALLERY');
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
    expect(Object.keys(body.errors?.[0]?.extensions?.validation as object)).toEqual(['input.file']);
  });

  it('answers a multipart body over the upload limit with 413 in the GraphQL error shape', async () => {
    const huge = Buffer.alloc(25 * 1024 * 1024 + 1);
    const { status, body } = await upload({ bytes: huge, name: 'huge.wav' }, 'MEDIA');
    expect(status).toBe(413);
    expect(body.errors?.[0]?.message).toBe('The file is too large: at most 25 MB are allowed.');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      category: 'bad-request',
    });
    // The server is still fine afterwards.
    expect((await get('/healthz')).status).toBe(200);
  });

  it('answers a multipart body over the request limit with 413 before reading it', async () => {
    const huge = Buffer.alloc(40 * 1024 * 1024);
    const { status, body } = await upload({ bytes: huge, name: 'huge.wav' }, 'MEDIA');
    expect(status).toBe(413);
    expect(body.errors?.[0]?.message).toBe('The request is too large.');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      category: 'bad-request',
    });
  });

  it('answers more files than one request may carry with 413', async () => {
    const form = new FormData();
    const operations = {
      query: UPLOAD_FILE,
      variables: { input: { file: null, purpose: 'GALLERY' } },
    };
    form.append('operations', JSON.stringify(operations));
    form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
    for (let index = 0; index < 21; index += 1)
      form.append(String(index), new Blob([new Uint8Array(png)]), `${index}.png`);
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: asUser(alice),
      body: form,
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as GraphQLBody;
    expect(body.errors?.[0]?.message).toBe('Too many files: at most 20 are allowed.');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      category: 'bad-request',
    });
  });

  it('refuses an anonymous upload', async () => {
    const { body } = await upload({ bytes: png, name: 'photo.png' }, 'AVATAR', {});
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.message).toBe('Not authenticated');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      category: 'authentication',
    });
  });

  it('refuses an unknown purpose and a file field that is not a file as bad requests', async () => {
    const wrongPurpose = await upload({ bytes: png, name: 'photo.png' }, 'WALLPAPER');
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.errors?.[0]?.extensions).toMatchObject({ category: 'bad-request' });

    const notAFile = await server.graphql(
      UPLOAD_FILE,
      { input: { file: 'photo.png', purpose: 'AVATAR' } },
      asUser(alice),
    );
    expect(notAFile.status).toBe(400);
    expect(notAFile.body.errors?.[0]?.extensions).toMatchObject({ category: 'bad-request' });
  });
});

describe('GET /files/:id', () => {
  let file: UploadedFile;

  beforeAll(async () => {
    file = await uploaded({ bytes: png, name: 'Café – démo.png', type: 'image/png' }, 'GALLERY');
  });

  it('streams the identical bytes to the uploader, as an attachment with its unicode name', async () => {
    const response = await get(file.url, asUser(alice));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(png.length));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Cafe - demo.png"; filename*=UTF-8''Caf%C3%A9%20%E2%80%93%20d%C3%A9mo.png`,
    );
    expect(parseContentDisposition(response.headers.get('content-disposition')!)).toMatchObject({
      type: 'attachment',
      parameters: { filename: 'Café – démo.png' },
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('etag')).toBe(`"${file.id}"`);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await fetch(`${server.url}${file.url}`, {
      method: 'HEAD',
      headers: asUser(alice),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(png.length));
    expect(response.headers.get('content-type')).toBe('image/png');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('shows a picture in place when asked, and answers 304 to a matching ETag', async () => {
    const inline = await get(`${file.url}?inline=1`, asUser(alice));
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; /);
    await inline.arrayBuffer();

    const again = await get(file.url, { ...asUser(alice), 'if-none-match': `"${file.id}"` });
    expect(again.status).toBe(304);
  });

  it('serves byte ranges, for seeking in audio and video', async () => {
    const response = await get(file.url, { ...asUser(alice), range: 'bytes=0-9' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 0-9/${png.length}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(png.subarray(0, 10))).toBe(true);

    const outside = await get(file.url, { ...asUser(alice), range: `bytes=${png.length}-` });
    expect(outside.status).toBe(416);
  });

  it('lets a platform admin read any file', async () => {
    const response = await get(file.url, asUser(randomUUID(), 'admin'));
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it('answers another user and an anonymous caller exactly like an unknown id', async () => {
    const unknown = await get(`/files/${randomUUID()}`, asUser(alice));
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.json();
    expect(unknownBody.error).toMatchObject({ code: 'NOT_FOUND', category: 'not-found' });

    for (const headers of [asUser(bob), {}]) {
      for (const url of [file.url, file.thumb!]) {
        const response = await get(url, headers);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual(unknownBody);
      }
    }
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%5C..%5Cwindows%5Cwin.ini',
    'not-a-uuid',
    'ab%2Fcd%2F..%2F..%2Fjwt-secret',
    '%00',
  ])('answers a path-like id %s with a JSON 404', async (id) => {
    const response = await get(`/files/${id}`, asUser(alice));
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatchObject({
      code: 'NOT_FOUND',
      category: 'not-found',
    });
  });

  it('answers a path that climbs out of /files with a 404 too', async () => {
    const url = new URL(server.url);
    // fetch() would normalise `..` away; a raw request keeps it.
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(
        {
          host: url.hostname,
          port: url.port,
          path: '/files/../../jwt-secret',
          headers: asUser(alice),
        },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(404);
  });
});

describe('files service', () => {
  it('removes the stored bytes when the row cannot be written', async () => {
    const root = path.join(server.config.dataDir, 'files');
    const before = storedFiles(root);
    const failing = {
      insert: () => {
        throw new Error('database unavailable');
      },
    } as unknown as Executor;
    await expect(
      server.app.services.files.store(new File([new Uint8Array(png)], 'photo.png'), {
        ownerType: 'user-upload',
        uploadedById: alice,
        visibility: 'private',
        rules: UPLOAD_RULES.AVATAR,
        t: translatorFor('en'),
        locale: 'en',
        executor: failing,
      }),
    ).rejects.toThrow('database unavailable');
    expect(storedFiles(root)).toEqual(before);
  });

  it('hands an upload to a record only for its uploader', async () => {
    const file = await uploaded({ bytes: png, name: 'logo.png' }, 'LOGO');
    const owner = {
      ownerType: 'organisation-logo',
      ownerId: randomUUID(),
      visibility: 'public' as const,
    };
    expect(await server.app.services.files.attach(file.id, bob, owner)).toBeUndefined();
    expect(await server.app.services.files.attach(file.id, alice, owner)).toMatchObject(owner);
    // Public now: anyone reads it, with a cache a CDN may keep.
    const response = await get(file.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    await response.arrayBuffer();
    // And it cannot be attached twice.
    expect(await server.app.services.files.attach(file.id, alice, owner)).toBeUndefined();
  });
});

describe('on S3-compatible storage', () => {
  let s3: TestS3;
  let s3Server: TestServer;

  beforeAll(async () => {
    s3 = await startTestS3();
    s3Server = await startTestServer({ s3: s3.config });
  });
  afterAll(async () => {
    await s3Server?.close();
    await s3?.close();
  });

  it('keeps uploads in the bucket and streams them back', async () => {
    const { body } = await upload(
      { bytes: png, name: 'Café – démo.png' },
      'GALLERY',
      asUser(alice),
      s3Server,
    );
    const file = body.data?.uploadFile;
    if (!file) throw new Error(`upload failed: ${JSON.stringify(body.errors)}`);

    const client = createS3Client(s3.config);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    expect(listed.Contents?.map((object) => object.Key).sort()).toEqual([
      shardedKey(file.id),
      shardedKey(file.id, '.thumb.webp'),
    ]);
    const stored = await client.send(
      new GetObjectCommand({ Bucket: s3.config.bucket, Key: shardedKey(file.id) }),
    );
    expect(stored.ContentType).toBe('image/png');
    expect(Buffer.from((await stored.Body?.transformToByteArray()) ?? []).equals(png)).toBe(true);
    // Nothing went to the local disk.
    expect(storedFiles(path.join(s3Server.config.dataDir, 'files'))).toEqual([]);

    const response = await fetch(`${s3Server.url}${file.url}`, { headers: asUser(alice) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(png.length));
    expect(
      parseContentDisposition(response.headers.get('content-disposition')!).parameters.filename,
    ).toBe('Café – démo.png');
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);

    const range = await fetch(`${s3Server.url}${file.url}`, {
      headers: { ...asUser(alice), range: 'bytes=-4' },
    });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(png.subarray(png.length - 4))).toBe(true);

    const thumb = await fetch(`${s3Server.url}${file.thumb}`, { headers: asUser(alice) });
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({
      width: 400,
    });

    // A width made on request is kept in the bucket too.
    const narrow = await fetch(`${s3Server.url}${file.url}?w=320`, { headers: asUser(alice) });
    expect(await sharp(Buffer.from(await narrow.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
    });
    const kept = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    expect(kept.Contents?.map((object) => object.Key)).toContain(shardedKey(file.id, '.w320.webp'));

    expect((await fetch(`${s3Server.url}${file.url}`, { headers: asUser(bob) })).status).toBe(404);
  });
});

function storedFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('.tmp'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
