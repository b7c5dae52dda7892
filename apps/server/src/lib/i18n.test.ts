import { SUPPORTED_LOCALES } from '@encore/core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translatorFor } from './i18n';
import { localesFolder } from './paths';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(full, value);
    else for (const [nested, text] of flatten(value, full)) entries.set(nested, text);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const namespaces = readdirSync(path.join(localesFolder, 'en')).filter((file) =>
  file.endsWith('.json'),
);

describe('server translations', () => {
  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))(
    '%s has every key of English, no other, none empty, with the same placeholders',
    (locale) => {
      for (const namespace of namespaces) {
        const english = flatten(
          JSON.parse(readFileSync(path.join(localesFolder, 'en', namespace), 'utf8')),
        );
        const translated = flatten(
          JSON.parse(readFileSync(path.join(localesFolder, locale, namespace), 'utf8')),
        );
        expect([...translated.keys()].sort(), `${locale}/${namespace}`).toEqual(
          [...english.keys()].sort(),
        );
        for (const [key, text] of translated) {
          expect(text.trim(), `${locale}/${namespace}: ${key}`).not.toBe('');
          expect(placeholders(text), `${locale}/${namespace}: ${key}`).toEqual(
            placeholders(english.get(key) ?? ''),
          );
        }
      }
    },
  );

  it('translates a validation sentence with its attribute', () => {
    expect(translatorFor('en')('validation.required', { attribute: 'email' })).toBe(
      'The email field is required.',
    );
  });
});
