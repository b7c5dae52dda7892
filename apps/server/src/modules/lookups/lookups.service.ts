import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale, type TargetUser } from '@encore/core';
import { and, asc, like, notLike, or, sql, type SQL } from 'drizzle-orm';
import ISO6391 from 'iso-639-1';
import type { Database } from '../../db/client';
import { DEFAULT_FORM_SECTIONS, type FormSectionTemplate } from './form-sections.data';
import { PAYMENT_COUNTRY_CODES } from './lookups.data';
import {
  cities,
  countries,
  genres,
  instruments,
  userTypeCategories,
  userTypes,
  type CountryRow,
} from './lookups.table';
import { normaliseSearchText } from './search-text';

export interface LanguageRow {
  slug: string;
  name: string;
  is_supported: boolean;
}

/** A country as the caller reads it: the name in their language. */
export interface Country {
  code: string;
  name: string;
  latitude: number;
  longitude: number;
  independent: boolean;
  currency: string | null;
}

export interface City {
  id: string;
  name: string;
  country: Country;
  admin_code: string | null;
  population: number;
  latitude: number;
  longitude: number;
}

export interface GenreNode {
  id: string;
  name: string;
  parent: GenreNode | null;
  children: GenreNode[];
}

export interface InstrumentNode {
  id: string;
  name: string;
  family: string;
  parent: InstrumentNode | null;
  children: InstrumentNode[];
  types: string[];
  styles: string[];
}

export interface UserTypeNode {
  id: string;
  name: string;
  position: number;
  category: UserTypeCategoryNode;
}

export interface UserTypeCategoryNode {
  id: string;
  name: string;
  position: number;
  user_types: UserTypeNode[];
}

export const USER_TYPE_CATEGORY_ORDER_COLUMNS = ['NAME', 'POSITION'] as const;
export type UserTypeCategoryOrderColumn = (typeof USER_TYPE_CATEGORY_ORDER_COLUMNS)[number];
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface UserTypeCategoryOrder {
  column: UserTypeCategoryOrderColumn;
  order: SortDirection;
}

export interface ProfileFormData {
  supported_languages: LanguageRow[];
  instruments: InstrumentNode[];
  genres: GenreNode[];
  types: UserTypeNode[];
}

interface ReferenceData {
  countries: CountryRow[];
  countryByCode: Map<string, CountryRow>;
  genres: GenreNode[];
  instrumentFamilies: InstrumentNode[];
  userTypeCategories: UserTypeCategoryNode[];
}

const CITY_CACHE_SIZE = 2_000;
/** Near misses need something to go on: below this many characters only prefixes match. */
const FUZZY_MIN_LENGTH = 3;
/**
 * pg_trgm similarity a near miss needs. The extension's default, 0.3, lets every name sharing the
 * first two letters through the index (`satte` rechecks 10,000 rows, 50 ms on PGlite); 0.4 keeps
 * one-letter typos of names of five letters or more (`lodon`, `zurch`, `amsterdm`) at a tenth of
 * the cost. Swapped letters score lower (`parsi`/`paris` 0.33), so they get their own search.
 */
const FUZZY_SIMILARITY = 0.4;
/** Weight of log10(population) against similarity (0..1) when ranking near misses. */
const FUZZY_POPULATION_WEIGHT = 0.08;
/** Queries longer than this are not searched for swapped letters (one index probe per swap). */
const TRANSPOSITION_MAX_LENGTH = 24;

interface CityMatch {
  id: string;
  name: string;
  country_code: string;
  admin_code: string | null;
  population: number;
  latitude: number;
  longitude: number;
}

/**
 * Lookups are reference data: seeded at start, never changed while the server runs. Countries,
 * genres, instruments and user types are read on every profile page, so they are loaded once and
 * answered from memory; city searches go to the database (with its indexes) and the most recent
 * answers are kept, since autocompletion asks the same prefixes again and again.
 */
