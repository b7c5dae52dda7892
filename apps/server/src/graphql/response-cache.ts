import { useResponseCache } from '@graphql-yoga/plugin-response-cache';
import { Kind, parse, type DocumentNode, type SelectionSetNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { resolveLocaleFromHeaders } from '../lib/request-locale';

/** Reference lists: they never change while the server runs. */
export const CACHED_REFERENCE_QUERIES = [
  'countries',
  'allCountries',
  'paymentCountries',
  'genres',
  'instruments',
  'languages',
  'userTypeCategories',
  'profileFormData',
  'formSections',
] as const;
const CACHED = new Set<string>(CACHED_REFERENCE_QUERIES);

/** As the armour plugin counts them: a longer document is refused there anyway. */
const MAX_TOKENS = 4000;

// Keyed by the query's text: clients send a handful of documents, over and over.
const verdicts = new LRUCache<string, boolean>({
  max: 1000,
  maxSize: 4_000_000,
  sizeCalculation: (_verdict, query) => query.length || 1,
});

/**
 * Whether the query asks for a cached reference list at its root. Field names alone do not say
 * it: a search's facets are also called `genres` and `countries`, and walking a search's answer
 * for the cache cost more than the rest of the cache's work.
 */
export function asksForCachedField(query: string): boolean {
  let verdict = verdicts.get(query);
  if (verdict === undefined) {
    verdict = rootFieldsOf(query).some((name) => CACHED.has(name));
    verdicts.set(query, verdict);
  }
  return verdict;
}

function rootFieldsOf(query: string): string[] {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxTokens: MAX_TOKENS });
  } catch {
    // Yoga answers the syntax error; nothing here to cache.
    return [];
  }
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION
        ? [[definition.name.value, definition.selectionSet] as const]
        : [],
    ),
  );
  const names: string[] = [];
  const seen = new Set<string>();
  const collect = (selections: SelectionSetNode) => {
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) names.push(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) collect(fragment);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'query') {
      collect(definition.selectionSet);
    }
  }
  return names;
}

/** Only anonymous callers are answered from the cache, and only for a reference list. */
const cacheable = (request: Request, query: string | undefined) =>
  !request.headers.get('authorization') && query !== undefined && asksForCachedField(query);

/**
 * Reference lists answered from memory, per language. Only the coordinates listed are cached
 * (the default TTL is 0), and only for anonymous callers, so nothing that depends on who is
 * asking can be served to someone else.
 */
export const useReferenceResponseCache = () =>
  useResponseCache({
    session: (request) => resolveLocaleFromHeaders(request.headers),
    // A query that asks for no cached field skips the cache's walk over its answer. Without
    // parameters (a conditional GET, before they are read) the cache may still answer 304.
    enabled: (request, context: { params?: { query?: string } } | undefined) =>
      context?.params === undefined
        ? !request.headers.get('authorization')
        : cacheable(request, context.params.query),
    // The key is asked for on every request, and is used only where the cache is: elsewhere it
    // is not worth a hash of the document. The default hashes through WebCrypto, a trip to the
    // thread pool that cost more than the rest of a signed-in `me`; hashing on the spot takes
    // microseconds.
    buildResponseCacheKey: ({
      sessionId,
      operationName,
      documentString,
      variableValues,
      request,
    }) =>
      cacheable(request, documentString)
        ? createHash('sha256')
            .update(JSON.stringify([sessionId, operationName, documentString, variableValues]))
            .digest('base64url')
        : '',
    ttl: 0,
    ttlPerSchemaCoordinate: Object.fromEntries(
      CACHED_REFERENCE_QUERIES.map((field) => [`Query.${field}`, 3_600_000]),
    ),
    includeExtensionMetadata: false,
  });
