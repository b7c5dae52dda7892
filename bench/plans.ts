// The statements a server sends, taken from its own pool as it sends them, and their plans:
// EXPLAIN (ANALYZE, BUFFERS) of exactly that text with exactly those values, planned as the
// server's connections plan it (`plan_cache_mode=force_generic_plan`, db/client.ts).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle, Executor } from '../apps/server/src/db/client';

export interface SentStatement {
  text: string;
  values: unknown[];
}

/** A statement as it went: when it was sent and when its answer was in (performance.now()). */
export interface TimedStatement extends SentStatement {
  sentAt: number;
  answeredAt?: number;
}

/** Notes every statement the handle's pool runs outside a transaction until `stop()`. */
export function captureStatements(database: DatabaseHandle) {
  const { $client: pool } = database.db as unknown as { $client: pg.Pool };
  const sent: TimedStatement[] = [];
  const query = pool.query;
  const noting = function (this: pg.Pool, ...args: unknown[]) {
    const [first, second] = args;
    // node-postgres takes (text, values) or ({ text, values }); drizzle sends ({ text }, values).
    const given = Array.isArray(second) ? (second as unknown[]) : undefined;
    let statement: TimedStatement | undefined;
    if (typeof first === 'string') {
      statement = { text: first, values: given ?? [], sentAt: performance.now() };
    } else if (typeof first === 'object' && first !== null && 'text' in first) {
      const { text, values } = first as { text: string; values?: unknown[] };
      statement = { text, values: given ?? values ?? [], sentAt: performance.now() };
    }
    const answer = (query as (...given: unknown[]) => unknown).apply(this, args);
    if (statement) {
      sent.push(statement);
      const noted = statement;
      if (answer instanceof Promise) {
        void answer.then(
          () => void (noted.answeredAt = performance.now()),
          () => undefined,
        );
      }
    }
    return answer;
  };
  pool.query = noting as unknown as typeof pool.query;
  return {
    sent,
    stop: () => {
      pool.query = query;
    },
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  'Heap Fetches'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Shared Dirtied Blocks'?: number;
  Plans?: PlanNode[];
}

export interface ExplainedStatement {
  planningMs: number;
  executionMs: number;
  /** Node types from the top, with the relation and index each reads. */
  nodes: string[];
  /** One line a node, indented: what it read, how many rows, the buffers. */
  lines: string[];
}

function describe(node: PlanNode, depth: number, into: ExplainedStatement) {
  const where = [
    node['Index Name'] ? `using ${node['Index Name']}` : '',
    node['Relation Name'] ? `on ${node['Relation Name']}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const name = where ? `${node['Node Type']} ${where}` : node['Node Type'];
  into.nodes.push(name);
  const heap = node['Heap Fetches'] === undefined ? '' : `, heap fetches ${node['Heap Fetches']}`;
  into.lines.push(
    `${'  '.repeat(depth)}${name}: ${node['Actual Rows'] ?? '?'} rows × ${node['Actual Loops'] ?? '?'}, ${(node['Actual Total Time'] ?? 0).toFixed(2)} ms; buffers hit ${node['Shared Hit Blocks'] ?? 0}, read ${node['Shared Read Blocks'] ?? 0}, dirtied ${node['Shared Dirtied Blocks'] ?? 0}${heap}`,
  );
  for (const child of node.Plans ?? []) describe(child, depth + 1, into);
}

/** A connection of the server's kind, to explain on. */
export async function connectExplainer(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  await client.connect();
  return client;
}

/** Where a statement can be explained: a connection of its own, or an open transaction. */
export interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

/** A drizzle transaction (or database) as a Queryable: raw text, rows back. */
export const queryableOf = (executor: Executor): Queryable => ({
  query: async (text) => {
    const result = (await executor.execute(sql.raw(text))) as unknown as { rows: unknown[] };
    return { rows: result.rows };
  },
});

/**
 * Prepares the statement's text as the server's driver does (parameters typed by PostgreSQL),
 * runs it under EXPLAIN (ANALYZE, BUFFERS) with its values, and rolls back what it changed: its
 * own transaction, or, inside one already open (`savepoint: true`), to a savepoint.
 */
export async function explainStatement(
  client: Queryable,
  statement: SentStatement,
  { savepoint = false }: { savepoint?: boolean } = {},
): Promise<ExplainedStatement> {
  const literals = statement.values.map((value) =>
    value === null || value === undefined
      ? 'null'
      : pg.escapeLiteral(value instanceof Date ? value.toISOString() : String(value)),
  );
  const execute = `execute bench_statement${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;
  await client.query(savepoint ? 'savepoint bench_explain' : 'begin');
  try {
    await client.query(`prepare bench_statement as ${statement.text}`);
    const { rows } = (await client.query(`explain (analyze, buffers, format json) ${execute}`)) as {
      rows: Array<{
        'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }];
      }>;
    };
    const [explained] = rows[0]!['QUERY PLAN'];
    const result: ExplainedStatement = {
      planningMs: explained['Planning Time'],
      executionMs: explained['Execution Time'],
      nodes: [],
      lines: [],
    };
    describe(explained.Plan, 0, result);
    return result;
  } finally {
    await client.query(savepoint ? 'rollback to savepoint bench_explain' : 'rollback');
    // Prepared statements outlive the transaction.
    await client.query('deallocate all');
  }
}
