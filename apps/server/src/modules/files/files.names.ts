import { create as createContentDisposition } from 'content-disposition';

const MAX_NAME_LENGTH = 200;
// Control characters, and the invisible bidirectional marks that make `gpj.exe` look like `exe.jpg`.
const UNSAFE_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/**
 * The name shown to people: the last path segment only, without control or bidi characters, in NFC,
 * unicode kept (`Café – démo.png` stays as it is). Never used to build a path or to guess a type.
 */
export function sanitizeFileName(name: string | undefined | null, fallback = 'file'): string {
  const lastSegment = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(UNSAFE_CHARACTERS, '')
    .trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return fallback;
  return truncateKeepingExtension(cleaned, MAX_NAME_LENGTH);
}

const EXTENSION_ALIASES: Record<string, string[]> = {
  jpg: ['jpeg', 'jpe'],
  tif: ['tiff'],
  mp4: ['m4v'],
  m4a: ['mp4'],
  txt: ['text'],
};

/**
 * The name a download is saved under: the person's name with the extension of the type sniffed from the
 * bytes, so `song.mp3` holding a PNG opens as the picture it is (`song.png`).
 */
export function downloadName(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const expected = extension.toLowerCase();
  if (current === expected || (EXTENSION_ALIASES[expected] ?? []).includes(current)) return name;
  return `${stem}.${expected}`;
}

/** `attachment; filename="Cafe - demo.png"; filename*=UTF-8''Caf%C3%A9%20%E2%80%93%20d%C3%A9mo.png` */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  return createContentDisposition(name, { type, fallback: asciiFallback(name) });
}

/** Accents folded (`é` -> `e`), dashes made `-`, any other non-ASCII character, quote or backslash replaced by `_`. */
export function asciiFallback(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\p{Pd}/gu, '-')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return folded.trim() || 'file';
}

function truncateKeepingExtension(name: string, max: number): string {
  const characters = [...name];
  if (characters.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length > 16) return characters.slice(0, max).join('');
  return [...characters.slice(0, max - extension.length), ...extension].join('');
}
