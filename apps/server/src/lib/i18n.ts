import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@encore/core';
import i18next, { type Resource, type TFunction } from 'i18next';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { localesFolder } from './paths';

export type Translate = TFunction;

const NAMESPACES = ['server', 'emails', 'lookups', 'notifications'] as const;

function loadResources(): Resource {
  const resources: Resource = {};
  for (const locale of SUPPORTED_LOCALES) {
    const folder = path.join(localesFolder, locale);
    if (!existsSync(folder)) continue;
    resources[locale] = {};
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      resources[locale][file.replace(/\.json$/, '')] = JSON.parse(
        readFileSync(path.join(folder, file), 'utf8'),
      );
    }
  }
  return resources;
}

const instance = i18next.createInstance();
void instance.init({
  resources: loadResources(),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  ns: [...NAMESPACES],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** A translator bound to one locale: server messages (validation, errors, emails) speak the caller's language. */
export function translatorFor(locale: Locale): Translate {
  return instance.getFixedT(locale);
}
