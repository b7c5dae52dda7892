import {
  APPLICATION_SORT_FIELDS,
  APPLICATION_STATUSES,
  MAX_PAGE_SIZE,
  PAGE_SIZES,
  PAYMENT_STATUSES,
  isOneOf,
} from '@encore/core';
import type {
  ApplicationFilters,
  ApplicationSortField,
  ApplicationStatus,
  PaymentStatus,
} from '../../../gql/graphql';

/**
 * The review queue: the organiser's dashboard list of an opportunity's applications as its
 * address describes it (the `dashboardFilters` of SEED-SPEC point 3 and the filters of issue 6).
 * The dashboard writes it into its address and into each row's link, so the review page can walk
 * the same list, in the same order, without going back to it:
 *
 *   ?q=&sort=&asc=1&first=&page=&status=A,B&payment=A,B&min_rate=&unrated=1
 *    &question=<slug>&answer=<choice> | &question=<slug>&toggle=yes|no
 *
 * The review page adds `at`, the application's 0-based position in the whole list.
 */

/** An answer filter: a choice of a list question, or yes/no of a toggle. */
export interface AnswerFilter {
  slug: string;
  value: string | boolean;
}

export interface QueueFilters {
  q: string;
  sort: ApplicationSortField;
  asc: boolean;
  status: ApplicationStatus[];
  payment: PaymentStatus[];
  /** Average rating at least this, 1 to 5. */
  minRate: number | null;
  unrated: boolean;
  answer: AnswerFilter | null;
}

export interface QueueView extends QueueFilters {
  first: number;
  page: number;
}

/** Newest first, as the server sorts without being asked. */
export const DEFAULT_QUEUE_VIEW: QueueView = {
  q: '',
  sort: 'created_at',
  asc: false,
  status: [],
  payment: [],
  minRate: null,
  unrated: false,
  answer: null,
  first: PAGE_SIZES.dashboard,
  page: 1,
};

