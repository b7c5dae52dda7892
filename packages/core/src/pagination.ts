import { z } from 'zod';
import { DEFAULT_PAGE } from './constants';

/** Largest page a client may ask for, so one request cannot pull a whole table. */
export const MAX_PAGE_SIZE = 100;

/**
 * Highest page number a client may ask for: its offset stays far inside PostgreSQL's integers
 * (page 2147483647 of 10 overflowed them and failed as an internal error). A list that long is
 * searched, not paged through.
 */
export const MAX_PAGE = 10_000;

/** The paginator every paginated list query answers with (SEED-SPEC point 3). */
/** Which page of a list, and how long a page is. */
export interface PageRequest {
  first: number;
  page: number;
}

export interface PaginatorInfo {
  /** Number of items on this page. */
  count: number;
  currentPage: number;
  /** 1-based position of the first item on this page; null when the page is empty. */
  firstItem: number | null;
  hasMorePages: boolean;
  /** 1-based position of the last item on this page; null when the page is empty. */
  lastItem: number | null;
  /** At least 1, so that an empty list still has a page to show. */
  lastPage: number;
  perPage: number;
  total: number;
}

export interface PaginatorInput {
  /** Total number of items across all pages. */
  total: number;
  page: number;
  perPage: number;
  /** Items actually returned for this page; derived from total, page and perPage when omitted. */
  count?: number;
}

function assertInteger(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min}, got ${value}`);
  }
}

/** Number of items before the given 1-based page. */
export function pageOffset(page: number, perPage: number): number {
  assertInteger('page', page, 1);
  assertInteger('perPage', perPage, 1);
  return (page - 1) * perPage;
}

export function paginatorInfo({ total, page, perPage, count }: PaginatorInput): PaginatorInfo {
  assertInteger('total', total, 0);
  const offset = pageOffset(page, perPage);
  const itemsOnPage = count ?? Math.max(0, Math.min(perPage, total - offset));
  assertInteger('count', itemsOnPage, 0);
  if (itemsOnPage > perPage) {
    throw new RangeError(`count (${itemsOnPage}) cannot exceed perPage (${perPage})`);
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    count: itemsOnPage,
    currentPage: page,
    firstItem: itemsOnPage > 0 ? offset + 1 : null,
    hasMorePages: page < lastPage,
    lastItem: itemsOnPage > 0 ? offset + itemsOnPage : null,
    lastPage,
    perPage,
    total,
  };
}

/**
 * Arguments of paginated list queries: `first` is the page size, `page` is 1-based and
 * defaults to the first page. Each list chooses its own default `first` (see PAGE_SIZES).
 */
export const pageArgsSchema = z.object({
  first: z.number().int().min(1).max(MAX_PAGE_SIZE),
  page: z.number().int().min(1).max(MAX_PAGE).default(DEFAULT_PAGE),
});
export type PageArgs = z.infer<typeof pageArgsSchema>;
