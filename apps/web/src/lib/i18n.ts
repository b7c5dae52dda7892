import i18next, { type ResourceLanguage } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
  SUPPORTED_LOCALES,
  isSupportedLocale,
  negotiateLocale,
  textDirection,
  type Locale,
} from '@encore/core';
import { getLocaleCookie, setLocaleCookie } from './cookies';
import { renderContext } from './render-context';

/** Endonyms: each language is offered in its own name, so they are not translated. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  hr: 'Hrvatski',
  pt: 'Português',
  ar: 'العربية',
  ru: 'Русский',
  fi: 'Suomi',
  lt: 'Lietuvių',
  sv: 'Svenska',
};

/** `common` is loaded up front; `pages` (public page copy) when a page first asks for it. */
export const NAMESPACES = [DEFAULT_NAMESPACE, 'pages'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LOCALES_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';
const LANGUAGE_QUERY_PARAM = 'lng';

/**
 * Language for this visit: a `?lng=` override (remembered in the `locale` cookie and removed
 * from the address), then the cookie, then the browser's preferences, then English.
 */
export function detectLocale(): Locale {
  const url = new URL(window.location.href);
  const override = url.searchParams.get(LANGUAGE_QUERY_PARAM);
  if (override !== null) {
    url.searchParams.delete(LANGUAGE_QUERY_PARAM);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    if (isSupportedLocale(override)) {
      setLocaleCookie(override);
      return override;
    }
  }
  return getLocaleCookie() ?? negotiateLocale(...(navigator.languages ?? [navigator.language]));
}

/** Keeps `<html lang dir>` in sync with the active language (screen readers, RTL layout). */
export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

export function currentLocale(): Locale {
  const serverRender = renderContext();
  if (serverRender) return serverRender.locale;
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isSupportedLocale(language) ? language : DEFAULT_LOCALE;
}

/** Loads what a right-to-left layout needs (set by the app; see app/theme.ts). */
let prepareDirection: (locale: Locale) => Promise<void> = async () => {};
export function setDirectionPreparer(prepare: (locale: Locale) => Promise<void>): void {
  prepareDirection = prepare;
}

/** An explicit choice by the user: remembered for 30 days. */
export async function changeLocale(locale: Locale): Promise<void> {
  setLocaleCookie(locale);
  await prepareDirection(locale);
  await i18next.changeLanguage(locale);
}

/** What the browser's and the server's i18next share. */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: SUPPORTED_LOCALES,
  load: 'languageOnly',
  defaultNS: DEFAULT_NAMESPACE,
  // React escapes output already.
  interpolation: { escapeValue: false },
} as const;

/**
 * Starts i18next in the browser. A page the server rendered brings the bundles it used
 * (`translations`, by namespace), so they need not be fetched again before hydration.
 */
export function initI18n(
  locale: Locale = detectLocale(),
  translations?: Record<string, unknown>,
): Promise<unknown> {
  applyDocumentLocale(locale);
  i18next.on('languageChanged', (language) => {
    if (isSupportedLocale(language)) applyDocumentLocale(language);
  });
  return i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      ...I18N_OPTIONS,
      lng: locale,
      ns: [DEFAULT_NAMESPACE],
      ...(translations
        ? {
            resources: { [locale]: translations as ResourceLanguage },
            partialBundledLanguages: true,
          }
        : {}),
      backend: { loadPath: LOCALES_LOAD_PATH },
      react: { useSuspense: true },
    });
}

export { i18next };
