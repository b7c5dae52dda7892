import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUEUE_VIEW,
  pageOf,
  parseQueueParams,
  parseQueuePosition,
  queuePlace,
  reviewPath,
  serialiseQueueView,
  toApplicationFilters,
  updateQueueView,
} from './queue';

const entries = (...ids: Array<[number, string]>) =>
  new Map(ids.map(([at, id]) => [at, { id, code: id.toUpperCase() }]));

describe('the queue’s address', () => {
  it('reads every filter, and keeps what is as by default out of the address', () => {
    const params = new URLSearchParams(
      'q=ana&sort=rate&asc=1&status=SHORTLISTED,SUBMITTED,BOGUS&payment=SUCCEEDED&min_rate=4' +
        '&unrated=1&question=genre&answer=Folk&first=20&page=3',
    );
    const view = parseQueueParams(params);
    expect(view).toEqual({
      q: 'ana',
      sort: 'rate',
      asc: true,
      // In the lifecycle's order, whatever order the address gave.
      status: ['SUBMITTED', 'SHORTLISTED'],
      payment: ['SUCCEEDED'],
      minRate: 4,
      unrated: true,
      answer: { slug: 'genre', value: 'Folk' },
      first: 20,
      page: 3,
    });
    expect(parseQueueParams(serialiseQueueView(view))).toEqual(view);
    expect(serialiseQueueView(DEFAULT_QUEUE_VIEW).toString()).toBe('');
  });

  it('reads a toggle question as yes or no', () => {
    const view = parseQueueParams(new URLSearchParams('question=has_band&toggle=no'));
    expect(view.answer).toEqual({ slug: 'has_band', value: false });
    expect(serialiseQueueView(view).toString()).toBe('question=has_band&toggle=no');
  });

  it('ignores what is malformed', () => {
    const view = parseQueueParams(
      new URLSearchParams('sort=password&min_rate=9&first=5000&page=-2&question=genre'),
    );
    expect(view).toEqual(DEFAULT_QUEUE_VIEW);
  });

  it('starts again on the first page when a filter changes', () => {
    const view = { ...DEFAULT_QUEUE_VIEW, page: 4 };
    expect(updateQueueView(view, { status: ['ACCEPTED'] })).toMatchObject({
      page: 1,
      status: ['ACCEPTED'],
    });
  });

  it('asks the server only for what is set', () => {
    expect(toApplicationFilters(DEFAULT_QUEUE_VIEW)).toEqual({ sort: 'created_at', asc: false });
    expect(
      toApplicationFilters({
        ...DEFAULT_QUEUE_VIEW,
        q: 'HLF',
        status: ['SUBMITTED'],
        payment: ['SUCCEEDED'],
        minRate: 3,
        unrated: true,
        answer: { slug: 'has_band', value: true },
      }),
    ).toEqual({
      sort: 'created_at',
      asc: false,
      q: 'HLF',
      status: ['SUBMITTED'],
      payment_status: ['SUCCEEDED'],
      min_rate: 3,
      unrated: true,
      answers: [{ slug: 'has_band', value: true }],
    });
  });

  it('links a row to its review with the filters and its place in the whole list', () => {
    const view = { ...DEFAULT_QUEUE_VIEW, status: ['SUBMITTED' as const], page: 2 };
    const path = reviewPath('app-7', view, 56);
    expect(path).toBe('/application/app-7/review?status=SUBMITTED&at=56');
    const params = new URLSearchParams(path.split('?')[1]);
    expect(parseQueuePosition(params)).toBe(56);
    expect(pageOf(56, view.first)).toBe(2);
    expect(parseQueuePosition(new URLSearchParams('at=-1'))).toBeNull();
  });
});

describe('queuePlace', () => {
  it('finds the neighbours at the position the address gives', () => {
    const loaded = entries([49, 'a'], [50, 'b'], [51, 'c']);
    expect(queuePlace('b', 50, loaded)).toEqual({
      at: 50,
      previous: { id: 'a', code: 'A', at: 49 },
      next: { id: 'c', code: 'C', at: 51 },
    });
  });

  it('has no previous at the start and no next at the end', () => {
    expect(queuePlace('a', 0, entries([0, 'a'], [1, 'b']))).toMatchObject({
      previous: null,
      next: { id: 'b', at: 1 },
    });
    expect(queuePlace('b', 1, entries([0, 'a'], [1, 'b']))).toMatchObject({
      previous: { id: 'a', at: 0 },
      next: null,
    });
  });

  it('finds an application that moved within the list', () => {
    expect(queuePlace('c', 0, entries([0, 'new'], [1, 'b'], [2, 'c']))).toMatchObject({
      at: 2,
      previous: { id: 'b' },
      next: null,
    });
  });

  it('moves on to what took the place of an application that left the filtered list', () => {
    // Rated, it went from SUBMITTED to IN_REVIEW: the next one moved up into its place.
    expect(queuePlace('b', 1, entries([0, 'a'], [1, 'c'], [2, 'd']))).toEqual({
      at: null,
      previous: { id: 'a', code: 'A', at: 0 },
      next: { id: 'c', code: 'C', at: 1 },
    });
  });

  it('knows no neighbours of an application it cannot place', () => {
    expect(queuePlace('x', null, entries([0, 'a']))).toEqual({
      at: null,
      previous: null,
      next: null,
    });
  });
});
