import { UUID_PATTERN, type ImageWidth, type Locale } from '@encore/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { Database, Executor } from '../../db/client';
import type { Viewer } from '../access/viewer';
import { AppError } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import {
  shardedKey,
  StorageObjectNotFoundError,
  type ByteRange,
  type Storage,
} from '../../lib/storage';
import { sanitizeFileName } from './files.names';
import { filePolicy, type FileReadPolicies } from './files.policy';
import {
  formatFileSize,
  isAccepted,
  isWebImage,
  sniffType,
  USER_UPLOAD,
  type FileVisibility,
  type UploadRules,
} from './files.rules';
import { files, type FileRow } from './files.table';

export type { FileRow };
export type { FileReadAnswer } from './files.policy';

export interface FilesServiceDependencies {
  db: Database;
  storage: Storage;
  readPolicies: FileReadPolicies;
}

export interface StoreFileOptions {
  ownerType: string;
  ownerId?: string | null;
  uploadedById?: string | null;
  visibility: FileVisibility;
  rules: UploadRules;
  /** The field refusals name in the validation map. */
  field?: string;
  /** Refusals speak the caller's language. */
  t: Translate;
  locale: Locale;
  /** Insert the row in the caller's transaction (a record created together with its file). */
  executor?: Executor;
}

export interface OpenedFile {
  file: FileRow;
  stream: Readable;
  size: number | undefined;
}

export const THUMBNAIL_MAX_SIDE = 400;
const PLACEHOLDER_MAX_SIDE = 16;
// Larger pictures are refused rather than decoded: bounds the memory one upload can take.
const MAX_IMAGE_PIXELS = 100_000_000;

interface ImageDerivatives {
  width: number;
  height: number;
  thumbnail: Buffer;
  placeholder: string;
}

