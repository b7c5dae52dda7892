import { acceptedTypes, acceptsFile, maxFileBytes, type FormField } from '@encore/core';

export type FileRefusalReason = 'type' | 'size' | 'count';

export interface FileRefusal {
  file: File;
  reason: FileRefusalReason;
}

/** Most files a file question takes. */
export const fileLimit = (field: Pick<FormField, 'file_count'>): number => field.file_count ?? 1;

/**
 * Sorts chosen files into those to upload and those the question would refuse anyway (wrong type,
 * too large, one too many), so that nobody waits for an upload the server then turns down.
 * `taken` counts the files the answer has already, uploads under way included.
 */
export function checkChosenFiles(
  field: FormField,
  chosen: readonly File[],
  taken: number,
): { accepted: File[]; refused: FileRefusal[] } {
  const accept = acceptedTypes(field);
  const room = Math.max(0, fileLimit(field) - taken);
  const accepted: File[] = [];
  const refused: FileRefusal[] = [];
  for (const file of chosen) {
    if (!acceptsFile(accept, file.type, file.name)) refused.push({ file, reason: 'type' });
    else if (file.size > maxFileBytes(field)) refused.push({ file, reason: 'size' });
    else if (accepted.length >= room) refused.push({ file, reason: 'count' });
    else accepted.push(file);
  }
  return { accepted, refused };
}

const FAMILIES: Record<string, string> = {
  'image/*': 'image',
  'audio/*': 'audio',
  'video/*': 'video',
  'text/*': 'text',
};

const FORMATS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'text/plain': 'TXT',
  'audio/mpeg': 'MP3',
};

/**
 * How an accepted type reads: a family's translation key (`{ family: 'audio' }`) or a short
 * format name ("PDF", "MP3") that needs no translation.
 */
export function describeAccepted(entry: string): { family: string } | { format: string } {
  const family = FAMILIES[entry];
  if (family) return { family };
  const known = FORMATS[entry];
  if (known) return { format: known };
  if (entry.startsWith('.')) return { format: entry.slice(1).toUpperCase() };
  const subtype = entry.split('/')[1] ?? entry;
  return { format: subtype.replace(/^x-/, '').toUpperCase() };
}

/** "820 kB", "12.5 MB", in the reader's language (binary units, as the limits are counted). */
export function formatFileSize(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  const [amount, unit] =
    megabytes >= 1 ? [megabytes, 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(amount);
}
