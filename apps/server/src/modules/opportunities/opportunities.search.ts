import { SEARCH_LIMITS, type OpportunitySearchInput } from '@encore/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedByShape } from '../../db/prepared';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LookupsService } from '../lookups/lookups.service';
import { organisationFromJson } from '../organisations/organisations.service';
import { parsedJson, rowFromJson, type Json } from './opportunities.row-json';
import {
  LIST_FILTERS,
  shapeOf,
  words,
  type SearchShape,
  type SearchWants,
} from './opportunities.search.shape';
import { searchStatement } from './opportunities.search.sql';
import { TIME_BOUND_VALUES } from './opportunities.status';
import type { OpportunityRow, WithOrganisation } from './opportunities.table';

export type { SearchWants } from './opportunities.search.shape';

export interface SearchHit extends OpportunityRow, WithOrganisation {
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
export const EVERYTHING: SearchWants = { total: true, facets: true, organisations: true };

/** Shapes beyond this many run unprepared: odd combinations of filters should not pile up. */
const PREPARED_SHAPES_MAX = 200;

/** A page row as the statement gives it: the row (`rowAsJson`), its status, the distance, its organisation. */
type HitJson = unknown[];

const hitFromJson = (hit: HitJson): SearchHit => {
  const {
    row,
    added: [status, distance, organisation],
  } = rowFromJson(hit);
  // Set on the row rather than spread into a copy: a copy of fifty fields per hit was a sixth of
  // a page's time.
  const found = row as SearchHit;
  found.status = status as SearchHit['status'];
  found.distanceKm = distance === null || distance === undefined ? null : Number(distance);
  // Without it (not asked for), the organisation is read apart if a field needs it after all.
  if (organisation !== undefined) {
    found.organisation = organisationFromJson(organisation as unknown[] | null);
  }
  return found;
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
      rows: parsedJson(found?.page, []).map(hitFromJson),
      total: shape.total ? Number(found?.total ?? 0) : null,
      facets: shape.facets
        ? {
            genres: parsedJson(found?.genres, []),
            types: parsedJson(found?.types, []),
            countries: parsedJson(found?.countries, []),
          }
        : null,
    };
  };
}
