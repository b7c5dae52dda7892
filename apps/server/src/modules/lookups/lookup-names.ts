import type { Translate } from '../../lib/i18n';

/** The kinds of named lookups with names in locales/<lng>/lookups.json, keyed by slug. */
export type LookupKind = 'genre' | 'instrument' | 'userType' | 'userTypeCategory';

/**
 * A genre, instrument or user type named in the caller's language. Names are translated where they
 * are shown (every field that answers one of these nodes, whichever feature returns it), so the
 * shared nodes stay in English; the English name is the fallback for a slug added without keys.
 */
export function lookupName(
  t: Translate,
  kind: LookupKind,
  node: { id: string; name: string },
): string {
  return t(`${kind}.${node.id}`, { ns: 'lookups', defaultValue: node.name });
}
