import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  ReviewApplicationDocument,
  ReviewQueueDocument,
  type ReviewQueueQuery,
} from '../../../gql/graphql';
import {
  pageOf,
  parseQueueParams,
  parseQueuePosition,
  queuePlace,
  queueVariables,
  reviewPath,
  serialiseQueueView,
  type QueueNeighbour,
  type QueuePlace,
  type QueueView,
} from './queue';

type Entries = Map<number, { id: string; code: string }>;

function addPage(
  entries: Entries,
  data: ReviewQueueQuery | undefined,
  page: number,
  first: number,
) {
  data?.opportunityApplications.data.forEach((row, index) => {
    entries.set((page - 1) * first + index, { id: row.id, code: row.code });
  });
}

export interface ReviewQueue {
  view: QueueView;
  place: QueuePlace;
  /** How many applications the list holds; null until it is known. */
  total: number | null;
  /** The dashboard with the same filters, on the page that holds this application. */
  dashboardSearch: string;
  go: (neighbour: QueueNeighbour) => void;
}

/**
 * Where an application sits in the dashboard's list that the address describes, and its
 * neighbours: the page that holds it, and the page before or after when it is at an edge. The
 * dashboard asked the same questions, so they usually come from the cache.
 */
export function useReviewQueue(applicationId: string, opportunityId: string): ReviewQueue {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useApolloClient();
  const view = useMemo(() => parseQueueParams(params), [params]);
  const at = parseQueuePosition(params);
  const page = at !== null ? pageOf(at, view.first) : view.page;
  const variables = (wanted: number) => queueVariables(opportunityId, view, wanted);

  const current = useQuery(ReviewQueueDocument, { variables: variables(page) });
  const entries: Entries = new Map();
  addPage(entries, current.data, page, view.first);
  const guess = queuePlace(applicationId, at, entries);
  const placed = guess.at !== null || at !== null;
  const before = useQuery(ReviewQueueDocument, {
    variables: variables(page - 1),
    skip: !current.data || !placed || page <= 1 || guess.previous !== null,
  });
  const after = useQuery(ReviewQueueDocument, {
    variables: variables(page + 1),
    skip:
      !current.data ||
      !placed ||
      !current.data.opportunityApplications.paginatorInfo.hasMorePages ||
      guess.next !== null,
  });
  addPage(entries, before.data, page - 1, view.first);
  addPage(entries, after.data, page + 1, view.first);
  const place = queuePlace(applicationId, at, entries);

  const nextId = place.next?.id;
  useEffect(() => {
    if (!nextId) return;
    // Read while this one is reviewed, so that moving on shows the next one at once. A failure
    // shows on that page, if the reviewer goes there.
    client
      .query({ query: ReviewApplicationDocument, variables: { id: nextId } })
      .catch(() => undefined);
  }, [client, nextId]);

  const search = serialiseQueueView({
    ...view,
    page: place.at !== null ? pageOf(place.at, view.first) : page,
  }).toString();

  const go = useCallback(
    (neighbour: QueueNeighbour) => void navigate(reviewPath(neighbour.id, view, neighbour.at)),
    [navigate, view],
  );

  return {
    view,
    place,
    total: current.data?.opportunityApplications.paginatorInfo.total ?? null,
    dashboardSearch: search ? `?${search}` : '',
    go,
  };
}

/** Typing in a field, or working in a dialog, is not moving through the queue. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

/** j: the next application, k: the previous one, as in a mail client's list. */
export function useQueueKeys(place: QueuePlace, go: (neighbour: QueueNeighbour) => void) {
  const { previous, next } = place;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      const neighbour = event.key === 'j' ? next : event.key === 'k' ? previous : null;
      if (!neighbour) return;
      event.preventDefault();
      go(neighbour);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, go]);
}
