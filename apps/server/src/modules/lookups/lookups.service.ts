import {
  DEFAULT_LOCALE,
  SUPPORTED_LOCALES,
  type Locale,
  type TargetUser,
  type ValidationMap,
} from '@encore/core';
import { asc, inArray } from 'drizzle-orm';
import ISO6391 from 'iso-639-1';
import type { Database } from '../../db/client';
import { translatorFor } from '../../lib/i18n';
import { lookupName } from './lookup-names';
import { findCities, type CityMatch, type CityPreference } from './city-search';
import { DEFAULT_FORM_SECTIONS, type FormSectionTemplate } from './form-sections.data';
import { PAYMENT_COUNTRY_CODES, countriesSpeaking, regionNames } from './lookups.data';
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
  /** The first-level division's name (GeoNames, English): "Ohio". */
  region: string | null;
  /** What to show: "Lisbon, Portugal", with the region when a list holds two of the name there. */
  label: string;
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

/** Genres, instruments (families too) and user types by slug. */
export interface Catalogue {
  genres: ReadonlyMap<string, GenreNode>;
  instruments: ReadonlyMap<string, InstrumentNode>;
  userTypes: ReadonlyMap<string, UserTypeNode>;
}

interface ReferenceData {
  catalogue: Catalogue;
  countries: CountryRow[];
  countryByCode: Map<string, CountryRow>;
  genres: GenreNode[];
  instrumentFamilies: InstrumentNode[];
  userTypeCategories: UserTypeCategoryNode[];
}

const CITY_CACHE_SIZE = 2_000;

export interface CityPlace {
  cityId: string;
  countryCode: string;
  latitude: number;
  longitude: number;
}

/**
 * Lookups are reference data: seeded at start, never changed while the server runs. Countries,
 * genres, instruments and user types are read on every profile page, so they are loaded once and
 * answered from memory; city searches go to the database (with its indexes) and the most recent
 * answers are kept, since autocompletion asks the same prefixes again and again.
 */
/** Notes each slug that is not among the known choices (`input.genres.2`: unknown choice). */
export function checkChoices(
  problems: ValidationMap,
  field: string,
  slugs: readonly string[],
  known: ReadonlyMap<string, unknown>,
): void {
  slugs.forEach((slug, index) => {
    if (!known.has(slug))
      (problems[`input.${field}.${index}`] ??= []).push('validation.unknown_choice');
  });
}