function positiveInteger(raw: string | null): number | null {
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

function listOf<const T extends readonly string[]>(list: T, raw: string | null): T[number][] {
  if (!raw) return [];
  const values = raw.split(',').filter((value): value is T[number] => isOneOf(list, value));
  return list.filter((value) => values.includes(value));
}

function readAnswer(params: URLSearchParams): AnswerFilter | null {
  const slug = params.get('question');
  if (!slug) return null;
  const toggle = params.get('toggle');
  if (toggle === 'yes' || toggle === 'no') return { slug, value: toggle === 'yes' };
  const answer = params.get('answer');
  return answer ? { slug, value: answer } : null;
}

/** Reads what an address asks for; anything malformed is as by default. */
export function parseQueueParams(params: URLSearchParams): QueueView {
  const sort = params.get('sort');
  const minRate = positiveInteger(params.get('min_rate'));
  const first = positiveInteger(params.get('first'));
  return {
    q: params.get('q')?.trim() ?? '',
    sort: isOneOf(APPLICATION_SORT_FIELDS, sort) ? sort : DEFAULT_QUEUE_VIEW.sort,
    asc: params.get('asc') === '1' || params.get('asc') === 'true',
    status: listOf(APPLICATION_STATUSES, params.get('status')),
    payment: listOf(PAYMENT_STATUSES, params.get('payment')),
    minRate: minRate !== null && minRate <= 5 ? minRate : null,
    unrated: params.get('unrated') === '1' || params.get('unrated') === 'true',
    answer: readAnswer(params),
    first: first !== null && first <= MAX_PAGE_SIZE ? first : DEFAULT_QUEUE_VIEW.first,
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** The address of a view; what is as by default stays out of it. */
export function serialiseQueueView(view: QueueView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.sort !== DEFAULT_QUEUE_VIEW.sort) params.set('sort', view.sort);
  if (view.asc) params.set('asc', '1');
  if (view.status.length) params.set('status', view.status.join(','));
  if (view.payment.length) params.set('payment', view.payment.join(','));
  if (view.minRate !== null) params.set('min_rate', String(view.minRate));
  if (view.unrated) params.set('unrated', '1');
  if (view.answer) {
    params.set('question', view.answer.slug);
    if (typeof view.answer.value === 'boolean') {
      params.set('toggle', view.answer.value ? 'yes' : 'no');
    } else {
      params.set('answer', view.answer.value);
    }
  }
  if (view.first !== DEFAULT_QUEUE_VIEW.first) params.set('first', String(view.first));
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** A change of filter or order starts again on the first page. */
export function updateQueueView(view: QueueView, patch: Partial<QueueFilters>): QueueView {
  return { ...view, page: 1, ...patch };
}

/** Whether any filter narrows the list (the order does not). */
export function isFiltered(view: QueueFilters): boolean {
  return (
    view.q !== '' ||
    view.status.length > 0 ||
    view.payment.length > 0 ||
    view.minRate !== null ||
    view.unrated ||
    view.answer !== null
  );
}

/**
 * The `filters` argument of `opportunityApplications`. Only what is set is sent, always in the
 * same shape, so the dashboard and the review page ask the same question and share its cached
 * answer.
 */
export function toApplicationFilters(view: QueueFilters): ApplicationFilters {
  const filters: ApplicationFilters = { sort: view.sort, asc: view.asc };
  if (view.q) filters.q = view.q;
  if (view.status.length) filters.status = view.status;
  if (view.payment.length) filters.payment_status = view.payment;
  if (view.minRate !== null) filters.min_rate = view.minRate;
  if (view.unrated) filters.unrated = true;
  if (view.answer) filters.answers = [{ slug: view.answer.slug, value: view.answer.value }];
  return filters;
}

/** The variables of one page of the list. */
export function queueVariables(opportunityId: string, view: QueueView, page = view.page) {
  return {
    id: opportunityId,
    first: view.first,
    page,
    filters: toApplicationFilters(view),
  };
}

/** Where the review of the application at `at` (0-based, over the whole list) opens. */
export function reviewPath(applicationId: string, view: QueueView, at: number): string {
  const params = serialiseQueueView({ ...view, page: 1 });
  params.set('at', String(at));
  return `/application/${encodeURIComponent(applicationId)}/review?${params.toString()}`;
}

/** The 0-based position the review address carries; null without one. */
export function parseQueuePosition(params: URLSearchParams): number | null {
  const raw = params.get('at');
  if (raw === null) return null;
  const at = Number(raw);
  return Number.isSafeInteger(at) && at >= 0 ? at : null;
}

/** The dashboard page of the list that holds the application at `at`. */
export function pageOf(at: number, first: number): number {
  return Math.floor(at / first) + 1;
}

export interface QueueNeighbour {
  id: string;
  code: string;
  at: number;
}

export interface QueuePlace {
  /** Where the application is now, 0-based; null when it is not in the loaded part. */
  at: number | null;
  previous: QueueNeighbour | null;
  next: QueueNeighbour | null;
}

/**
 * The applications before and after one in the list, from the pages loaded around it
 * (`loaded[position]`, sparse). The position the address gave is trusted first; when the
 * application is no longer there (its status changed and the filter drops it, or newer ones came
 * in), it is looked for among the loaded ones; when it left the list, what now fills its place is
 * next, so a reviewer who works through "submitted" ones moves on as they go.
 */
export function queuePlace(
  id: string,
  at: number | null,
  loaded: ReadonlyMap<number, { id: string; code: string }>,
): QueuePlace {
  const neighbour = (position: number): QueueNeighbour | null => {
    const entry = loaded.get(position);
    return entry && entry.id !== id ? { ...entry, at: position } : null;
  };
  let found: number | null = null;
  if (at !== null && loaded.get(at)?.id === id) {
    found = at;
  } else {
    for (const [position, entry] of loaded) {
      if (entry.id === id) {
        found = position;
        break;
      }
    }
  }
  if (found !== null) {
    return { at: found, previous: neighbour(found - 1), next: neighbour(found + 1) };
  }
  if (at === null) return { at: null, previous: null, next: null };
  return { at: null, previous: neighbour(at - 1), next: neighbour(at) };
}
