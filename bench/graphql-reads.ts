// GraphQL reads for the benchmarks, each answer checked: a query, its variables (drawn afresh for
// each request where they vary) and where its rows are, which must not be empty.
import { load, type LoadResult } from './lib';

export interface ReadQuery {
  query: string;
  /** Variables drawn for each request (a different opportunity each time), if any. */
  variables?: () => Record<string, string>;
  /** Where the answer's rows are: an array that must not be empty, or an object that must be. */
  rows: string[];
}

const bodyOf = (read: ReadQuery) =>
  JSON.stringify({ query: read.query, ...(read.variables ? { variables: read.variables() } : {}) });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isGoodAnswer(read: ReadQuery, text: string): boolean {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isRecord(answer) || answer.errors !== undefined) return false;
  let value: unknown = answer.data;
  for (const key of read.rows) value = isRecord(value) ? value[key] : undefined;
  return Array.isArray(value) ? value.length > 0 : isRecord(value);
}

export function loadRead(serverUrl: string, read: ReadQuery, connections: number, seconds: number) {
  return load({
    url: `${serverUrl}/graphql`,
    body: bodyOf(read),
    // A query with variables draws them anew for each request (a random slug).
    ...(read.variables ? { drawBody: () => bodyOf(read) } : {}),
    connections,
    durationSeconds: seconds,
    bodyIsGood: (text) => isGoodAnswer(read, text),
  });
}

export const badAnswers = (result: LoadResult) => result.errors + result.non2xx + result.badBodies;

/** One request, checked; the milliseconds it took. */
export async function ask(serverUrl: string, read: ReadQuery): Promise<number> {
  const begun = performance.now();
  const response = await fetch(`${serverUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: bodyOf(read),
  });
  const text = await response.text();
  if (!response.ok || !isGoodAnswer(read, text)) {
    throw new Error(`bad answer to ${read.query}: ${response.status} ${text.slice(0, 500)}`);
  }
  return performance.now() - begun;
}