export function createFilesService({ db, storage, readPolicies }: FilesServiceDependencies) {
  async function findReadable(viewer: Viewer, id: string): Promise<FileRow> {
    // Anything that is not a UUID cannot name a file: answer like an unknown id, before touching the database.
    if (!UUID_PATTERN.test(id)) throw AppError.notFound('file');
    const file = await db.query.files.findFirst({
      where: and(eq(files.id, id.toLowerCase()), isNull(files.deletedAt)),
    });
    // A file the viewer may not read answers exactly like a missing one, so ids cannot be probed.
    const readable = file ? await filePolicy.readable(viewer, file, readPolicies) : undefined;
    if (!readable) throw AppError.notFound('file');
    return readable;
  }

  async function openOriginal(file: FileRow, range?: ByteRange): Promise<OpenedFile> {
    const object = await storage.get(file.storageKey, range);
    return { file, stream: object.stream, size: object.size ?? (range ? undefined : file.size) };
  }

  async function openThumbnail(file: FileRow): Promise<OpenedFile> {
    if (!file.thumbStorageKey) throw AppError.notFound('file');
    const object = await storage.get(file.thumbStorageKey);
    return { file, stream: object.stream, size: object.size };
  }

  // Variants being made in this process: a burst of first requests resizes once.
  const making = new Map<string, Promise<Buffer>>();

  /**
   * A picture at most `width` pixels wide (never enlarged) as WebP, made on its first request and
   * kept in the store beside the original, so later requests only read it. NOT_FOUND for files
   * that are not pictures.
   */
  async function openVariant(file: FileRow, width: ImageWidth): Promise<OpenedFile> {
    if (!hasVariants(file)) throw AppError.notFound('file');
    const key = shardedKey(file.id, `.w${width}.webp`);
    try {
      const object = await storage.get(key);
      return { file, stream: object.stream, size: object.size };
    } catch (error) {
      if (!(error instanceof StorageObjectNotFoundError)) throw error;
    }
    let made = making.get(key);
    if (!made) {
      made = (async () => {
        const original = await storage.get(file.storageKey);
        const bytes = await resizedWebp(await buffer(original.stream), width);
        await storage.put(key, bytes, 'image/webp');
        return bytes;
      })().finally(() => making.delete(key));
      making.set(key, made);
    }
    const bytes = await made;
    return { file, stream: Readable.from([bytes]), size: bytes.length };
  }

  return {
    /**
     * Checks an upload against its rules (size, and the type sniffed from the bytes), stores the original,
     * and for pictures a 400px WebP thumbnail and a blurred 16px placeholder; then records the file.
     * Bytes are stored first and removed again when the row cannot be written, so no row points at
     * nothing (a crash in between leaves only unreferenced bytes).
     */
    async store(upload: File, options: StoreFileOptions): Promise<FileRow> {
      const field = options.field ?? 'input.file';
      const refuse = (key: string, values: Record<string, string | number> = {}) => {
        const message = options.t(`errors.${key}`, values);
        return new AppError('VALIDATION', message, {
          messageKey: `errors.${key}`,
          messageValues: values,
          validation: { [field]: [message] },
        });
      };
      const tooLarge = () =>
        refuse('file_too_large', { max: formatFileSize(options.rules.maxBytes, options.locale) });

      if (!isUpload(upload)) throw refuse('file_required');
      // The declared size first, so an oversized upload is refused before its bytes are copied.
      if (upload.size > options.rules.maxBytes) throw tooLarge();
      const bytes = Buffer.from(await upload.arrayBuffer());
      if (bytes.length > options.rules.maxBytes) throw tooLarge();
      if (bytes.length === 0) throw refuse('file_empty');

      const type = await sniffType(bytes, options.rules.accept);
      if (!type || !isAccepted(options.rules.accept, type.mime)) {
        throw refuse('file_type_not_allowed');
      }

      let kept: Buffer = bytes;
      if (isWebImage(type.mime)) {
        const clean = await withoutMetadata(bytes);
        if (!clean) throw refuse('file_unreadable_image');
        if (clean.length > options.rules.maxBytes) throw tooLarge();
        kept = clean;
      }
      const image = isWebImage(type.mime) ? await deriveImages(kept) : undefined;
      if (isWebImage(type.mime) && !image) throw refuse('file_unreadable_image');

      const id = randomUUID();
      const storageKey = shardedKey(id);
      const thumbStorageKey = image ? shardedKey(id, '.thumb.webp') : null;
      const stored: string[] = [];
      try {
        await storage.put(storageKey, kept, type.mime);
        stored.push(storageKey);
        if (image && thumbStorageKey) {
          await storage.put(thumbStorageKey, image.thumbnail, 'image/webp');
          stored.push(thumbStorageKey);
        }
        // One statement, so it is all or nothing on its own; inside the caller's transaction when given.
        const [row] = await (options.executor ?? db)
          .insert(files)
          .values({
            id,
            ownerType: options.ownerType,
            ownerId: options.ownerId ?? null,
            uploadedById: options.uploadedById ?? null,
            originalName: sanitizeFileName(upload.name),
            mimeType: type.mime,
            extension: type.extension,
            size: kept.length,
            storageKey,
            thumbStorageKey,
            width: image?.width ?? null,
            height: image?.height ?? null,
            placeholder: image?.placeholder ?? null,
            visibility: options.visibility,
          })
          .returning();
        if (!row) throw new Error('inserting a file returned no row');
        return row;
      } catch (error) {
        await Promise.allSettled(stored.map((key) => storage.delete(key)));
        throw error;
      }
    },

    /**
     * The file's row as the viewer may read it (under the name its owner shows them); NOT_FOUND
     * otherwise (also for ids that are not UUIDs).
     */
    findReadable,
    openOriginal,
    openThumbnail,
    openVariant,

    /** Metadata and the bytes of a file the viewer may read. */
    async read(viewer: Viewer, id: string, range?: ByteRange): Promise<OpenedFile> {
      return openOriginal(await findReadable(viewer, id), range);
    },

    /** Metadata and the WebP thumbnail of a picture the viewer may read; NOT_FOUND for other files. */
    async thumbnail(viewer: Viewer, id: string): Promise<OpenedFile> {
      return openThumbnail(await findReadable(viewer, id));
    },

    /** Rows by id, without a policy check: for features resolving the files their own records point at. */
    async byIds(ids: readonly string[]): Promise<FileRow[]> {
      const valid = ids.filter((id) => UUID_PATTERN.test(id));
      if (valid.length === 0) return [];
      return db
        .select()
        .from(files)
        .where(and(inArray(files.id, valid), isNull(files.deletedAt)));
    },

    /**
     * Hands a file the viewer uploaded (and no feature claimed yet) to a record: from then on the owner
     * feature's read policy applies. Returns undefined when the file is not the uploader's to give.
     */
    async attach(
      fileId: string,
      uploaderId: string,
      owner: { ownerType: string; ownerId: string; visibility: FileVisibility },
      executor: Executor = db,
    ): Promise<FileRow | undefined> {
      if (!UUID_PATTERN.test(fileId)) return undefined;
      const [row] = await executor
        .update(files)
        .set(owner)
        .where(
          and(
            eq(files.id, fileId),
            eq(files.uploadedById, uploaderId),
            eq(files.ownerType, USER_UPLOAD),
            isNull(files.deletedAt),
          ),
        )
        .returning();
      return row;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

function isUpload(value: unknown): value is File {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as File).arrayBuffer === 'function' &&
    typeof (value as File).size === 'number'
  );
}

/**
 * A picture without what cameras and editors write beside it (EXIF with the place it was taken and
 * the owner's name, XMP, IPTC, text comments): re-encoded in its own format with the orientation
 * applied and the colour profile kept. A picture without any is kept byte for byte. Undefined when
 * the bytes do not decode.
 */
async function withoutMetadata(bytes: Buffer): Promise<Buffer | undefined> {
  const options = { autoOrient: true, animated: true, limitInputPixels: MAX_IMAGE_PIXELS };
  try {
    const metadata = await sharp(bytes, options).metadata();
    const carries =
      metadata.exif ??
      metadata.xmp ??
      metadata.iptc ??
      metadata.tifftagPhotoshop ??
      metadata.comments?.length;
    if (!carries) return bytes;
    const image = sharp(bytes, options).keepIccProfile();
    switch (metadata.format) {
      case 'jpeg':
        return await image.jpeg({ quality: 92 }).toBuffer();
      case 'png':
        return await image.png().toBuffer();
      case 'webp':
        return await image.webp({ quality: 92 }).toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
      case 'heif':
        return await image.avif({ quality: 70 }).toBuffer();
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

/** Pictures the service made a thumbnail of (their dimensions are known) have width variants too. */
export function hasVariants(file: Pick<FileRow, 'mimeType' | 'width'>): boolean {
  return isWebImage(file.mimeType) && file.width !== null;
}

/** The picture at most `width` wide, animation kept; WebP, which every browser we serve shows. */
async function resizedWebp(bytes: Buffer, width: number): Promise<Buffer> {
  return sharp(bytes, { autoOrient: true, animated: true, limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

/** Dimensions as displayed (EXIF orientation applied), a thumbnail and a placeholder; undefined when the bytes do not decode. */
async function deriveImages(bytes: Buffer): Promise<ImageDerivatives | undefined> {
  const input = () => sharp(bytes, { autoOrient: true, limitInputPixels: MAX_IMAGE_PIXELS });
  try {
    const metadata = await input().metadata();
    const thumbnail = await input()
      .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const placeholder = await input()
      .resize(PLACEHOLDER_MAX_SIDE, PLACEHOLDER_MAX_SIDE, { fit: 'inside' })
      .blur(1)
      .webp({ quality: 40 })
      .toBuffer();
    return {
      width: metadata.autoOrient.width,
      height: metadata.autoOrient.height,
      thumbnail,
      placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`,
    };
  } catch {
    return undefined;
  }
}
