import { SEARCH_LIMITS, type OpportunitySearchInput } from '@encore/core';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedByShape } from '../../db/prepared';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LookupsService } from '../lookups/lookups.service';
import {
  LIST_FILTERS,
  searchStatement,
  shapeOf,
  words,
  type SearchShape,
  type SearchWants,
} from './opportunities.search.sql';
import { TIME_BOUND_VALUES } from './opportunities.status';
import { opportunities, type OpportunityRow } from './opportunities.table';

export type { SearchWants } from './opportunities.search.sql';

export interface SearchHit extends OpportunityRow {
  /** Kilometres from the point searched around; null without one, or for a virtual one. */
  distanceKm: number | null;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface SearchResult {
  rows: SearchHit[];
  /** Null when it was not asked for. */
  total: number | null;
  /** Null when they were not asked for. */
  facets: { genres: FacetCount[]; types: FacetCount[]; countries: FacetCount[] } | null;
}

/** Every part of the answer: what a caller that shows everything asks for. */
export const EVERYTHING: SearchWants = { total: true, facets: true };

/** Shapes beyond this many run unprepared: odd combinations of filters should not pile up. */
const PREPARED_SHAPES_MAX = 200;

type Json<T> = T | string;
const parsed = <T>(json: Json<T> | null | undefined, empty: T): T =>
  typeof json === 'string' ? (JSON.parse(json) as T) : (json ?? empty);

/** A page row as the statement gives it: the table's columns in order, the status, the distance. */
type HitJson = unknown[];

// JSON brings numbers, booleans, arrays and objects as a row holds them; a string goes through
// its column's own mapping (a timestamp becomes a Date) unless the column holds text.
const columnsFromJson = Object.entries(getTableColumns(opportunities)).map(([key, column]) => ({
  key,
  map: column.dataType === 'string' ? undefined : column,
}));

const hitFromJson = (hit: HitJson): SearchHit => {
  const row: Record<string, unknown> = {};
  columnsFromJson.forEach(({ key, map }, index) => {
    const stored = hit[index] ?? null;
    row[key] = map && typeof stored === 'string' ? map.mapFromDriverValue(stored) : stored;
  });
  row.status = hit[columnsFromJson.length];
  const distance = hit[columnsFromJson.length + 1];
  row.distanceKm = distance === null || distance === undefined ? null : Number(distance);
  return row as unknown as SearchHit;
};

interface Answer {
  page: Json<HitJson[]> | null;
  total?: number;
  genres?: Json<FacetCount[]>;
  types?: Json<FacetCount[]>;
  countries?: Json<FacetCount[]>;
}

export function createOpportunitySearch(db: Database, lookups: LookupsService, clock: Clock) {
  const answer = (shape: SearchShape, statement: SQL) =>
    db
      .select({
        page: sql<Answer['page']>`page`,
        ...(shape.total ? { total: sql<number>`total` } : {}),
        ...(shape.facets
          ? {
              genres: sql<Json<FacetCount[]>>`genres`,
              types: sql<Json<FacetCount[]>>`types`,
              countries: sql<Json<FacetCount[]>>`countries`,
            }
          : {}),
      })
      // A select over the statement, so that drizzle can prepare it.
      .from(sql`(${statement}) as search`);
  const statementOf = preparedByShape(
    'opportunity_search',
    (shape: SearchShape) => answer(shape, searchStatement(shape)),
    PREPARED_SHAPES_MAX,
  );

  return async function search(
    input: OpportunitySearchInput,
    page: { first: number; page: number },
    wants: SearchWants = EVERYTHING,
  ): Promise<SearchResult> {
    let origin = input.near ?? null;
    if (input.city_id) {
      const place = await lookups.placeOfCity(input.city_id);
      if (!place) throw AppError.validation({ 'input.city_id': ['validation.city'] });
      origin = { latitude: place.latitude, longitude: place.longitude };
    }
    const values: Record<string, unknown> = {
      now: clock().toISOString(),
      ...TIME_BOUND_VALUES,
      latitude: origin?.latitude,
      longitude: origin?.longitude,
      radius_metres: (input.radius_km ?? SEARCH_LIMITS.radiusKmDefault) * 1000,
      target_countries: input.target_countries,
      age: input.age,
      price_min: input.price_min,
      price_max: input.price_max,
      deadline_from: input.deadline_from,
      deadline_to: input.deadline_to,
      limit: page.first,
      offset: (page.page - 1) * page.first,
    };
    for (const [name] of LIST_FILTERS) values[name] = input[name];
    (input.query ? words(input.query) : []).forEach((word, index) => {
      values[`word_${index}`] = word;
    });

    const shape = shapeOf(input, origin !== null, wants);
    const [found] = (await statementOf(shape).execute(values)) as Answer[];
    return {
      rows: parsed(found?.page, []).map(hitFromJson),
      total: shape.total ? Number(found?.total ?? 0) : null,
      facets: shape.facets
        ? {
            genres: parsed(found?.genres, []),
            types: parsed(found?.types, []),
            countries: parsed(found?.countries, []),
          }
        : null,
    };
  };
}
