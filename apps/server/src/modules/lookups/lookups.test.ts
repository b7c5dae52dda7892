import { SUPPORTED_LOCALES } from '@encore/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { oneEditPatterns } from './city-search';
import { seedLookups } from './lookups.seed';
import { normaliseSearchText } from './search-text';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface CountryResult {
  id: string;
  code: string;
  name: string;
  lat: number;
  long: number;
}
interface CityResult {
  id: string;
  name: string;
  country: { code: string; name: string };
  latitude: number;
  longitude: number;
  population: number;
  admin_code: string | null;
}
interface GenreResult {
  id: string;
  slug: string;
  name: string;
  parent: { slug: string } | null;
  children: Array<{ slug: string }>;
}

async function query<Data>(
  source: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<Data> {
  const response = await server.graphql<Data>(source, variables, headers);
  expect(response.body.errors).toBeUndefined();
  expect(response.status).toBe(200);
  return response.body.data as Data;
}

const CITY_FIELDS = 'id name country { code name } latitude longitude population admin_code';

async function cities(search: string, first?: number, headers?: Record<string, string>) {
  const data = await query<{ filterCities: CityResult[] }>(
    `query ($query: String!, $first: Int) { filterCities(query: $query, first: $first) { ${CITY_FIELDS} } }`,
    { query: search, first },
    headers,
  );
  return data.filterCities;
}

describe('search text', () => {
  it('folds case, accents, letters without decomposition and punctuation', () => {
    expect(normaliseSearchText('Zürich')).toBe('zurich');
    expect(normaliseSearchText('  São   Paulo ')).toBe('sao paulo');
    expect(normaliseSearchText('Saint-Étienne')).toBe('saint etienne');
    expect(normaliseSearchText('Großräschen')).toBe('grossraschen');
    expect(normaliseSearchText('Łódź')).toBe('lodz');
    expect(normaliseSearchText("L'Aquila")).toBe('laquila');
    expect(normaliseSearchText('100% _x_')).toBe('100 x');
  });
});

describe('one-edit patterns', () => {
  it('covers swapped, extra, missing and wrong letters, keeping a literal prefix', () => {
    const patterns = oneEditPatterns('lodon');
    expect(patterns).toEqual(
      expect.arrayContaining(['oldon%', 'ldon%', 'lo_don%', 'lo_on%', 'lodno%', 'lodo%']),
    );
    expect(patterns.every((pattern) => !pattern.startsWith('lodon'))).toBe(true);
    expect(
      patterns.filter((pattern) => pattern.indexOf('_') >= 0 && pattern.indexOf('_') < 2),
    ).toEqual([]);
    expect(oneEditPatterns('x'.repeat(30))).toEqual([]);
  });
});

describe('countries', () => {
  it('lists every country and territory with coordinates, named in the caller language', async () => {
    const english = await query<{ allCountries: CountryResult[] }>(
      '{ allCountries { id code name lat long } }',
    );
    expect(english.allCountries.length).toBeGreaterThanOrEqual(249);
    const germany = english.allCountries.find((country) => country.code === 'DE');
    expect(germany).toMatchObject({ id: 'DE', name: 'Germany' });
    expect(germany?.lat).toBeCloseTo(51, 0);
    expect(germany?.long).toBeCloseTo(9, 0);
    expect(english.allCountries.find((country) => country.code === 'PR')?.name).toBe('Puerto Rico');

    const german = await query<{ allCountries: CountryResult[] }>(
      '{ allCountries { code name } }',
      undefined,
      { 'accept-language': 'de' },
    );
    expect(german.allCountries.find((country) => country.code === 'DE')?.name).toBe('Deutschland');
    const names = german.allCountries.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));

    const arabic = await query<{ countries: CountryResult[] }>(
      '{ countries { code name } }',
      undefined,
      {
        'accept-language': 'ar',
      },
    );
    expect(arabic.countries.find((country) => country.code === 'DE')?.name).toBe('ألمانيا');
  });

  it('keeps sovereign states in countries and territories only in allCountries', async () => {
    const data = await query<{ countries: CountryResult[]; allCountries: CountryResult[] }>(
      '{ countries { code } allCountries { code } }',
    );
    const codes = data.countries.map((country) => country.code);
    expect(codes.length).toBeGreaterThanOrEqual(190);
    expect(codes).toEqual(expect.arrayContaining(['FR', 'US', 'JP', 'BR', 'XK']));
    expect(codes).not.toContain('PR');
    expect(data.allCountries.length).toBeGreaterThan(codes.length);
  });

  it('lists the countries where payout accounts can be held', async () => {
    const data = await query<{ paymentCountries: CountryResult[] }>(
      '{ paymentCountries { code name lat long } }',
      undefined,
      { 'accept-language': 'fr' },
    );
    const codes = data.paymentCountries.map((country) => country.code);
    expect(codes.length).toBe(46);
    expect(codes).toEqual(expect.arrayContaining(['US', 'GB', 'DE', 'CH', 'AU', 'JP']));
    expect(codes).not.toContain('RU');
    expect(data.paymentCountries.find((country) => country.code === 'DE')?.name).toBe('Allemagne');
  });
});