export function createLookupsService(db: Database) {
  let reference: Promise<ReferenceData> | undefined;
  const localizedCountries = new Map<Locale, Country[]>();
  const cityCache = new Map<string, CityMatch[]>();
  const languageCountries = new Map<Locale, string[]>();
  let regions: Map<string, string> | undefined;

  function regionOf(countryCode: string, adminCode: string | null): string | null {
    if (!adminCode) return null;
    regions ??= regionNames();
    return regions.get(`${countryCode}.${adminCode}`) ?? null;
  }

  function preferenceOf(locale: Locale, countryCode: string | null): CityPreference {
    let codes = languageCountries.get(locale);
    if (!codes) {
      codes = countriesSpeaking(locale);
      languageCountries.set(locale, codes);
    }
    return { countryCode, languageCountryCodes: codes };
  }

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

  async function searchCities(
    search: string,
    first: number,
    preference: CityPreference,
    locale: Locale,
  ): Promise<CityMatch[]> {
    const key = `${first}:${locale}:${preference.countryCode ?? ''}:${search}`;
    const cached = cityCache.get(key);
    if (cached) {
      // Map keeps insertion order: re-inserting marks the entry as recently used.
      cityCache.delete(key);
      cityCache.set(key, cached);
      return cached;
    }
    const matches = await findCities(db, search, first, preference);
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
     * Cities whose name starts with the query (accents and case ignored), ranked by population
     * with a lead for an exact name, the viewer's country and their language's countries
     * (city-search.ts), then, when those do not fill the page, names within a typo or two of it.
     */
    async filterCities(
      query: string,
      first: number,
      locale: Locale,
      viewerCountryCode: string | null = null,
    ): Promise<City[]> {
      const search = normaliseSearchText(query);
      if (!search) return [];
      const preference = preferenceOf(locale, viewerCountryCode);
      const [matches, data] = await Promise.all([
        searchCities(search, first, preference, locale),
        loadReference(),
      ]);
      const found = matches.flatMap((match) => {
        const country = data.countryByCode.get(match.country_code);
        if (!country) return [];
        const { country_code: _code, ...city } = match;
        const localized = localize(country, locale);
        const region = regionOf(country.code, match.admin_code);
        return [{ ...city, country: localized, region, label: cityLabel(city.name, localized) }];
      });
      const namesakes = new Map<string, number>();
      const namesakeKey = (city: City) => `${city.country.code}|${city.name}`;
      for (const city of found)
        namesakes.set(namesakeKey(city), (namesakes.get(namesakeKey(city)) ?? 0) + 1);
      return found.map((city) =>
        (namesakes.get(namesakeKey(city)) ?? 0) > 1
          ? { ...city, label: cityLabel(city.name, city.country, city.region) }
          : city,
      );
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
      const t = translatorFor(locale);
      const categoryName = (category: UserTypeCategoryNode) =>
        lookupName(t, 'userTypeCategory', category);
      const typeName = (type: UserTypeNode) => lookupName(t, 'userType', type);
      const needle = search ? normaliseSearchText(search) : '';
      // A search matches the name the caller reads, or the English one.
      const matches = (node: { name: string }, name: string) =>
        normaliseSearchText(name).includes(needle) ||
        normaliseSearchText(node.name).includes(needle);
      const found = needle
        ? categories.flatMap((category) => {
            if (matches(category, categoryName(category))) return [category];
            const matching = category.user_types.filter((type) => matches(type, typeName(type)));
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
            clause.column === 'NAME'
              ? collator.compare(categoryName(a), categoryName(b))
              : a.position - b.position;
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

    /** Slug lookups for features that store genre, instrument and user-type slugs. */
    async catalogue(): Promise<Catalogue> {
      return (await loadReference()).catalogue;
    },

    async country(code: string, locale: Locale): Promise<Country | undefined> {
      const row = (await loadReference()).countryByCode.get(code);
      return row ? localize(row, locale) : undefined;
    },

    /** Where a record in a `filterCities` city sits: the city, its country and its centre. */
    async placeOfCity(cityId: string): Promise<CityPlace | undefined> {
      const [city] = await this.citiesByIds([cityId], 'en');
      if (!city) return undefined;
      return {
        cityId: city.id,
        countryCode: city.country.code,
        latitude: city.latitude,
        longitude: city.longitude,
      };
    },

    /** Cities by GeoNames id, in no particular order; unknown ids are left out. */
    async citiesByIds(ids: readonly string[], locale: Locale): Promise<City[]> {
      if (ids.length === 0) return [];
      const [rows, data] = await Promise.all([
        db
          .select()
          .from(cities)
          .where(inArray(cities.id, [...ids])),
        loadReference(),
      ]);
      return rows.flatMap((row) => {
        const country = data.countryByCode.get(row.countryCode);
        if (!country) return [];
        return [
          {
            id: row.id,
            name: row.name,
            country: localize(country, locale),
            admin_code: row.adminCode,
            region: regionOf(row.countryCode, row.adminCode),
            label: cityLabel(row.name, localize(country, locale)),
            population: row.population,
            latitude: row.latitude,
            longitude: row.longitude,
          },
        ];
      });
    },

    formSections(target: TargetUser): FormSectionTemplate[] {
      return DEFAULT_FORM_SECTIONS[target];
    },
  };
}

export type LookupsService = ReturnType<typeof createLookupsService>;

/** "Lisbon, Portugal" or, to tell namesakes apart, "Lisbon, Ohio, United States". */
function cityLabel(name: string, country: Country, region: string | null = null): string {
  return [name, region && region !== name ? region : null, country.name].filter(Boolean).join(', ');
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

  const userTypeNodes = [...categoryNodes.values()].flatMap((category) => category.user_types);
  return {
    catalogue: {
      genres: genreNodes,
      instruments: instrumentNodes,
      userTypes: new Map(userTypeNodes.map((node) => [node.id, node])),
    },
    countries: countryRows,
    countryByCode: new Map(countryRows.map((row) => [row.code, row])),
    genres: [...genreNodes.values()],
    instrumentFamilies: [...instrumentNodes.values()].filter((node) => !node.parent),
    userTypeCategories: [...categoryNodes.values()],
  };
}
