import { IMAGE_WIDTHS } from '@encore/core';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, startTestServer, type TestServer } from '../../../test/harness';
import { upload, type UploadedFileFields } from '../../../test/uploads';
import { createLocalStorage, shardedKey } from '../../lib/storage';

let server: TestServer;
let picture: UploadedFileFields;
let rider: UploadedFileFields;
const alice = randomUUID();
const bob = randomUUID();

async function uploaded(bytes: Buffer, name: string, purpose: string) {
  const { body } = await upload(server, { bytes, name }, purpose, asUser(alice));
  const file = body.data?.uploadFile;
  if (!file) throw new Error(`upload failed: ${JSON.stringify(body.errors)}`);
  return file;
}

beforeAll(async () => {
  server = await startTestServer();
  const png = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#1b5e20' },
  })
    .png()
    .toBuffer();
  picture = await uploaded(png, 'Stage – 2027.png', 'GALLERY');
  rider = await uploaded(Buffer.from('Two vocal mics, one DI.\n'), 'rider.txt', 'ATTACHMENT');
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, headers: Record<string, string> = asUser(alice)) =>
  fetch(`${server.url}${url}`, { headers });
const storage = () => createLocalStorage(path.join(server.config.dataDir, 'files'));

async function dimensionsOf(response: Response) {
  const { format, width, height } = await sharp(
    Buffer.from(await response.arrayBuffer()),
  ).metadata();
  return { format, width, height };
}

describe('GET /files/:id?w=', () => {
  it('makes a width once and keeps it beside the original, so the next request reads it', async () => {
    const key = shardedKey(picture.id, '.w480.webp');
    expect(await storage().exists(key)).toBe(false);
    const [first, second] = await Promise.all([
      get(`${picture.url}?w=480`),
      get(`${picture.url}?w=480`),
    ]);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(await storage().exists(key)).toBe(true);

    // What is stored is what is served: no new resize happens for it.
    const marker = await sharp({ create: { width: 7, height: 5, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    await storage().put(key, marker, 'image/webp');
    const later = await get(`${picture.url}?w=480`);
    expect(later.headers.get('content-length')).toBe(String(marker.length));
    expect(Buffer.from(await later.arrayBuffer()).equals(marker)).toBe(true);
  });

  it.each([
    [320, 213],
    [768, 512],
    [1024, 683],
  ])('serves a picture %i pixels wide as WebP', async (width, height) => {
    const response = await get(`${picture.url}?w=${width}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(await dimensionsOf(response)).toEqual({ format: 'webp', width, height });
  });

  it('never enlarges a picture narrower than the width asked for', async () => {
    const response = await get(`${picture.url}?w=1600`);
    expect(await dimensionsOf(response)).toEqual({ format: 'webp', width: 1200, height: 800 });
  });

  it('answers with the caching and safety headers of the original, and its own ETag', async () => {
    const original = await get(picture.url);
    await original.arrayBuffer();
    const response = await get(`${picture.url}?w=480`);
    await response.arrayBuffer();
    for (const header of ['cache-control', 'x-content-type-options', 'content-security-policy']) {
      expect(response.headers.get(header), header).toBe(original.headers.get(header));
    }
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('etag')).toBe(`"${picture.id}-w480"`);
    expect(response.headers.get('content-disposition')).toMatch(
      /^inline; filename="Stage - 2027\.webp"/,
    );

    const again = await get(`${picture.url}?w=480`, {
      ...asUser(alice),
      'if-none-match': `"${picture.id}-w480"`,
    });
    expect(again.status).toBe(304);
    // Another width is another representation.
    const other = await get(`${picture.url}?w=320`, {
      ...asUser(alice),
      'if-none-match': `"${picture.id}-w480"`,
    });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  it('refuses a width outside the set with a clear 400, before looking at the file', async () => {
    for (const width of ['500', '0', '-480', '480.0', '480px', '1e3', '', '99999999']) {
      const response = await get(`${picture.url}?w=${width}`);
      expect(response.status, width).toBe(400);
      expect((await response.json()).error, width).toEqual({
        message: `The width must be one of ${IMAGE_WIDTHS.join(', ')} pixels.`,
        code: 'BAD_REQUEST',
        category: 'bad-request',
      });
    }
    const twice = await get(`${picture.url}?w=320&w=480`);
    expect(twice.status).toBe(400);
    await twice.arrayBuffer();
    // In the caller's language.
    const french = await get(`${picture.url}?w=500`, { ...asUser(alice), 'accept-language': 'fr' });
    expect((await french.json()).error.message).toMatch(/^La largeur doit être/);
  });

  it('answers anyone who may not read the original exactly like an unknown file', async () => {
    const unknown = await get(`/files/${randomUUID()}?w=480`);
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.json();
    for (const headers of [asUser(bob), {}]) {
      const response = await get(`${picture.url}?w=480`, headers);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(unknownBody);
    }
    const admin = await get(`${picture.url}?w=480`, asUser(randomUUID(), 'admin'));
    expect(admin.status).toBe(200);
    await admin.arrayBuffer();
  });

  it('has no widths of a file that is not a picture', async () => {
    const response = await get(`${rider.url}?w=480`);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
    // The file itself is still there.
    expect(await (await get(rider.url)).text()).toBe('Two vocal mics, one DI.\n');
  });

  it('lets anyone read the widths of a public picture, cacheable like the original', async () => {
    const logo = await uploaded(
      await sharp({ create: { width: 600, height: 600, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      'logo.png',
      'LOGO',
    );
    const owner = {
      ownerType: 'organisation-logo',
      ownerId: randomUUID(),
      visibility: 'public' as const,
    };
    expect(await server.app.services.files.attach(logo.id, alice, owner)).toMatchObject(owner);
    const response = await get(`${logo.url}?w=320`, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await dimensionsOf(response)).toEqual({ format: 'webp', width: 320, height: 320 });
  });
});