describe('filterCities', () => {
  it('matches prefixes, most populous first within a country, with country and coordinates', async () => {
    const found = await cities('par');
    expect(found).toHaveLength(20);
    expect(found[0]).toMatchObject({
      id: '2988507',
      name: 'Paris',
      country: { code: 'FR', name: 'France' },
      admin_code: '11',
    });
    expect(found[0]?.latitude).toBeCloseTo(48.85, 1);
    expect(found[0]?.longitude).toBeCloseTo(2.35, 1);
    // Countries speaking the caller's language and exact names get a lead (city-search.test.ts).
    const byCountry = new Map<string, number[]>();
    for (const city of found.filter((match) => normaliseSearchText(match.name) !== 'par'))
      byCountry.set(city.country.code, [
        ...(byCountry.get(city.country.code) ?? []),
        city.population,
      ]);
    expect([...byCountry.values()].some((populations) => populations.length > 1)).toBe(true);
    for (const populations of byCountry.values())
      expect(populations).toEqual([...populations].sort((x, y) => y - x));
    expect(found.every((city) => normaliseSearchText(city.name).startsWith('par'))).toBe(true);
  });

  it('ignores accents and case, and names the country in the caller language', async () => {
    expect((await cities('zurich'))[0]).toMatchObject({ name: 'Zürich', country: { code: 'CH' } });
    expect((await cities('ZÜRICH'))[0]?.name).toBe('Zürich');
    expect((await cities('sao paulo'))[0]).toMatchObject({
      name: 'São Paulo',
      country: { code: 'BR' },
    });
    expect((await cities('koln'))[0]?.name).toBe('Köln');
    // GeoNames' main name for München is the English exonym; the package carries no other names.
    expect((await cities('munich'))[0]).toMatchObject({ name: 'Munich', country: { code: 'DE' } });
    const german = await cities('zurich', 1, { 'accept-language': 'de' });
    expect(german[0]?.country.name).toBe('Schweiz');
  });

  it('tolerates typos, putting prefix matches first', async () => {
    expect((await cities('amsterdm'))[0]).toMatchObject({
      name: 'Amsterdam',
      country: { code: 'NL' },
    });
    expect((await cities('pariss'))[0]).toMatchObject({ name: 'Paris', country: { code: 'FR' } });
    expect((await cities('lodon'))[0]).toMatchObject({ name: 'London', country: { code: 'GB' } });
    expect((await cities('berln'))[0]).toMatchObject({ name: 'Berlin', country: { code: 'DE' } });
    expect((await cities('kopenhagen'))[0]).toMatchObject({
      name: 'Copenhagen',
      country: { code: 'DK' },
    });
    expect((await cities('sao paolo'))[0]).toMatchObject({
      name: 'São Paulo',
      country: { code: 'BR' },
    });
    // A word inside a longer name.
    expect((await cities('new yrok'))[0]?.name).toBe('New York City');
    const parsi = await cities('parsi');
    const paris = parsi.findIndex((city) => city.id === '2988507');
    expect(paris).toBeGreaterThanOrEqual(0);
    // Parsippany starts with "parsi": prefix matches come before near misses.
    const prefixMatches = parsi.filter((city) =>
      normaliseSearchText(city.name).startsWith('parsi'),
    );
    expect(prefixMatches.length).toBeGreaterThan(0);
    expect(parsi.slice(0, prefixMatches.length)).toEqual(prefixMatches);
  });

  it('honours the page size and answers nothing for a name that matches nothing', async () => {
    expect(await cities('san', 5)).toHaveLength(5);
    expect(await cities('qxzqxzqxz')).toEqual([]);
  });

  it('refuses a one-character query with a validation error naming the field', async () => {
    const response = await server.graphql('{ filterCities(query: "p") { id } }');
    expect(response.status).toBe(200);
    const error = response.body.errors?.[0];
    expect(error?.extensions).toMatchObject({ category: 'validation', code: 'VALIDATION' });
    const validation = error?.extensions?.validation as Record<string, string[]>;
    expect(Object.keys(validation)).toEqual(['query']);
    expect(validation.query?.[0]).toBe('The search text must be at least 2 characters.');
  });

  it('refuses a page size past the limit', async () => {
    const response = await server.graphql('{ filterCities(query: "par", first: 500) { id } }');
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ category: 'validation' });
    expect(Object.keys(response.body.errors?.[0]?.extensions?.validation as object)).toEqual([
      'first',
    ]);
  });
});

