import { and, asc, eq, inArray, like, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities } from './lookups.table';
import { normaliseSearchText } from './search-text';

/**
 * City search over `cities.search_name` (normalised by search-text.ts: letters, digits and single
 * spaces only, so nothing in a search can act as a LIKE wildcard unless put there on purpose).
 *
 * 1. Prefix: names starting with the search (btree, text_pattern_ops), ranked by `rankScore`:
 *    log10(population) plus a bonus for an exact name, for the viewer's country and for countries
 *    speaking the viewer's language (docs/decisions.md, "City search ranking"). Candidates are the
 *    most populous prefix matches, every exact match, and the most populous prefix matches in the
 *    viewer's and the language's countries, so a boosted city cannot be missed for being small.
 *    A city listed twice by GeoNames (same name, country and region) is shown once, the most
 *    populous entry.
 * 2. Near misses, when the prefixes do not fill the page, from three characters on:
 *    - one edit away as a prefix (Damerau-Levenshtein 1): two neighbouring letters swapped
 *      (`parsi` -> `paris%`), a letter too many (`pariss` -> `paris%`), a letter missing
 *      (`lodon` -> `lo_don%`) or a wrong one (`sao paolo` -> `sao pa_lo%`). Missing and wrong
 *      letters are looked for from the third character on, so each pattern keeps a literal prefix
 *      of two or more letters for the btree to range over;
 *    - pg_trgm word similarity (`search <% search_name`, its default threshold 0.6, GIN index):
 *      the search as a word inside a longer name (`paulo` -> São Paulo, `new yrok` -> New York
 *      City) and names a few letters off (`kopenhagen` -> Copenhagen).
 *    One-edit matches count as fully similar, the others by trigram similarity, each plus a little
 *    for size (log10 of the population), so `lodon` puts London before Loddon.
 *
 * Not used: pg_trgm's similarity operator `%`. On PGlite 0.5 its GIN scans are unreliable right
 * after a database is opened or cloned: in about one run in five the first such queries return no
 * rows, hang, or break the transaction with "bad buffer ID: 0", while `<%`, LIKE through the
 * same index and the similarity() function behave. Its threshold is also a session setting, which
 * a pool of connections cannot set per query without a transaction.
 */

/** Near misses need something to go on: below this many characters only prefixes match. */
const NEAR_MISS_MIN_LENGTH = 3;
/** Longer searches are matched by word similarity only (one index probe per edit pattern). */
const EDIT_PATTERNS_MAX_LENGTH = 20;
/** Missing or wrong letters are looked for from this position on (a literal prefix before it). */
const FIRST_WILDCARD_POSITION = 2;
/** Weight of log10(population) against similarity (0..1) when ranking near misses. */
const POPULATION_WEIGHT = 0.08;

/**
 * Bonuses on log10(population): a city named exactly as typed counts as 30 times as populous,
 * one in the viewer's country 10 times, one in a country speaking the viewer's language 3 times.
 * 30: Porto (250,000) leads Porto Alegre (1.4 million), but Paris leads Par (Cornwall, 9,000)
 * and Santiago leads San (Mali) while the name is still being typed.
 */
export const EXACT_NAME_BONUS = Math.log10(30);
export const VIEWER_COUNTRY_BONUS = 1;
export const LANGUAGE_COUNTRY_BONUS = Math.log10(3);
/** Exact matches read at most (the most populous); "San Jose" has a few dozen. */
const EXACT_CANDIDATES = 100;

/** What is known of who is searching: their country (signed in) and their language's countries. */
export interface CityPreference {
  countryCode: string | null;
  languageCountryCodes: readonly string[];
}

export interface CityMatch {
  id: string;
  name: string;
  country_code: string;
  admin_code: string | null;
  population: number;
  latitude: number;
  longitude: number;
}

const CITY_COLUMNS = {
  id: cities.id,
  name: cities.name,
  country_code: cities.countryCode,
  admin_code: cities.adminCode,
  population: cities.population,
  latitude: cities.latitude,
  longitude: cities.longitude,
};

export async function findCities(
  db: Database,
  search: string,
  first: number,
  preference: CityPreference,
): Promise<CityMatch[]> {
  // Room for the duplicates that collapse into one entry.
  const candidates = first * 2;
  const prefix = like(cities.searchName, `${search}%`);
  const inCountries = (codes: readonly string[]) =>
    codes.length === 0
      ? Promise.resolve([])
      : db
          .select(CITY_COLUMNS)
          .from(cities)
          .where(and(prefix, inArray(cities.countryCode, [...codes])))
          .orderBy(sql`${cities.population} + 0 desc`, asc(cities.id))
          .limit(candidates);
  const [exact, prefixed, inViewerCountry, inLanguageCountries] = await Promise.all([
    db
      .select(CITY_COLUMNS)
      .from(cities)
      .where(eq(cities.searchName, search))
      .orderBy(sql`${cities.population} + 0 desc`, asc(cities.id))
      .limit(EXACT_CANDIDATES),
    db
      .select(CITY_COLUMNS)
      .from(cities)
      .where(prefix)
      .orderBy(prefixOrder(search), asc(cities.id))
      .limit(candidates),
    inCountries(preference.countryCode ? [preference.countryCode] : []),
    inCountries(preference.languageCountryCodes),
  ]);
  const ranked = rankCities(
    [...exact, ...prefixed, ...inViewerCountry, ...inLanguageCountries],
    search,
    preference,
  ).slice(0, first);
  if (ranked.length >= first || search.length < NEAR_MISS_MIN_LENGTH) return ranked;
  const shown = new Set(ranked.map(duplicateKey));
  const misses = (await nearMisses(db, search, first)).filter((city) => {
    const key = duplicateKey(city);
    if (shown.has(key)) return false;
    shown.add(key);
    return true;
  });
  return [...ranked, ...misses].slice(0, first);
}

