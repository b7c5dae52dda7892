// The search page keeps its whole state in the address, so a search can be bookmarked, shared
// and walked through with back and forward. This module is the one place that reads and writes
// that address; it is pure so that it can be tested without a browser.
import {
  OPPORTUNITY_TYPES,
  PROFESSIONAL_LEVELS,
  SEARCH_LIMITS,
  SORT_FIELDS,
  TARGET_USERS,
  type ProfessionalLevel,
} from '@encore/core';
import type {
  OpportunitySearchInput,
  OpportunitySortField,
  OpportunityType,
  TargetUser,
} from '../../../gql/graphql';

export const RADIUS_CHOICES_KM = [10, 25, 50, 100, 250] as const;
export const DEFAULT_RADIUS_KM = SEARCH_LIMITS.radiusKmDefault;

/** About 100 m: close enough to search around, vague enough not to pinpoint a home. */
const COORDINATE_DECIMALS = 3;

export type SearchPlace =
  | { kind: 'none' }
  | { kind: 'city'; id: string; name: string; countryCode: string | null }
  /** A city typed as text (the landing page's "where"), not yet matched to a city. */
  | { kind: 'cityName'; name: string }
  | { kind: 'near'; latitude: number; longitude: number };

export type PriceFilter = 'any' | 'free' | 'paid';

export interface SearchSort {
  field: OpportunitySortField;
  asc: boolean;
}

export interface SearchState {
  query: string;
  place: SearchPlace;
  radiusKm: number;
  includeVirtual: boolean;
  includeWorldwide: boolean;
  nearestFirst: boolean;
  types: OpportunityType[];
  genres: string[];
  instruments: string[];
  target: TargetUser[];
  levels: ProfessionalLevel[];
  languages: string[];
  countries: string[];
  age: number | null;
  price: PriceFilter;
  /** In major units (25 = €25.00), as the visitor typed them. */
  priceMin: number | null;
  priceMax: number | null;
  /** YYYY-MM-DD */
  deadlineFrom: string | null;
  deadlineTo: string | null;
  openOnly: boolean;
  /** Null: the server's order (best text match first with words to search, else newest). */
  sort: SearchSort | null;
  page: number;
}

export const DEFAULT_SEARCH_STATE: SearchState = {
  query: '',
  place: { kind: 'none' },
  radiusKm: DEFAULT_RADIUS_KM,
  includeVirtual: true,
  includeWorldwide: true,
  nearestFirst: false,
  types: [],
  genres: [],
  instruments: [],
  target: [],
  levels: [],
  languages: [],
  countries: [],
  age: null,
  price: 'any',
  priceMin: null,
  priceMax: null,
  deadlineFrom: null,
  deadlineTo: null,
  openOnly: false,
  sort: null,
  page: 1,
};

/** The direction a sort starts in when it is chosen: what most people want first. */
export const NATURAL_DIRECTION: Record<OpportunitySortField, 'asc' | 'desc'> = {
  RECENT: 'desc',
  DATE: 'asc',
  DEADLINE: 'asc',
  ALPHABET: 'asc',
  PRICE: 'asc',
};

const KEYS = {
  query: 'q',
  cityId: 'city_id',
  city: 'city',
  cityCountry: 'cc',
  latitude: 'lat',
  longitude: 'lng',
  radius: 'radius',
  virtual: 'virtual',
  worldwide: 'worldwide',
  nearest: 'nearest',
  types: 'types',
  genres: 'genres',
  instruments: 'instruments',
  target: 'target',
  levels: 'level',
  languages: 'languages',
  countries: 'countries',
  age: 'age',
  price: 'price',
  priceMin: 'price_min',
  priceMax: 'price_max',
  deadlineFrom: 'deadline_from',
  deadlineTo: 'deadline_to',
  open: 'open',
  sort: 'sort',
  direction: 'dir',
  page: 'page',
} as const;

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const LANGUAGE = /^[a-z]{2}$/;
const COUNTRY = /^[A-Z]{2}$/;
const CITY_ID = /^\d{1,12}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

function listOf<T extends string>(
  params: URLSearchParams,
  key: string,
  accept: (value: string) => value is T,
  normalise: (value: string) => string = (value) => value,
): T[] {
  const raw = params.get(key);
  if (!raw) return [];
  const values = raw
    .split(',')
    .map((value) => normalise(value.trim()))
    .filter(accept);
  return [...new Set(values)].slice(0, SEARCH_LIMITS.filterItemsMax);
}

const matching =
  (pattern: RegExp) =>
  (value: string): value is string =>
    pattern.test(value);

function numberOf(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key)?.trim();
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

function flagOf(params: URLSearchParams, key: string, fallback: boolean): boolean {
  const raw = params.get(key);
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  return fallback;
}

