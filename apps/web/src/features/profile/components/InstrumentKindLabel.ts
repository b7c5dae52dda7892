import type { TFunction } from 'i18next';

/** A kind slug (`nylon`, `semi-acoustic`) as words, for kinds the translations do not name. */
function humanise(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The name of an instrument kind; the API gives kinds as slugs only. */
export function instrumentKindLabel(t: TFunction<'pages'>, slug: string): string {
  return t(`profile.instrumentKind.${slug}`, { defaultValue: humanise(slug) });
}
