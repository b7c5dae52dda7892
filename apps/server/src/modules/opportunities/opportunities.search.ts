import {
  DEFAULT_SORT,
  LIVE_OPPORTUNITY_STATUSES,
  SEARCH_LIMITS,
  type OpportunitySearchInput,
} from '@encore/core';
import { and, asc, desc, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LookupsService } from '../lookups/lookups.service';
import { statusAt } from './opportunities.status';
import { opportunities, type OpportunityRow } from './opportunities.table';

export interface SearchHit extends OpportunityRow {
  /** Kilometres from the point searched around; null without one, or for a virtual one. */
  distanceKm: number | null;
}

export interface FacetCount {
  value: string;
  count: number;
}

interface SummaryRow {
  total: number;
  genres: FacetCount[] | string;
  types: FacetCount[] | string;
  countries: FacetCount[] | string;
}

export interface SearchResult {
  rows: SearchHit[];
  total: number;
  facets: { genres: FacetCount[]; types: FacetCount[]; countries: FacetCount[] };
}

/** Words of the search text, folded like the stored text (lower case, no accents). */
const words = (query: string) =>
  query
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => word.trim())
    .filter((word) => word.length > 0)
    .slice(0, 8);

const anyOf = (
  column: SQL | typeof opportunities.genres,
  values: readonly string[] | null | undefined,
) => (values?.length ? sql`${column} && ${sql.param([...values])}::text[]` : undefined);

