import type { Locale } from '@encore/core';
import { fileTypeFromBuffer } from 'file-type';

export type FileVisibility = 'public' | 'private';

/** What one upload field takes: a size cap and MIME types or families (`image/*`), sniffed from the bytes. */
export interface UploadRules {
  maxBytes: number;
  accept: readonly string[];
}

export const MEGABYTE = 1024 * 1024;

/** Images every browser shows and sharp reads, so each one gets a thumbnail and a placeholder. */
export const WEB_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/webp',
  'image/gif',
  'image/avif',
];

const DOCUMENT_TYPES = [
  'application/pdf',
  'application/zip',
  'application/rtf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
];

export const FILE_PURPOSES = ['AVATAR', 'LOGO', 'COVER', 'GALLERY', 'MEDIA', 'ATTACHMENT'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

const pictures: UploadRules = { maxBytes: 10 * MEGABYTE, accept: WEB_IMAGE_TYPES };

/** The rules behind `uploadFile(input: { purpose })`; a feature with its own field may pass its own rules. */
export const UPLOAD_RULES: Record<FilePurpose, UploadRules> = {
  AVATAR: pictures,
  LOGO: pictures,
  COVER: pictures,
  GALLERY: pictures,
  MEDIA: { maxBytes: 25 * MEGABYTE, accept: [...WEB_IMAGE_TYPES, 'audio/*', 'video/*'] },
  ATTACHMENT: {
    maxBytes: 25 * MEGABYTE,
    accept: [...DOCUMENT_TYPES, ...WEB_IMAGE_TYPES, 'audio/*', 'text/plain'],
  },
};

/** The owner type of files uploaded through `uploadFile`, before a feature attaches them to a record. */
export const USER_UPLOAD = 'user-upload';

export interface SniffedType {
  mime: string;
  extension: string;
}

const TEXT_TYPES = ['text/plain', 'text/csv'];

/** Whether `mime` (parameters ignored) is one of `accept`, directly or through a family like `audio/*`. */
export function isAccepted(accept: readonly string[], mime: string): boolean {
  const base = baseType(mime);
  return accept.some((allowed) =>
    allowed.endsWith('/*') ? base.startsWith(allowed.slice(0, -1)) : baseType(allowed) === base,
  );
}

/**
 * The type of the bytes, from their signature; the file's name and the client's declared type are never
 * asked. Bytes without a signature count as text only when the rules take text and they are UTF-8 text.
 */
export async function sniffType(
  bytes: Uint8Array,
  accept: readonly string[],
): Promise<SniffedType | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return { mime: baseType(detected.mime), extension: detected.ext };
  const textType = TEXT_TYPES.find((type) => isAccepted(accept, type));
  if (textType && isUtf8Text(bytes)) {
    return { mime: textType, extension: textType === 'text/csv' ? 'csv' : 'txt' };
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
// C0 controls other than tab, line feed, form feed and carriage return, and DEL: binary, not text.
// eslint-disable-next-line no-control-regex
const BINARY_CONTROLS = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

export function isUtf8Text(bytes: Uint8Array): boolean {
  try {
    return !BINARY_CONTROLS.test(utf8.decode(bytes));
  } catch {
    return false;
  }
}

export function isWebImage(mime: string): boolean {
  return WEB_IMAGE_TYPES.includes(mime);
}

/** `10 MB`, `500 kB`, in the caller's language (`10 Mo` in French). */
export function formatFileSize(bytes: number, locale: Locale | string): string {
  const [value, unit] =
    bytes >= MEGABYTE
      ? [bytes / MEGABYTE, 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

function baseType(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}
