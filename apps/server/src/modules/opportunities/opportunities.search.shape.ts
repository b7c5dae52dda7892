import { DEFAULT_SORT, type OpportunitySearchInput } from '@encore/core';
import { opportunities } from './opportunities.table';

/** Words of the search text; the database folds them like the stored text. */
export const words = (query: string) =>
  query
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => word.trim())
    .filter((word) => word.length > 0)
    .slice(0, 8);

export const LIST_FILTERS = [
  ['types', opportunities.types],
  ['genres', opportunities.genres],
  ['instruments', opportunities.instruments],
  ['target', opportunities.target],
  ['experience_level', opportunities.experienceLevel],
  ['languages', opportunities.languages],
] as const;

/**
 * Counts kept by the database answer the total and facets of a listing without filters, or with
 * one type or one genre only (`opportunity_listing_counts`); any other listing counts its rows.
 */
export type CountedBy = 'all' | 'type' | 'genre';

/**
 * What a search is made of, without its values. Searches of one shape run one SQL statement,
 * built once and prepared on each connection, so a search costs its execution, not its planning.
 */
export interface SearchShape {
  around: boolean;
  virtual: boolean;
  worldwide: boolean;
  words: number;
  lists: string[];
  targetCountries: boolean;
  age: boolean;
  isFree: boolean | null;
  priceMin: boolean;
  priceMax: boolean;
  deadlineFrom: boolean;
  deadlineTo: boolean;
  openOnly: boolean;
  byDistance: boolean;
  byRelevance: boolean;
  sort: { field: string; asc: boolean };
  /** Which parts of the answer are asked for: the page always, the total and facets if asked. */
  total: boolean;
  facets: boolean;
  organisations: boolean;
  /** Where the total and facets come from: kept counts, or the matching rows (null). */
  countedBy: CountedBy | null;
}

/** The parts of an answer beyond the page that a caller asks for. */
export interface SearchWants {
  total: boolean;
  facets: boolean;
  /** Each row's organisation, read in the same statement. */
  organisations: boolean;
}

/** Whether the search has no filter but lists of values: what kept counts may answer. */
const onlyListFilters = (shape: Omit<SearchShape, 'countedBy'>) =>
  !shape.around &&
  shape.virtual &&
  shape.worldwide &&
  shape.words === 0 &&
  !shape.targetCountries &&
  !shape.age &&
  shape.isFree === null &&
  !shape.priceMin &&
  !shape.priceMax &&
  !shape.deadlineFrom &&
  !shape.deadlineTo &&
  !shape.openOnly;

function countedByOf(
  shape: Omit<SearchShape, 'countedBy'>,
  input: OpportunitySearchInput,
): CountedBy | null {
  if (!(shape.total || shape.facets) || !onlyListFilters(shape)) return null;
  if (shape.lists.length === 0) return 'all';
  if (shape.lists.length > 1) return null;
  if (shape.lists[0] === 'types' && input.types?.length === 1) return 'type';
  if (shape.lists[0] === 'genres' && input.genres?.length === 1) return 'genre';
  return null;
}

export const shapeOf = (
  input: OpportunitySearchInput,
  around: boolean,
  wants: SearchWants,
): SearchShape => {
  const wordCount = input.query ? words(input.query).length : 0;
  const shape = {
    around,
    virtual: input.include_virtual !== false,
    worldwide: input.include_worldwide !== false,
    words: wordCount,
    lists: LIST_FILTERS.filter(([name]) => input[name]?.length).map(([name]) => name),
    targetCountries: Boolean(input.target_countries?.length),
    age: input.age != null,
    isFree: input.is_free ?? null,
    priceMin: input.price_min != null,
    priceMax: input.price_max != null,
    deadlineFrom: Boolean(input.deadline_from),
    deadlineTo: Boolean(input.deadline_to),
    openOnly: Boolean(input.open_only),
    byDistance: Boolean(input.order_by_distance) && around,
    byRelevance: wordCount > 0 && !input.sort,
    sort: { field: (input.sort ?? DEFAULT_SORT).field, asc: Boolean(input.sort?.asc) },
    total: wants.total,
    facets: wants.facets,
    organisations: wants.organisations,
  };
  return { ...shape, countedBy: countedByOf(shape, input) };
};