/** A real calendar day in YYYY-MM-DD (so 2027-02-30 is refused rather than sent). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function dayOf(params: URLSearchParams, key: string): string | null {
  const raw = params.get(key)?.trim() ?? '';
  return isCalendarDay(raw) ? raw : null;
}

export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
}

function placeOf(params: URLSearchParams): SearchPlace {
  const cityId = params.get(KEYS.cityId)?.trim() ?? '';
  const cityName = params.get(KEYS.city)?.trim() ?? '';
  if (CITY_ID.test(cityId)) {
    const countryCode = params.get(KEYS.cityCountry)?.trim().toUpperCase() ?? '';
    return {
      kind: 'city',
      id: cityId,
      name: cityName,
      countryCode: COUNTRY.test(countryCode) ? countryCode : null,
    };
  }
  const latitude = numberOf(params, KEYS.latitude);
  const longitude = numberOf(params, KEYS.longitude);
  if (
    latitude !== null &&
    longitude !== null &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  ) {
    return {
      kind: 'near',
      latitude: roundCoordinate(latitude),
      longitude: roundCoordinate(longitude),
    };
  }
  if (cityName) return { kind: 'cityName', name: cityName.slice(0, 100) };
  return { kind: 'none' };
}

function sortOf(params: URLSearchParams): SearchSort | null {
  const field = params.get(KEYS.sort)?.trim().toUpperCase() ?? '';
  if (!isOneOf(SORT_FIELDS, field)) return null;
  const direction = params.get(KEYS.direction);
  const asc =
    direction === 'asc' ? true : direction === 'desc' ? false : NATURAL_DIRECTION[field] === 'asc';
  return { field, asc };
}

function priceBound(params: URLSearchParams, key: string): number | null {
  const value = numberOf(params, key);
  return value !== null && value >= 0 ? value : null;
}

/** Reads a search from the address; anything it does not understand is left out, never fatal. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const radius = numberOf(params, KEYS.radius);
  const age = numberOf(params, KEYS.age);
  const page = numberOf(params, KEYS.page);
  const price = params.get(KEYS.price);
  const isFree = price === 'free';
  return {
    query: (params.get(KEYS.query) ?? '').trim().slice(0, SEARCH_LIMITS.queryMax),
    place: placeOf(params),
    radiusKm:
      radius !== null && (RADIUS_CHOICES_KM as readonly number[]).includes(radius)
        ? radius
        : DEFAULT_RADIUS_KM,
    includeVirtual: flagOf(params, KEYS.virtual, true),
    includeWorldwide: flagOf(params, KEYS.worldwide, true),
    nearestFirst: flagOf(params, KEYS.nearest, false),
    types: listOf(params, KEYS.types, (value): value is OpportunityType =>
      isOneOf(OPPORTUNITY_TYPES, value),
    ),
    genres: listOf(params, KEYS.genres, matching(SLUG), (value) => value.toLowerCase()),
    instruments: listOf(params, KEYS.instruments, matching(SLUG), (value) => value.toLowerCase()),
    target: listOf(params, KEYS.target, (value): value is TargetUser =>
      isOneOf(TARGET_USERS, value),
    ),
    levels: listOf(params, KEYS.levels, (value): value is ProfessionalLevel =>
      isOneOf(PROFESSIONAL_LEVELS, value),
    ),
    languages: listOf(params, KEYS.languages, matching(LANGUAGE), (value) => value.toLowerCase()),
    countries: listOf(params, KEYS.countries, matching(COUNTRY), (value) => value.toUpperCase()),
    age: age !== null && Number.isInteger(age) && age >= 0 && age <= 120 ? age : null,
    price: isFree ? 'free' : price === 'paid' ? 'paid' : 'any',
    // A free opportunity costs nothing, so a price range would only contradict it.
    priceMin: isFree ? null : priceBound(params, KEYS.priceMin),
    priceMax: isFree ? null : priceBound(params, KEYS.priceMax),
    deadlineFrom: dayOf(params, KEYS.deadlineFrom),
    deadlineTo: dayOf(params, KEYS.deadlineTo),
    openOnly: flagOf(params, KEYS.open, false),
    sort: sortOf(params),
    page: page !== null && Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes a search to the address: only what differs from the defaults, in a stable order. */
