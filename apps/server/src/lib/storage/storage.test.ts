import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3';
import {
  assertStorageKey,
  createLocalStorage,
  createS3Storage,
  createStorage,
  InvalidStorageKeyError,
  shardedKey,
  StorageObjectNotFoundError,
  type Storage,
} from './index';

let s3: TestS3;
let root: string;

beforeAll(async () => {
  s3 = await startTestS3();
  root = mkdtempSync(path.join(os.tmpdir(), 'encore-storage-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

const backends: Array<[string, () => Storage]> = [
  ['local disk', () => createLocalStorage(root)],
  ['S3-compatible', () => createS3Storage(s3.config)],
];

describe.each(backends)('%s storage', (_name, make) => {
  it('stores a buffer and a stream, and reads them back with their size', async () => {
    const storage = make();
    await storage.put('ab/cd/buffer', Buffer.from('hello buffer'), 'text/plain');
    await storage.put(
      'ab/cd/stream',
      Readable.from([Buffer.from('hello '), Buffer.from('stream')]),
      'text/plain',
    );

    const buffer = await storage.get('ab/cd/buffer');
    expect(buffer.size).toBe(12);
    expect(await text(buffer.stream)).toBe('hello buffer');
    expect(await text((await storage.get('ab/cd/stream')).stream)).toBe('hello stream');
  });

  it('reads a byte range', async () => {
    const storage = make();
    await storage.put('ab/cd/range', Buffer.from('0123456789'), 'text/plain');
    const part = await storage.get('ab/cd/range', { start: 2, end: 5 });
    expect(part.size).toBe(4);
    expect(await text(part.stream)).toBe('2345');
  });

  it('tells what exists, deletes idempotently, and refuses to read what is gone', async () => {
    const storage = make();
    await storage.put('ef/gh/gone', Buffer.from('x'), 'text/plain');
    expect(await storage.exists('ef/gh/gone')).toBe(true);
    await storage.delete('ef/gh/gone');
    await storage.delete('ef/gh/gone');
    expect(await storage.exists('ef/gh/gone')).toBe(false);
    await expect(storage.get('ef/gh/gone')).rejects.toBeInstanceOf(StorageObjectNotFoundError);
    await expect(storage.get('zz/zz/never-stored')).rejects.toBeInstanceOf(
      StorageObjectNotFoundError,
    );
  });

  it.each([
    '../secret',
    'ab/../../secret',
    '/etc/passwd',
    'ab\\..\\secret',
    'AB/cd',
    '.hidden',
    'ab//cd',
    '',
  ])('refuses the key %j', async (key) => {
    const storage = make();
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

describe('local disk storage', () => {
  it('writes through a temporary file, leaving none behind, and replaces atomically', async () => {
    const storage = createLocalStorage(root);
    await storage.put('12/34/atomic', Buffer.from('first'), 'text/plain');
    await storage.put('12/34/atomic', Buffer.from('second'), 'text/plain');
    expect(await text((await storage.get('12/34/atomic')).stream)).toBe('second');
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('keeps nothing of a write whose stream fails', async () => {
    const storage = createLocalStorage(root);
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('12/34/failed', failing, 'text/plain')).rejects.toThrow(
      'client went away',
    );
    expect(await storage.exists('12/34/failed')).toBe(false);
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });
});

describe('storage keys', () => {
  it('shards by the first characters of the id', () => {
    expect(shardedKey('3F2504E0-4F89-11D3-9A0C-0305E82C3301')).toBe(
      '3f/25/3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    );
    expect(shardedKey('3f2504e0-4f89-11d3-9a0c-0305e82c3301', '.thumb.webp')).toBe(
      '3f/25/3f2504e0-4f89-11d3-9a0c-0305e82c3301.thumb.webp',
    );
    expect(() => shardedKey('../../x')).toThrow(InvalidStorageKeyError);
    expect(() => assertStorageKey('ab/cd/ef')).not.toThrow();
  });

  it('chooses S3 when it is configured, the data folder otherwise', () => {
    expect(createStorage({ dataDir: root, s3: undefined }).kind).toBe('local');
    expect(createStorage({ dataDir: root, s3: s3.config }).kind).toBe('s3');
  });
});
