import { formatDate, formatDateTime } from '../../../lib/format';

/** How one answered field reads, on the applicant's page and on the review page alike. */
export type AnswerDisplay =
  | { kind: 'heading' }
  | { kind: 'members' }
  | { kind: 'files' }
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'links'; links: Array<{ href: string; label: string }> }
  /** Choices, genres or instruments: slugs of genres and instruments are named by the caller. */
  | { kind: 'choices'; values: string[]; named: 'genres' | 'instruments' | null }
  | { kind: 'toggle'; on: boolean };

interface ElementParts {
  type: string;
  subtype: string | null;
  value: unknown;
}

function strings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

const WEB_ADDRESS = /^https?:\/\//i;

/** An address the page may link to: only the web's own schemes, never `javascript:`. */
function webLink(value: string) {
  return WEB_ADDRESS.test(value) ? { href: value, label: value } : null;
}

function dateTimeText(value: string, subtype: string | null, locale?: string): string {
  const options = locale ? { locale } : {};
  if (subtype === 'time') return value;
  if (subtype === 'datetime') {
    const [date, time] = value.split(/[T ]/);
    if (!date || !time) return value;
    // A wall-clock time without a zone: shown as it was written.
    return formatDateTime(`${date} ${time.slice(0, 5)}:00`, { ...options, timeZone: 'UTC' });
  }
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, options) : value;
}

/** Reads an answer by its field's type; anything unexpected shows as no answer. */
export function answerDisplay(element: ElementParts, locale?: string): AnswerDisplay {
  const { type, subtype, value } = element;
  switch (type) {
    case 'heading':
      return { kind: 'heading' };
    case 'group_members':
      return { kind: 'members' };
    case 'image':
    case 'audio':
    case 'attachment':
      return { kind: 'files' };
    case 'toggle':
      return typeof value === 'boolean' ? { kind: 'toggle', on: value } : { kind: 'none' };
    case 'location': {
      const label =
        value !== null && typeof value === 'object' && 'label' in value ? value.label : null;
      return typeof label === 'string' && label.trim() !== ''
        ? { kind: 'text', text: label }
        : { kind: 'none' };
    }
    default:
      break;
  }
  const values = strings(value);
  if (values.length === 0) return { kind: 'none' };
  switch (type) {
    case 'email':
      return {
        kind: 'links',
        links: values.map((address) => ({ href: `mailto:${address}`, label: address })),
      };
    case 'tel':
      return {
        kind: 'links',
        links: values.map((number) => ({
          href: `tel:${number.replace(/[^+\d]/g, '')}`,
          label: number,
        })),
      };
    case 'link':
    case 'video_link': {
      const links = values.map(webLink);
      return links.every((link) => link !== null)
        ? { kind: 'links', links: links.filter((link) => link !== null) }
        : { kind: 'text', text: values.join('\n') };
    }
    case 'list':
      return { kind: 'choices', values, named: null };
    case 'genres':
    case 'instruments':
      return { kind: 'choices', values, named: type };
    case 'datetime_field':
      return {
        kind: 'text',
        text: values.map((item) => dateTimeText(item, subtype, locale)).join('\n'),
      };
    default:
      return { kind: 'text', text: values.join('\n') };
  }
}

interface WithFiles {
  files: readonly unknown[];
  child_elements?: readonly WithFiles[];
}

/** Whether any answer, a band member's included, holds a file (so a ZIP has something in it). */
export function hasFiles(elements: readonly WithFiles[]): boolean {
  return elements.some(
    (element) => element.files.length > 0 || hasFiles(element.child_elements ?? []),
  );
}

interface WithType {
  type: string;
  child_elements?: readonly WithType[];
}

/** Whether genres or instruments are answered, whose slugs need their names. */
export function namesNeeded(elements: readonly WithType[]): boolean {
  return elements.some(
    (element) =>
      element.type === 'genres' ||
      element.type === 'instruments' ||
      namesNeeded(element.child_elements ?? []),
  );
}
