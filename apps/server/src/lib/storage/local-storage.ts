import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  InvalidStorageKeyError,
  StorageObjectNotFoundError,
  type Storage,
} from './storage';

const TEMP_FOLDER = '.tmp';

/**
 * Files under `root`, one file per key. Writes go to a temporary file in the same filesystem and are
 * renamed into place, so a reader never sees half a file and a crash leaves only a temp file behind.
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const tempDir = path.join(base, TEMP_FOLDER);

  /** The key's file, after checking twice that it cannot leave `base`. */
  function fileFor(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(base, ...key.split('/'));
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  return {
    kind: 'local',

    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(tempDir, { recursive: true });
      const temp = path.join(tempDir, `${randomUUID()}.part`);
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(temp, { flags: 'wx' }),
        );
        const handle = await open(temp, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key, range) {
      const file = fileFor(key);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) throw new StorageObjectNotFoundError(key);
        size = info.size;
      } catch (error) {
        if (isMissing(error)) throw new StorageObjectNotFoundError(key);
        throw error;
      }
      if (range) {
        return {
          stream: createReadStream(file, { start: range.start, end: range.end }),
          size: range.end - range.start + 1,
        };
      }
      // A known end lets the stream finish with its last chunk instead of one more read to find EOF.
      return { stream: createReadStream(file, { start: 0, end: Math.max(0, size - 1) }), size };
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(fileFor(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
