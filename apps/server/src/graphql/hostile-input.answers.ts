import { sql, type SQL } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';

/** How hostile-input.test.ts reads an answer, and the state of the tables around it. */

export interface Answer {
  operation: string;
  case: string;
  status: number;
  /** The body as sent, so that nothing in it escapes the checks. */
  text: string;
}

interface Body {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

function bodyOf(answer: Answer): Body | undefined {
  try {
    return JSON.parse(answer.text) as Body;
  } catch {
    return undefined;
  }
}

const STACK_TRACE = /\bat .+\(.+:\d+:\d+\)|node_modules/;

/** What is wrong with an answer: a server error, an internal error, a stack trace. */
export function faultsOf(answer: Answer): string[] {
  const faults: string[] = [];
  if (answer.status >= 500) faults.push(`status ${answer.status}`);
  if (STACK_TRACE.test(answer.text)) faults.push('a stack trace in the body');
  const body = bodyOf(answer);
  if (!body) faults.push(`a body that is not JSON: ${answer.text.slice(0, 200)}`);
  for (const error of body?.errors ?? []) {
    if (error.extensions?.code === 'INTERNAL' || error.extensions?.category === 'internal') {
      const said = error.extensions.debugMessage ?? error.message;
      faults.push(`internal: ${String(said).slice(0, 300)}`);
    }
  }
  return faults.map((fault) => `${answer.operation} ${answer.case}: ${fault}`);
}

/** Errors and no value for the operation: the request was refused. */
export function wasRefused(answer: Answer): boolean {
  const body = bodyOf(answer);
  if (!body) return true;
  return Boolean(body.errors?.length) && (body.data?.[answer.operation] ?? null) === null;
}

/** An answer without `data` is a request error: refused before execution, no resolver ran. */
export function wasExecuted(answer: Answer): boolean {
  const body = bodyOf(answer);
  return !body || 'data' in body;
}

/** The category of a refusal's first error (its HTTP status when it has none). */
export function refusalCategory(answer: Answer): string {
  const category = bodyOf(answer)?.errors?.[0]?.extensions?.category;
  return typeof category === 'string' ? category : `status ${answer.status}`;
}

/** Rows of raw SQL; PGlite and node-postgres both answer `{ rows }`. */
export async function rowsOf<Row = Record<string, string>>(
  server: TestServer,
  query: SQL,
): Promise<Row[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export type TableStates = Record<string, string>;

/**
 * Reads every public table's row count and the sum of its rows' xmin, in one statement. Any
 * insert, update or delete leaves rows with a new transaction id (xmin), or changes the count: a
 * write shows in every table, also in those without an updated_at column.
 */
export async function tableStateReader(server: TestServer): Promise<() => Promise<TableStates>> {
  const tables = await rowsOf<{ table_name: string }>(
    server,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const query = sql.raw(
    `select ${tables
      .map(
        ({ table_name: table }) =>
          `(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from "${table}") as "${table}"`,
      )
      .join(', ')}`,
  );
  return async () => (await rowsOf<TableStates>(server, query))[0]!;
}

export function changedTables(before: TableStates, after: TableStates): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
