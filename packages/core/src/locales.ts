export const SUPPORTED_LOCALES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'nl',
  'hr',
  'pt',
  'ar',
  'ru',
  'fi',
  'lt',
  'sv',
] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';
export const DEFAULT_NAMESPACE = 'common';
export const RTL_LOCALES: readonly Locale[] = ['ar'];

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'rtl' | 'ltr' {
  return RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}

/** Picks the best supported locale from an Accept-Language header or a cookie value. */
export function negotiateLocale(...candidates: Array<string | null | undefined>): Locale {
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (const part of candidate.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
      const base = tag.split('-')[0];
      if (isSupportedLocale(base)) return base;
    }
  }
  return DEFAULT_LOCALE;
}