/** The ranking of prefix matches (see the file comment); higher first. */
export function rankScore(city: CityMatch, search: string, preference: CityPreference): number {
  let score = Math.log10(city.population + 1);
  if (normaliseSearchText(city.name) === search) score += EXACT_NAME_BONUS;
  if (city.country_code === preference.countryCode) score += VIEWER_COUNTRY_BONUS;
  if (preference.languageCountryCodes.includes(city.country_code)) score += LANGUAGE_COUNTRY_BONUS;
  return score;
}

/** GeoNames lists some places twice (a town and its populated place): one name per region. */
function duplicateKey(city: CityMatch): string {
  return `${city.country_code}|${city.admin_code ?? ''}|${city.name}`;
}

/** Best first, each city once, and of the entries sharing name, country and region the largest. */
export function rankCities(
  matches: readonly CityMatch[],
  search: string,
  preference: CityPreference,
): CityMatch[] {
  const best = new Map<string, CityMatch>();
  for (const match of matches) {
    const key = duplicateKey(match);
    const kept = best.get(key);
    if (
      !kept ||
      match.population > kept.population ||
      (match.population === kept.population && match.id < kept.id)
    )
      best.set(key, match);
  }
  const scored = [...best.values()].map((city) => ({
    city,
    score: rankScore(city, search, preference),
  }));
  return scored
    .sort((a, b) => b.score - a.score || (a.city.id < b.city.id ? -1 : 1))
    .map(({ city }) => city);
}

/**
 * Most populous first. Two letters match thousands of names, so walking the population index until
 * enough match is fastest, and the planner sees that. From three letters on the matches are a few
 * hundred at most, but the planner's estimate for a narrow prefix is coarse (one histogram bucket,
 * ~1,350 rows) and it may still walk the population index through the whole table (`sec`: 80 ms
 * instead of 1 ms); `population + 0` takes that index out of its choices, so it reads the prefix
 * range and sorts it.
 */
function prefixOrder(search: string): SQL {
  return search.length < 3 ? sql`${cities.population} desc` : sql`${cities.population} + 0 desc`;
}

/** LIKE patterns for names starting one edit away from the search (see the file comment). */
export function oneEditPatterns(search: string): string[] {
  if (search.length > EDIT_PATTERNS_MAX_LENGTH) return [];
  const patterns = new Set<string>();
  for (let index = 0; index < search.length; index += 1) {
    const before = search.slice(0, index);
    const letter = search.charAt(index);
    const next = search.charAt(index + 1);
    if (next && next !== letter)
      patterns.add(`${before}${next}${letter}${search.slice(index + 2)}%`);
    if (search.length > NEAR_MISS_MIN_LENGTH) patterns.add(`${before}${search.slice(index + 1)}%`);
    if (index >= FIRST_WILDCARD_POSITION) {
      patterns.add(`${before}_${search.slice(index)}%`);
      patterns.add(`${before}_${search.slice(index + 1)}%`);
    }
  }
  // A pattern that still starts with the search finds nothing the prefix search did not.
  return [...patterns].filter((pattern) => !pattern.startsWith(search));
}

/**
 * Two queries, each with a plan of its own: the one-edit patterns check only LIKE on the rows of
 * their prefix ranges, and the word-similarity search only recomputes word similarity on what the
 * GIN index returns. Asked together in one WHERE, each row of either set would pay for both.
 */
async function nearMisses(db: Database, search: string, limit: number): Promise<CityMatch[]> {
  const patterns = oneEditPatterns(search);
  const notPrefixed = notLike(cities.searchName, `${search}%`);
  const [oneEdit, similar] = await Promise.all([
    patterns.length === 0
      ? []
      : db
          .select({ ...CITY_COLUMNS, closeness: sql<number>`1.0` })
          .from(cities)
          .where(
            and(or(...patterns.map((pattern) => like(cities.searchName, pattern))), notPrefixed),
          )
          .orderBy(sql`${cities.population} + 0 desc`, asc(cities.id))
          .limit(limit),
    db
      .select({
        ...CITY_COLUMNS,
        closeness: sql<number>`similarity(${cities.searchName}, ${search})`.mapWith(Number),
      })
      .from(cities)
      .where(and(sql`${search} <% ${cities.searchName}`, notPrefixed))
      .orderBy(
        sql`similarity(${cities.searchName}, ${search}) + ${sql.raw(String(POPULATION_WEIGHT))} * log(${cities.population} + 1) desc`,
        asc(cities.id),
      )
      .limit(limit),
  ]);
  const score = (match: CityMatch & { closeness: number }) =>
    Number(match.closeness) + POPULATION_WEIGHT * Math.log10(match.population + 1);
  const seen = new Set<string>();
  return [...oneEdit, ...similar]
    .sort((a, b) => score(b) - score(a) || (a.id < b.id ? -1 : 1))
    .flatMap(({ closeness: _closeness, ...match }) => {
      if (seen.has(match.id)) return [];
      seen.add(match.id);
      return [match];
    })
    .slice(0, limit);
}
