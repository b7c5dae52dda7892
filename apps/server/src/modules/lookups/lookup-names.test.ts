import { SUPPORTED_LOCALES } from '@encore/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { localesFolder } from '../../lib/paths';
import type { LookupKind } from './lookup-names';
import { genreRows, instrumentRows } from './lookups.data';
import { userTypeRows } from './user-types.data';

type LookupNames = Record<LookupKind, Record<string, string>>;

function namesOf(locale: string): LookupNames {
  return JSON.parse(
    readFileSync(path.join(localesFolder, locale, 'lookups.json'), 'utf8'),
  ) as LookupNames;
}

const { categories, types } = userTypeRows();
const LOOKUPS: Array<[LookupKind, Array<{ id: string; name: string }>]> = [
  ['genre', genreRows()],
  ['instrument', instrumentRows()],
  ['userTypeCategory', categories],
  ['userType', types],
];

/** Names kept in Latin letters in Russian by usage. */
const LATIN_IN_CYRILLIC = new Set(['R&B/Соул', 'Современный R&B']);

describe('lookup translations', () => {
  it.each(SUPPORTED_LOCALES)('names every genre, instrument and user type in %s', (locale) => {
    const names = namesOf(locale);
    for (const [kind, rows] of LOOKUPS) {
      const missing = rows.filter((row) => !names[kind]?.[row.id]?.trim()).map((row) => row.id);
      expect(missing, `${locale} ${kind}`).toEqual([]);
      const unknown = Object.keys(names[kind] ?? {}).filter(
        (slug) => !rows.some((row) => row.id === slug),
      );
      expect(unknown, `${locale} ${kind} keys without a row`).toEqual([]);
    }
  });

  it('writes Arabic and Russian names in their own script', () => {
    for (const locale of ['ar', 'ru']) {
      const names = namesOf(locale);
      for (const [kind] of LOOKUPS) {
        const latin = Object.values(names[kind]).filter(
          (name) => /[A-Za-z]/.test(name) && !LATIN_IN_CYRILLIC.has(name),
        );
        expect(latin, `${locale} ${kind}`).toEqual([]);
      }
    }
  });

  it('keeps the English names of the data in en', () => {
    const names = namesOf('en');
    for (const [kind, rows] of LOOKUPS)
      for (const row of rows) expect(names[kind][row.id], `${kind} ${row.id}`).toBe(row.name);
  });
});

describe('lookups in the caller language over GraphQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const GENRES = '{ genres(parentsOnly: true) { slug name } }';
  const nameOf = (genres: Array<{ slug: string; name: string }>, slug: string) =>
    genres.find((genre) => genre.slug === slug)?.name;

  it('answers genres in Arabic after the same query in English, not from its cache', async () => {
    const english = await server.graphql<{ genres: Array<{ slug: string; name: string }> }>(GENRES);
    expect(nameOf(english.body.data!.genres, 'world')).toBe('World');
    // Asked twice so the English answer is surely in the response cache.
    await server.graphql(GENRES);

    const arabic = await server.graphql<{ genres: Array<{ slug: string; name: string }> }>(
      GENRES,
      undefined,
      { 'accept-language': 'ar' },
    );
    const genres = arabic.body.data!.genres;
    expect(nameOf(genres, 'world')).toBe('موسيقى العالم');
    expect(nameOf(genres, 'rock')).toBe('روك');
    expect(nameOf(genres, 'electronic')).toBe('إلكترونية');
    expect(nameOf(genres, 'classical')).toBe('كلاسيكية');

    const byCookie = await server.graphql<{ genres: Array<{ slug: string; name: string }> }>(
      GENRES,
      undefined,
      { cookie: 'locale=de' },
    );
    expect(nameOf(byCookie.body.data!.genres, 'classical')).toBe('Klassik');
  });

  it('names instruments and user types, and searches user types, in the caller language', async () => {
    const response = await server.graphql<{
      instruments: Array<{
        slug: string;
        name: string;
        children: Array<{ slug: string; name: string }>;
      }>;
      userTypeCategories: Array<{
        slug: string;
        name: string;
        user_types: Array<{ name: string }>;
      }>;
    }>(
      '{ instruments { slug name children { slug name } } userTypeCategories(search: "dirigent") { slug name user_types { name } } }',
      undefined,
      { 'accept-language': 'sv' },
    );
    expect(response.body.errors).toBeUndefined();
    const data = response.body.data!;
    const strings = data.instruments.find((family) => family.slug === 'strings');
    expect(strings?.name).toBe('Stråkar');
    expect(strings?.children.find((child) => child.slug === 'violin')?.name).toBe('Violin');
    expect(data.userTypeCategories).toEqual([
      { slug: 'creators', name: 'Upphovspersoner', user_types: [{ name: 'Dirigent' }] },
    ]);
  });
});
