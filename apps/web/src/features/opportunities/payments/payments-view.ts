import type {
  OpportunityPaymentsQueryVariables,
  PaymentStatus,
  PaymentsFilterInput,
  PaymentsSortField,
} from '../../../gql/graphql';

/** The payments list's page size (issue 21). */
export const PAYMENTS_PAGE_SIZE = 10;

export const PAYMENTS_SORT_FIELDS = [
  'CREATED_AT',
  'AMOUNT',
  'NAME',
  'STATUS',
] as const satisfies readonly PaymentsSortField[];

/** What the organiser narrowed the payments list to, its order and page. */
export interface PaymentsView {
  q: string;
  status: PaymentStatus | null;
  /** Only payments with a refund. */
  refunded: boolean;
  sort: PaymentsSortField;
  asc: boolean;
  page: number;
}

/** Newest first, as the server sorts without being asked. */
export const DEFAULT_PAYMENTS_VIEW: PaymentsView = {
  q: '',
  status: null,
  refunded: false,
  sort: 'CREATED_AT',
  asc: false,
  page: 1,
};

/** Dates and amounts read best with the latest or the largest first. */
const DESCENDING_FIRST: ReadonlySet<PaymentsSortField> = new Set(['CREATED_AT', 'AMOUNT']);

export function isFiltered(view: PaymentsView): boolean {
  return view.q !== '' || view.status !== null || view.refunded;
}

/** A changed filter starts again from the first page. */
export function filterView(
  view: PaymentsView,
  patch: Partial<Pick<PaymentsView, 'q' | 'status' | 'refunded'>>,
): PaymentsView {
  return { ...view, ...patch, page: 1 };
}

/**
 * A click on a column header: the same column turns its order round; another one starts in the
 * order it reads best in.
 */
export function sortView(view: PaymentsView, field: PaymentsSortField): PaymentsView {
  const asc = view.sort === field ? !view.asc : !DESCENDING_FIRST.has(field);
  return { ...view, sort: field, asc, page: 1 };
}

/** The direction a column's header offers before it is the sorted one. */
export function firstDirection(field: PaymentsSortField): 'asc' | 'desc' {
  return DESCENDING_FIRST.has(field) ? 'desc' : 'asc';
}

function filtersOf(view: PaymentsView): PaymentsFilterInput {
  const filters: PaymentsFilterInput = { sort: view.sort, asc: view.asc };
  if (view.q !== '') filters.q = view.q;
  if (view.status !== null) filters.status = view.status;
  if (view.refunded) filters.refunded = true;
  return filters;
}

export function paymentsVariables(slug: string, view: PaymentsView) {
  return {
    slug,
    first: PAYMENTS_PAGE_SIZE,
    page: view.page,
    filters: filtersOf(view),
  } satisfies OpportunityPaymentsQueryVariables;
}

/** The CSV export of the list as filtered and sorted on screen (every page of it). */
export function paymentsCsvUrl(slug: string, view: PaymentsView): string {
  const params = new URLSearchParams();
  if (view.q !== '') params.set('q', view.q);
  if (view.status !== null) params.set('status', view.status);
  if (view.refunded) params.set('refunded', 'true');
  params.set('sort', view.sort);
  params.set('asc', String(view.asc));
  return `/api/opportunities/${encodeURIComponent(slug)}/payments.csv?${params.toString()}`;
}
