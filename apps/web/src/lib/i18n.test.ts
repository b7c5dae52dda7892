// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '@encore/core';
import { NAMESPACES } from './i18n';

const LOCALES_DIR = fileURLToPath(new URL('../../public/locales', import.meta.url));

type Json = string | { [key: string]: Json };

function load(locale: string, namespace: string): Record<string, Json> {
  return JSON.parse(readFileSync(`${LOCALES_DIR}/${locale}/${namespace}.json`, 'utf8')) as Record<
    string,
    Json
  >;
}

/** { a: { b: 'x' } } -> { 'a.b': 'x' }; a non-string leaf is reported as such. */
function flatten(tree: Record<string, Json>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/** Interpolations ({{name}}) and Trans tags (<termsLink>) must survive translation. */
function placeholders(text: string): string[] {
  const found = [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}|<\/?(\w+)\s*\/?>/g)].map(
    (match) => match[1] ?? `<${match[2]}>`,
  );
  return [...new Set(found)].sort();
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const isPluralKey = (key: string) => PLURAL_SUFFIX.test(key);

/**
 * The keys a locale must have, each with the English text it translates: those of en, except
 * that a plural (`count_one`, `count_other` in English) takes the forms of the locale's own
 * plural rules (Russian `_one _few _many _other`, Arabic six), as i18next looks them up.
 */
function expectedKeys(reference: Map<string, unknown>, locale: string): Map<string, string> {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, value] of reference) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match) {
      expected.set(key, String(value));
      continue;
    }
    const base = key.slice(0, match.index);
    const other = reference.get(`${base}_other`);
    for (const category of categories) expected.set(`${base}_${category}`, String(other ?? value));
  }
  return expected;
}

describe('translations', () => {
  it('has a folder for exactly the supported locales', () => {
    const folders = readdirSync(LOCALES_DIR).sort();
    expect(folders).toEqual([...SUPPORTED_LOCALES].sort());
  });

  for (const namespace of NAMESPACES) {
    const reference = flatten(load(DEFAULT_LOCALE, namespace));

    it(`${DEFAULT_LOCALE}/${namespace}.json has only non-empty strings`, () => {
      for (const [key, value] of reference) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
      }
    });

    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
      describe(`${locale}/${namespace}.json`, () => {
        const translated = flatten(load(locale, namespace));
        const expected = expectedKeys(reference, locale);

        it('has every key of en (plural forms in its own language) and no other', () => {
          const missing = [...expected.keys()].filter((key) => !translated.has(key));
          const extra = [...translated.keys()].filter((key) => !expected.has(key));
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it('has no empty or non-string value', () => {
          const empty = [...translated].filter(
            ([, value]) => typeof value !== 'string' || value.trim() === '',
          );
          expect(empty.map(([key]) => key)).toEqual([]);
        });

        it('keeps the placeholders of en', () => {
          const differing = [...expected]
            .filter(([key]) => translated.has(key))
            .filter(([key, english]) => {
              const wanted = placeholders(english);
              const found = placeholders(String(translated.get(key)));
              // A plural form may spell its number out ("one ticket"), so {{count}} may go.
              const optional = isPluralKey(key) ? ['count'] : [];
              return (
                JSON.stringify(found.filter((name) => !optional.includes(name))) !==
                JSON.stringify(wanted.filter((name) => !optional.includes(name)))
              );
            })
            .map(([key]) => key);
          expect(differing).toEqual([]);
        });
      });
    }
  }
});