export function createLookupsService(db: Database) {
  let reference: Promise<ReferenceData> | undefined;
  const localizedCountries = new Map<Locale, Country[]>();
  const cityCache = new Map<string, CityMatch[]>();

  function loadReference(): Promise<ReferenceData> {
    reference ??= readReference(db).then(
      (data) => {
        // Not seeded yet (a test database without lookups): try again next time.
        if (data.countries.length === 0) reference = undefined;
        return data;
      },
      (error: unknown) => {
        reference = undefined;
        throw error;
      },
    );
    return reference;
  }

  function localize(row: CountryRow, locale: Locale): Country {
    return {
      code: row.code,
      name: row.names[locale] ?? row.name,
      latitude: row.latitude,
      longitude: row.longitude,
      independent: row.independent,
      currency: row.currency,
    };
  }

  async function allCountries(locale: Locale): Promise<Country[]> {
    const cached = localizedCountries.get(locale);
    if (cached) return cached;
    const data = await loadReference();
    const collator = new Intl.Collator(locale);
    const list = data.countries
      .map((row) => localize(row, locale))
      .sort((a, b) => collator.compare(a.name, b.name));
    if (list.length > 0) localizedCountries.set(locale, list);
    return list;
  }

  async function searchCities(search: string, first: number): Promise<CityMatch[]> {
    const key = `${first}:${search}`;
    const cached = cityCache.get(key);
    if (cached) {
      // Map keeps insertion order: re-inserting marks the entry as recently used.
      cityCache.delete(key);
      cityCache.set(key, cached);
      return cached;
    }
    const prefixed = await db
      .select(CITY_COLUMNS)
      .from(cities)
      .where(like(cities.searchName, `${search}%`))
      .orderBy(prefixOrder(search), asc(cities.id))
      .limit(first);
    const matches =
      prefixed.length < first && search.length >= FUZZY_MIN_LENGTH
        ? [...prefixed, ...(await nearMisses(db, search, first - prefixed.length))]
        : prefixed;
    cityCache.set(key, matches);
    if (cityCache.size > CITY_CACHE_SIZE) {
      const oldest = cityCache.keys().next().value;
      if (oldest !== undefined) cityCache.delete(oldest);
    }
    return matches;
  }

  return {
    languages,

    /** Sovereign countries (world-countries' `independent`), by name in the caller's language. */
    async countries(locale: Locale): Promise<Country[]> {
      return (await allCountries(locale)).filter((country) => country.independent);
    },

    /** Every ISO 3166-1 country and territory (Puerto Rico, Hong Kong, Réunion...). */
    allCountries,

    /** Where an organisation can connect a payout account (lookups.data.ts names the source). */
    async paymentCountries(locale: Locale): Promise<Country[]> {
      const codes = new Set<string>(PAYMENT_COUNTRY_CODES);
      return (await allCountries(locale)).filter((country) => codes.has(country.code));
    },

    /**
     * Cities whose name starts with the query (accents and case ignored), most populous first,
     * then, when those do not fill the page, names within a typo or two of it.
     */
    async filterCities(query: string, first: number, locale: Locale): Promise<City[]> {
      const search = normaliseSearchText(query);
      if (!search) return [];
      const [matches, data] = await Promise.all([searchCities(search, first), loadReference()]);
      return matches.flatMap((match) => {
        const country = data.countryByCode.get(match.country_code);
        if (!country) return [];
        const { country_code: _code, ...city } = match;
        return [{ ...city, country: localize(country, locale) }];
      });
    },

    /** Every genre, top-level ones first; `parentsOnly` keeps the top-level ones. */
    async genres(parentsOnly = false): Promise<GenreNode[]> {
      const { genres: all } = await loadReference();
      return parentsOnly ? all.filter((genre) => !genre.parent) : all;
    },

    /** Instrument families, each with its instruments as children. */
    async instruments(): Promise<InstrumentNode[]> {
      return (await loadReference()).instrumentFamilies;
    },

    async userTypes(): Promise<UserTypeNode[]> {
      const { userTypeCategories: categories } = await loadReference();
      return categories.flatMap((category) => category.user_types);
    },

    /**
     * Categories of user types. A search (accents and case ignored) keeps the categories whose
     * name contains it, with all their types, and the categories with a type whose name contains
     * it, with those types only. Ordered by the given columns, by position by default; the types
     * inside a category keep their position.
     */
    async userTypeCategories(
      search: string | null | undefined,
      orderBy: readonly UserTypeCategoryOrder[] | null | undefined,
      locale: Locale,
    ): Promise<UserTypeCategoryNode[]> {
      const { userTypeCategories: categories } = await loadReference();
      const needle = search ? normaliseSearchText(search) : '';
      const found = needle
        ? categories.flatMap((category) => {
            if (normaliseSearchText(category.name).includes(needle)) return [category];
            const matching = category.user_types.filter((type) =>
              normaliseSearchText(type.name).includes(needle),
            );
            return matching.length > 0 ? [{ ...category, user_types: matching }] : [];
          })
        : [...categories];
      const clauses: readonly UserTypeCategoryOrder[] = orderBy?.length
        ? orderBy
        : [{ column: 'POSITION', order: 'ASC' }];
      const collator = new Intl.Collator(locale);
      return found.sort((a, b) => {
        for (const clause of clauses) {
          const difference =
            clause.column === 'NAME' ? collator.compare(a.name, b.name) : a.position - b.position;
          if (difference !== 0) return clause.order === 'ASC' ? difference : -difference;
        }
        return 0;
      });
    },

    async profileFormData(locale: Locale): Promise<ProfileFormData> {
      const data = await loadReference();
      return {
        supported_languages: languages(locale).filter((language) => language.is_supported),
        instruments: data.instrumentFamilies,
        genres: data.genres,
        types: data.userTypeCategories.flatMap((category) => category.user_types),
      };
    },

    formSections(target: TargetUser): FormSectionTemplate[] {
      return DEFAULT_FORM_SECTIONS[target];
    },
  };
}

export type LookupsService = ReturnType<typeof createLookupsService>;

const CITY_COLUMNS = {
  id: cities.id,
  name: cities.name,
  country_code: cities.countryCode,
  admin_code: cities.adminCode,
  population: cities.population,
  latitude: cities.latitude,
  longitude: cities.longitude,
};

