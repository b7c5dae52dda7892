import { APPLICATION_STATUSES, isOneOf } from '@encore/core';
import type { ApplicationStatus, UserApplicationSort } from '../../../gql/graphql';

/** What /applications shows, as its address says: ?status=&sort=&asc=&page= */
export interface ApplicationListView {
  status: ApplicationStatus | null;
  sort: UserApplicationSort;
  asc: boolean;
  page: number;
}

export const LIST_SORTS = [
  'created_at',
  'updated_at',
  'status',
] as const satisfies readonly UserApplicationSort[];

/** Newest first, as the server sorts without being asked. */
export const DEFAULT_LIST_VIEW: ApplicationListView = {
  status: null,
  sort: 'created_at',
  asc: false,
  page: 1,
};

export function parseListParams(params: URLSearchParams): ApplicationListView {
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    status: isOneOf(APPLICATION_STATUSES, status) ? status : null,
    sort: isOneOf(LIST_SORTS, sort) ? sort : DEFAULT_LIST_VIEW.sort,
    asc: params.get('asc') === 'true' || params.get('asc') === '1',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view; what is as by default stays out of it. */
export function serialiseListView(view: ApplicationListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.sort !== DEFAULT_LIST_VIEW.sort) params.set('sort', view.sort);
  if (view.asc) params.set('asc', 'true');
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** A change of filter or order starts again on the first page. */
export function updateListView(
  view: ApplicationListView,
  patch: Partial<ApplicationListView>,
): ApplicationListView {
  return { ...view, page: 1, ...patch };
}