describe('genres and instruments', () => {
  it('lists at least 150 genres with slugs, parents and children', async () => {
    const { genres } = await query<{ genres: GenreResult[] }>(
      '{ genres { id slug name parent { slug } children { slug } } }',
    );
    expect(genres.length).toBeGreaterThanOrEqual(150);
    expect(new Set(genres.map((genre) => genre.slug)).size).toBe(genres.length);
    const grunge = genres.find((genre) => genre.slug === 'grunge');
    expect(grunge).toMatchObject({ name: 'Grunge', parent: { slug: 'alternative' } });
    const jazz = genres.find((genre) => genre.slug === 'jazz');
    expect(jazz?.parent).toBeNull();
    expect(jazz?.children.map((child) => child.slug)).toContain('hard-bop');
    expect(genres.find((genre) => genre.slug === 'classical')?.children.length).toBeGreaterThan(0);

    const parents = await query<{ genres: GenreResult[] }>(
      '{ genres(parentsOnly: true) { slug parent { slug } } }',
    );
    expect(parents.genres.length).toBeGreaterThanOrEqual(13);
    expect(parents.genres.every((genre) => genre.parent === null)).toBe(true);
  });

  it('lists instrument families with their instruments, types and styles', async () => {
    const { instruments, genres } = await query<{
      instruments: Array<{
        slug: string;
        name: string;
        family: string;
        is_family: boolean;
        children: Array<{ slug: string; family: string; types: string[]; styles: string[] }>;
      }>;
      genres: Array<{ slug: string }>;
    }>(
      '{ instruments { slug name family is_family children { slug family types styles } } genres(parentsOnly: true) { slug } }',
    );
    expect(instruments.length).toBeGreaterThanOrEqual(10);
    expect(instruments.every((family) => family.is_family && family.children.length > 0)).toBe(
      true,
    );
    const guitars = instruments.find((family) => family.slug === 'guitars');
    const guitar = guitars?.children.find((child) => child.slug === 'guitar');
    expect(guitar?.family).toBe('guitars');
    expect(guitar?.types).toEqual(expect.arrayContaining(['acoustic', 'electric']));
    expect(guitar?.styles).toEqual(expect.arrayContaining(['rock', 'jazz', 'classical']));
    const voice = instruments.find((family) => family.slug === 'voice');
    expect(voice?.children.map((child) => child.slug)).toEqual(
      expect.arrayContaining(['lead-vocals', 'backing-vocals', 'soprano']),
    );
    const drums = instruments.find((family) => family.slug === 'drums');
    expect(drums?.children.map((child) => child.slug)).toContain('drum-kit');
    // Styles name top-level genres, so the web app can show and filter them as genres.
    const genreSlugs = new Set(genres.map((genre) => genre.slug));
    const styles = instruments.flatMap((family) =>
      family.children.flatMap((child) => child.styles),
    );
    expect(styles.filter((style) => !genreSlugs.has(style))).toEqual([]);
    // GM sound effects and synth pads are sounds, not instruments anyone plays.
    const slugs = instruments.flatMap((family) => family.children.map((child) => child.slug));
    expect(slugs).not.toContain('gunshot');
    expect(slugs.some((slug) => slug.startsWith('pad'))).toBe(false);
  });
});

