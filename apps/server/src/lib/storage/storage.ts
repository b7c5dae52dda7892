import type { Readable } from 'node:stream';

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** Bytes in `stream` (the range's length when a range was asked for), when the backend knows it. */
  size?: number;
}

/**
 * Where uploaded bytes live. Keys are chosen by the caller from a closed alphabet (see `assertStorageKey`);
 * metadata (type, name, owner) lives in the database, never in the store.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Rejects with StorageObjectNotFoundError when nothing is stored under the key. */
  get(key: string, range?: ByteRange): Promise<StoredObject>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StorageObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under key ${key}`);
    this.name = 'StorageObjectNotFoundError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

// Lower-case letters, digits, dot, dash and underscore, in slash-separated segments that never start
// with a dot: no `..`, no absolute paths, no backslashes, nothing a filesystem or an S3 proxy reads twice.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,127}(?:\/[a-z0-9][a-z0-9_.-]{0,127}){0,7}$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new InvalidStorageKeyError(key);
}

/**
 * `ab/cd/<id><suffix>`: two levels of sharding by the id's first characters keep every folder small on a
 * local disk (and spread S3 prefixes); ids are random UUIDs, so the shards fill evenly.
 */
export function shardedKey(id: string, suffix = ''): string {
  const name = `${id.toLowerCase()}${suffix}`;
  const key = `${name.slice(0, 2)}/${name.slice(2, 4)}/${name}`;
  assertStorageKey(key);
  return key;
}