/**
 * Most populous first. Two letters match thousands of names, so walking the population index until
 * twenty match is fastest, and the planner sees that. From three letters on, the matches are a
 * few hundred at most, but the planner's estimate for a narrow prefix is coarse (one histogram
 * bucket, ~1,350 rows) and it may still walk the population index through the whole table
 * (`sec`: 80 ms instead of 1 ms); `population + 0` takes that index out of its choices, so it
 * reads the prefix range and sorts it.
 */
function prefixOrder(search: string): SQL {
  return search.length < 3 ? sql`${cities.population} desc` : sql`${cities.population} + 0 desc`;
}

/** `parsi` -> `aprsi`, `prasi`, `pasri`, `paris`: the commonest typo is two swapped letters. */
export function transpositions(search: string): string[] {
  if (search.length > TRANSPOSITION_MAX_LENGTH) return [];
  const variants = new Set<string>();
  for (let index = 0; index + 1 < search.length; index += 1) {
    const a = search.charAt(index);
    const b = search.charAt(index + 1);
    if (a === b || a === ' ' || b === ' ') continue;
    variants.add(search.slice(0, index) + b + a + search.slice(index + 2));
  }
  return [...variants];
}

/**
 * Names that do not start with the search but nearly match it: trigram similarity of at least
 * FUZZY_SIMILARITY (the GIN index), or starting with the search with two letters swapped (the
 * prefix index). Ranked by how close the name is to the search or to a swapped variant, plus a
 * little for size, so `lodon` puts London before Loddon while a town one letter off still beats a
 * metropolis that merely shares a syllable. pg_trgm reads its threshold from a setting, so the
 * query runs in a transaction that sets it locally.
 */
async function nearMisses(db: Database, search: string, limit: number): Promise<CityMatch[]> {
  const swapped = transpositions(search);
  const closeness = sql.join(
    [search, ...swapped].map((text) => sql`similarity(${cities.searchName}, ${text})`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(FUZZY_SIMILARITY)}, true)`,
    );
    return tx
      .select(CITY_COLUMNS)
      .from(cities)
      .where(
        and(
          or(
            sql`${cities.searchName} % ${search}`,
            ...swapped.map((variant) => like(cities.searchName, `${variant}%`)),
          ),
          notLike(cities.searchName, `${search}%`),
        ),
      )
      .orderBy(
        sql`greatest(${closeness}) + ${sql.raw(String(FUZZY_POPULATION_WEIGHT))} * log(${cities.population} + 1) desc`,
        asc(cities.id),
      )
      .limit(limit);
  });
}

/** ISO 639-1 languages (iso-639-1), named in the caller's language where ICU knows the name. */
function languages(locale: Locale = DEFAULT_LOCALE): LanguageRow[] {
  const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
  const collator = new Intl.Collator(locale);
  return ISO6391.getAllCodes()
    .map((code) => ({
      slug: code,
      name: names.of(code) ?? ISO6391.getName(code),
      is_supported: (SUPPORTED_LOCALES as readonly string[]).includes(code),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

async function readReference(db: Database): Promise<ReferenceData> {
  const [countryRows, genreRows, instrumentRows, categoryRows, typeRows] = await Promise.all([
    db.select().from(countries),
    db.select().from(genres).orderBy(asc(genres.position)),
    db.select().from(instruments).orderBy(asc(instruments.position)),
    db.select().from(userTypeCategories).orderBy(asc(userTypeCategories.position)),
    db.select().from(userTypes).orderBy(asc(userTypes.position)),
  ]);

  const genreNodes = new Map<string, GenreNode>(
    genreRows.map((row) => [row.id, { id: row.id, name: row.name, parent: null, children: [] }]),
  );
  for (const row of genreRows) {
    const node = genreNodes.get(row.id);
    const parent = row.parentId ? genreNodes.get(row.parentId) : undefined;
    if (!node || !parent) continue;
    node.parent = parent;
    parent.children.push(node);
  }

  const instrumentNodes = new Map<string, InstrumentNode>(
    instrumentRows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        family: row.family,
        parent: null,
        children: [],
        types: row.types,
        styles: row.styles,
      },
    ]),
  );
  for (const row of instrumentRows) {
    const node = instrumentNodes.get(row.id);
    const parent = row.parentId ? instrumentNodes.get(row.parentId) : undefined;
    if (!node || !parent) continue;
    node.parent = parent;
    parent.children.push(node);
  }

  const categoryNodes = new Map<string, UserTypeCategoryNode>(
    categoryRows.map((row) => [
      row.id,
      { id: row.id, name: row.name, position: row.position, user_types: [] },
    ]),
  );
  for (const row of typeRows) {
    const category = categoryNodes.get(row.categoryId);
    if (!category) continue;
    category.user_types.push({ id: row.id, name: row.name, position: row.position, category });
  }

  return {
    countries: countryRows,
    countryByCode: new Map(countryRows.map((row) => [row.code, row])),
    genres: [...genreNodes.values()],
    instrumentFamilies: [...instrumentNodes.values()].filter((node) => !node.parent),
    userTypeCategories: [...categoryNodes.values()],
  };
}
