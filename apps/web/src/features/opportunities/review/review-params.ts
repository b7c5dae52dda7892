// /opportunities/review keeps its tab, title search and page in the address (shareable, and back
// and forward walk through them), as well as the emailed invitation's token.
import type { MyOpportunitiesType } from '../../../gql/graphql';

export const REVIEW_TYPES = ['ALL', 'MANAGE', 'REVIEW'] as const satisfies MyOpportunitiesType[];

export interface ReviewView {
  type: MyOpportunitiesType;
  /** Words of the title to look for. */
  query: string;
  page: number;
  /** The token of an emailed invitation link. */
  invitation: string | null;
}

const TITLE_SEARCH_MAX = 200;

export function parseReviewParams(params: URLSearchParams): ReviewView {
  const type = params.get('type')?.trim().toUpperCase() ?? '';
  const page = Number(params.get('page'));
  const invitation = params.get('invitation')?.trim() ?? '';
  return {
    type: REVIEW_TYPES.find((candidate) => candidate === type) ?? 'ALL',
    query: (params.get('q') ?? '').trim().slice(0, TITLE_SEARCH_MAX),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    invitation: invitation || null,
  };
}

export function serialiseReviewView(view: ReviewView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.invitation) params.set('invitation', view.invitation);
  if (view.type !== 'ALL') params.set('type', view.type.toLowerCase());
  if (view.query.trim()) params.set('q', view.query.trim());
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** A change of tab or words starts again at page 1; paging keeps them. */
export function updateReviewView(view: ReviewView, patch: Partial<ReviewView>): ReviewView {
  return { ...view, page: 1, ...patch };
}