export function createOpportunitySearch(db: Database, lookups: LookupsService, clock: Clock) {
  return async function search(
    input: OpportunitySearchInput,
    page: { first: number; page: number },
  ): Promise<SearchResult> {
    const now = clock();
    const status = statusAt(now);

    let origin = input.near ?? null;
    if (input.city_id) {
      const place = await lookups.placeOfCity(input.city_id);
      if (!place) throw AppError.validation({ 'input.city_id': ['validation.city'] });
      origin = { latitude: place.latitude, longitude: place.longitude };
    }
    const radiusMetres = (input.radius_km ?? SEARCH_LIMITS.radiusKmDefault) * 1000;
    const point = origin
      ? sql`ll_to_earth(${origin.latitude}::float8, ${origin.longitude}::float8)`
      : undefined;
    const here = sql`ll_to_earth(${opportunities.latitude}, ${opportunities.longitude})`;
    const distance = point
      ? sql<
          number | null
        >`case when ${opportunities.latitude} is not null then earth_distance(${here}, ${point}) / 1000 end`
      : sql<number | null>`null::float8`;

    const conditions: (SQL | undefined)[] = [
      isNull(opportunities.deletedAt),
      // Never drafts, scheduled, archived or deleted ones.
      inArray(status, [...LIVE_OPPORTUNITY_STATUSES]),
      sql`not ${opportunities.isPrivate}`,
    ];
    if (point) {
      const inRadius = sql`(${opportunities.latitude} is not null and earth_box(${point}, ${radiusMetres}::float8) @> ${here} and earth_distance(${here}, ${point}) <= ${radiusMetres}::float8)`;
      conditions.push(
        or(
          inRadius,
          input.include_virtual === false ? undefined : sql`${opportunities.isVirtual}`,
          input.include_worldwide === false ? undefined : sql`${opportunities.isWorldwide}`,
        ),
      );
    } else {
      if (input.include_virtual === false) conditions.push(sql`not ${opportunities.isVirtual}`);
      if (input.include_worldwide === false) conditions.push(sql`not ${opportunities.isWorldwide}`);
    }

    const queryWords = input.query ? words(input.query) : [];
    let relevance: SQL | undefined;
    if (queryWords.length > 0) {
      // Each word must be in the text, or close to a word of it (pg_trgm, so typos still match).
      for (const word of queryWords) {
        const folded = sql`lower(unaccent(${word}))`;
        conditions.push(
          // A word found as it is scores 1, so `<%` covers it; two letters are too short for trigrams.
          word.length >= 3
            ? sql`${folded} <% ${opportunities.searchText}`
            : sql`${opportunities.searchText} like '%' || ${folded} || '%'`,
        );
      }
      relevance = sql`word_similarity(lower(unaccent(${queryWords.join(' ')})), ${opportunities.searchText})`;
    }

    conditions.push(
      anyOf(sql`${opportunities.types}`, input.types),
      anyOf(sql`${opportunities.genres}`, input.genres),
      anyOf(sql`${opportunities.instruments}`, input.instruments),
      anyOf(sql`${opportunities.target}`, input.target),
      anyOf(sql`${opportunities.experienceLevel}`, input.experience_level),
      anyOf(sql`${opportunities.languages}`, input.languages),
      input.target_countries?.length
        ? or(
            anyOf(sql`${opportunities.targetCountries}`, input.target_countries),
            sql`cardinality(${opportunities.targetCountries}) = 0`,
          )
        : undefined,
    );
    if (input.age != null) {
      conditions.push(
        sql`(${opportunities.minAge} is null or ${opportunities.minAge} <= ${input.age})`,
        sql`(${opportunities.maxAge} is null or ${opportunities.maxAge} >= ${input.age})`,
      );
    }
    if (input.is_free === true) conditions.push(sql`${opportunities.paymentType} = 'FREE'`);
    if (input.is_free === false) conditions.push(sql`${opportunities.paymentType} <> 'FREE'`);
    const price = sql`coalesce(${opportunities.minCost}, 0)`;
    if (input.price_min != null) conditions.push(sql`${price} >= ${input.price_min}`);
    if (input.price_max != null) conditions.push(sql`${price} <= ${input.price_max}`);
    if (input.deadline_from) {
      conditions.push(sql`${opportunities.deadlineAt} >= ${input.deadline_from}::date`);
    }
    if (input.deadline_to) {
      conditions.push(sql`${opportunities.deadlineAt} < ${input.deadline_to}::date + 1`);
    }
    if (input.open_only) {
      conditions.push(
        sql`(${status} = 'PUBLISHED' or (${status} = 'ACTIVE' and (${opportunities.deadlineAt} is null or ${opportunities.deadlineAt} > ${now.toISOString()}::timestamptz)))`,
      );
    }
    const where = and(...conditions);

    const sort = input.sort ?? DEFAULT_SORT;
    const direction = (column: SQL | typeof opportunities.createdAt) =>
      sort.asc ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
    const order: SQL[] = [];
    if (input.order_by_distance && point) order.push(sql`${distance} asc nulls last`);
    if (relevance && !input.sort) order.push(sql`${relevance} desc`);
    switch (sort.field) {
      case 'DATE':
        order.push(direction(sql`${opportunities.startsAt}`));
        break;
      case 'DEADLINE':
        order.push(direction(sql`${opportunities.deadlineAt}`));
        break;
      case 'ALPHABET':
        order.push(direction(sql`lower(${opportunities.title})`));
        break;
      case 'PRICE':
        order.push(direction(price));
        break;
      case 'RECENT':
        order.push(
          direction(sql`${opportunities.publishedAt}`),
          direction(sql`${opportunities.createdAt}`),
        );
        break;
    }
    order.push(sort.asc ? asc(opportunities.id) : desc(opportunities.id));

    // Totals and facets in one statement over the filtered rows, planned and scanned once.
    const facet = (values: SQL) => sql`(
      select coalesce(json_agg(json_build_object('value', value, 'count', total)), '[]'::json)
      from (
        select value, count(*)::int as total
        from filtered, unnest(${values}) as value
        where value is not null
        group by value
        order by count(*) desc, value
        limit ${SEARCH_LIMITS.facetSize}
      ) counted)`;
    const summary = sql`
      with filtered as materialized (
        select ${opportunities.genres} as genres, ${opportunities.types} as types,
          ${opportunities.countryCode} as country_code
        from ${opportunities}
        where ${where}
      )
      select (select count(*)::int from filtered) as total,
        ${facet(sql.raw('filtered.genres'))} as genres,
        ${facet(sql.raw('filtered.types'))} as types,
        ${facet(sql.raw('array[filtered.country_code]'))} as countries`;

    const [found, summarised] = await Promise.all([
      db
        .select({ row: opportunities, current: status, distanceKm: distance })
        .from(opportunities)
        .where(where)
        .orderBy(...order)
        .limit(page.first)
        .offset((page.page - 1) * page.first),
      db.execute(summary) as unknown as Promise<{ rows: SummaryRow[] }>,
    ]);
    const totals = summarised.rows[0];
    const facetRows = (value: FacetCount[] | string | undefined): FacetCount[] => {
      const list = typeof value === 'string' ? (JSON.parse(value) as FacetCount[]) : (value ?? []);
      return list.map((item) => ({ value: item.value, count: Number(item.count) }));
    };
    return {
      rows: found.map(({ row, current, distanceKm }) => ({
        ...row,
        status: current as OpportunityRow['status'],
        distanceKm: distanceKm === null ? null : Number(distanceKm),
      })),
      total: Number(totals?.total ?? 0),
      facets: {
        genres: facetRows(totals?.genres),
        types: facetRows(totals?.types),
        countries: facetRows(totals?.countries),
      },
    };
  };
}