export function serialiseSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null | false) => {
    if (value !== null && value !== false && value !== '') params.set(key, String(value));
  };
  const list = (key: string, values: readonly string[]) => set(key, values.join(','));

  set(KEYS.query, state.query.trim());
  const { place } = state;
  if (place.kind === 'city') {
    set(KEYS.cityId, place.id);
    set(KEYS.city, place.name);
    set(KEYS.cityCountry, place.countryCode);
  } else if (place.kind === 'cityName') {
    set(KEYS.city, place.name);
  } else if (place.kind === 'near') {
    set(KEYS.latitude, roundCoordinate(place.latitude));
    set(KEYS.longitude, roundCoordinate(place.longitude));
  }
  set(KEYS.radius, state.radiusKm !== DEFAULT_RADIUS_KM && state.radiusKm);
  set(KEYS.virtual, !state.includeVirtual && '0');
  set(KEYS.worldwide, !state.includeWorldwide && '0');
  set(KEYS.nearest, state.nearestFirst && '1');
  list(KEYS.types, state.types);
  list(KEYS.genres, state.genres);
  list(KEYS.instruments, state.instruments);
  list(KEYS.target, state.target);
  list(KEYS.levels, state.levels);
  list(KEYS.languages, state.languages);
  list(KEYS.countries, state.countries);
  set(KEYS.age, state.age);
  set(KEYS.price, state.price !== 'any' && state.price);
  if (state.price !== 'free') {
    set(KEYS.priceMin, state.priceMin);
    set(KEYS.priceMax, state.priceMax);
  }
  set(KEYS.deadlineFrom, state.deadlineFrom);
  set(KEYS.deadlineTo, state.deadlineTo);
  set(KEYS.open, state.openOnly && '1');
  if (state.sort) {
    set(KEYS.sort, state.sort.field.toLowerCase());
    const direction = state.sort.asc ? 'asc' : 'desc';
    set(KEYS.direction, direction !== NATURAL_DIRECTION[state.sort.field] && direction);
  }
  set(KEYS.page, state.page > 1 && state.page);
  return params;
}

/**
 * The state after a change made on the page. Any change but paging starts again at page 1, since
 * the old page number means nothing for other results.
 */
export function updateSearch(state: SearchState, patch: Partial<SearchState>): SearchState {
  const next = { ...state, page: 1, ...patch };
  if (next.price === 'free') return { ...next, priceMin: null, priceMax: null };
  return next;
}

export function hasPlace(state: SearchState): boolean {
  return state.place.kind === 'city' || state.place.kind === 'near';
}

/** Prices are typed in major units; the server compares the cheapest option in minor units. */
function toMinorUnits(amount: number): number {
  // Compared as numbers whatever the currency (docs/decisions.md), so the common two-decimal
  // currencies set the scale.
  return Math.round(amount * 100);
}

/** The variables of the OpportunitySearch query for a state. */
export function toSearchVariables(state: SearchState): {
  input: OpportunitySearchInput;
  first: number;
  page: number;
} {
  const input: OpportunitySearchInput = {};
  const nonEmpty = <T>(values: T[]) => (values.length > 0 ? values : undefined);
  if (state.query) input.query = state.query;
  const { place } = state;
  if (place.kind === 'city') input.city_id = place.id;
  if (place.kind === 'near') {
    input.near = { latitude: place.latitude, longitude: place.longitude };
  }
  if (hasPlace(state)) {
    input.radius_km = state.radiusKm;
    if (state.nearestFirst) input.order_by_distance = true;
  }
  if (!state.includeVirtual) input.include_virtual = false;
  if (!state.includeWorldwide) input.include_worldwide = false;
  input.types = nonEmpty(state.types);
  input.genres = nonEmpty(state.genres);
  input.instruments = nonEmpty(state.instruments);
  input.target = nonEmpty(state.target);
  input.experience_level = nonEmpty(state.levels);
  input.languages = nonEmpty(state.languages);
  input.target_countries = nonEmpty(state.countries);
  if (state.age !== null) input.age = state.age;
  if (state.price === 'free') input.is_free = true;
  if (state.price === 'paid') input.is_free = false;
  if (state.price !== 'free') {
    if (state.priceMin !== null) input.price_min = toMinorUnits(state.priceMin);
    if (state.priceMax !== null) input.price_max = toMinorUnits(state.priceMax);
  }
  if (state.deadlineFrom) input.deadline_from = state.deadlineFrom;
  if (state.deadlineTo) input.deadline_to = state.deadlineTo;
  if (state.openOnly) input.open_only = true;
  if (state.sort) input.sort = { field: state.sort.field, asc: state.sort.asc };
  // Leave unset keys out, so equal searches make equal variables (and share the cache).
  const compact = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as OpportunitySearchInput;
  return { input: compact, first: SEARCH_LIMITS.pageSize, page: state.page };
}

/** How many filters of the panel are set (the place and the words are not in the panel). */
export function countFilters(state: SearchState): number {
  const lists = [
    state.types,
    state.genres,
    state.instruments,
    state.target,
    state.levels,
    state.languages,
    state.countries,
  ].filter((values) => values.length > 0).length;
  const others = [
    state.age !== null,
    state.price !== 'any',
    state.priceMin !== null || state.priceMax !== null,
    state.deadlineFrom !== null || state.deadlineTo !== null,
    state.openOnly,
    !state.includeVirtual,
    !state.includeWorldwide,
  ].filter(Boolean).length;
  return lists + others;
}

/** Everything but the place and the words: what "clear filters" takes back. */
export function withoutFilters(state: SearchState): SearchState {
  return {
    ...DEFAULT_SEARCH_STATE,
    query: state.query,
    place: state.place,
    radiusKm: state.radiusKm,
    nearestFirst: state.nearestFirst,
    sort: state.sort,
  };
}