describe('languages, user types and profile form data', () => {
  it('names languages in the caller language and marks the 13 supported ones', async () => {
    const { languages } = await query<{
      languages: Array<{ slug: string; name: string; is_supported: boolean }>;
    }>('{ languages { slug name is_supported } }', undefined, { 'accept-language': 'fr' });
    expect(
      languages
        .filter((language) => language.is_supported)
        .map((language) => language.slug)
        .sort(),
    ).toEqual([...SUPPORTED_LOCALES].sort());
    expect(languages.find((language) => language.slug === 'de')?.name).toBe('allemand');
  });

  it('lists user type categories with their types, searched and ordered', async () => {
    const all = await query<{
      userTypeCategories: Array<{
        slug: string;
        name: string;
        position: number;
        user_types: Array<{ slug: string }>;
      }>;
    }>('{ userTypeCategories { slug name position user_types { slug name } } }');
    const positions = all.userTypeCategories.map((category) => category.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const performers = all.userTypeCategories.find((category) => category.slug === 'performers');
    expect(performers?.user_types.map((type) => type.slug)).toEqual(
      expect.arrayContaining([
        'solo-artist',
        'band',
        'orchestra',
        'choir',
        'dj',
        'singer-songwriter',
      ]),
    );

    const byName = await query<{ userTypeCategories: Array<{ name: string }> }>(
      '{ userTypeCategories(orderBy: [{ column: NAME, order: DESC }]) { name } }',
    );
    const names = byName.userTypeCategories.map((category) => category.name);
    expect(names).toEqual([...names].sort().reverse());

    const searched = await query<{
      userTypeCategories: Array<{ slug: string; user_types: Array<{ slug: string }> }>;
    }>(
      'query ($search: String) { userTypeCategories(search: $search) { slug user_types { slug } } }',
      {
        search: 'AGENT',
      },
    );
    expect(searched.userTypeCategories).toEqual([
      { slug: 'industry', user_types: [{ slug: 'booking-agent' }] },
    ]);

    const category = await query<{
      userTypeCategories: Array<{ slug: string; user_types: unknown[] }>;
    }>('{ userTypeCategories(search: "educ") { slug user_types { slug } } }');
    expect(category.userTypeCategories.map((found) => found.slug)).toEqual(['education']);
    expect(category.userTypeCategories[0]?.user_types.length).toBeGreaterThan(1);
  });

  it('gathers what the profile form offers', async () => {
    const { profileFormData } = await query<{
      profileFormData: {
        supported_languages: Array<{ slug: string; is_supported: boolean }>;
        instruments: Array<{ slug: string; children: Array<{ slug: string }> }>;
        genres: Array<{ slug: string }>;
        types: Array<{ slug: string; category: { slug: string } }>;
      };
    }>(
      '{ profileFormData { supported_languages { slug is_supported } instruments { slug children { slug } } genres { slug } types { slug category { slug } } } }',
    );
    expect(profileFormData.supported_languages).toHaveLength(13);
    expect(profileFormData.supported_languages.every((language) => language.is_supported)).toBe(
      true,
    );
    expect(profileFormData.instruments.some((family) => family.children.length > 0)).toBe(true);
    expect(profileFormData.genres.length).toBeGreaterThanOrEqual(150);
    expect(profileFormData.types).toContainEqual({
      slug: 'composer',
      category: { slug: 'creators' },
    });
  });
});

describe('formSections', () => {
  const FIELDS = 'label type subtype slug is_required choices is_multiple order';
  const SECTIONS = `query ($target: TargetUser!) { formSections(target: $target) { slug title fields { ${FIELDS} child_fields { ${FIELDS} } } } }`;
  type Field = {
    slug: string;
    type: string;
    subtype: string | null;
    is_required: boolean;
    choices: string[];
    child_fields: Field[];
  };
  type Section = { slug: string; fields: Field[] };

  it('gives individuals the required personal fields', async () => {
    const { formSections } = await query<{ formSections: Section[] }>(SECTIONS, {
      target: 'INDIVIDUALS',
    });
    expect(formSections.map((section) => section.slug)).toEqual(['personal']);
    const fields = formSections[0]?.fields ?? [];
    expect(fields.map((field) => [field.slug, field.type, field.is_required])).toEqual([
      ['full_name', 'text_field', true],
      ['email', 'email', true],
      ['address', 'location', true],
    ]);
  });

  it('gives bands an artist name and group members with their default fields', async () => {
    const { formSections } = await query<{ formSections: Section[] }>(SECTIONS, {
      target: 'BANDS',
    });
    expect(formSections.map((section) => section.slug)).toEqual(['personal', 'members']);
    const personal = formSections[0]?.fields.map((field) => field.slug);
    expect(personal).toEqual(['artist_name', 'full_name', 'email', 'address']);
    expect(formSections[0]?.fields.every((field) => field.is_required)).toBe(true);
    const members = formSections[1]?.fields[0];
    expect(members).toMatchObject({ slug: 'group_members', type: 'group_members' });
    expect(members?.child_fields.map((field) => field.slug)).toEqual([
      'full_name',
      'gender',
      'email',
      'birthday',
      'phone',
      'instruments',
      'back_vocals',
      'other_instruments',
    ]);
    const byslug = new Map(members?.child_fields.map((field) => [field.slug, field]));
    expect(byslug.get('gender')?.choices).toEqual([
      'male',
      'female',
      'non-binary',
      'prefer-not-to-say',
    ]);
    expect(byslug.get('birthday')).toMatchObject({ type: 'datetime_field', subtype: 'date' });
    expect(byslug.get('back_vocals')?.type).toBe('toggle');
    expect(byslug.get('phone')?.type).toBe('tel');
  });

  it('refuses an unknown target as a bad request', async () => {
    const response = await server.graphql('{ formSections(target: EVERYONE) { slug } }');
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ category: 'bad-request' });
  });
});

describe('seeding', () => {
  it('runs again without writing the cities twice', async () => {
    const report = await seedLookups(server.database.db);
    expect(report).toEqual({ citiesMs: null, cities: 0 });
    const again = await cities('zurich', 1);
    expect(again[0]?.name).toBe('Zürich');
  });
});
