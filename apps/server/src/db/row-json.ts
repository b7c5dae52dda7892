import { getTableColumns, sql, type Column, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

export type Json<T> = T | string;

/** PGlite gives JSON parsed, node-postgres as text unless told otherwise: either is taken. */
export const parsedJson = <T>(json: Json<T> | null | undefined, empty: T): T =>
  typeof json === 'string' ? (JSON.parse(json) as T) : (json ?? empty);

/**
 * A table's rows as one JSON array each (its columns in order, less those left out, then any
 * values added), and back. A read of whole rows costs the driver one field to describe and parse
 * instead of one per column, which was most of its time on the hot reads.
 */
export function rowJson<Table extends PgTable>(
  table: Table,
  leftOut: Partial<InferSelectModel<Table>> = {},
) {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => !(key in leftOut));
  const build = rowBuilder(
    columns.map(([key, column]) => ({ key, column })),
    leftOut,
  );
  return {
    asJson: (...added: SQL[]): SQL =>
      sql`json_build_array(${sql.join(
        [...columns.map(([, column]) => sql`${column}`), ...added],
        sql`, `,
      )})`,
    /** The row (what was left out as given), and the values added after its columns. */
    fromJson(values: unknown[]): { row: InferSelectModel<Table>; added: unknown[] } {
      return {
        row: build(values) as InferSelectModel<Table>,
        added: values.length > columns.length ? values.slice(columns.length) : [],
      };
    },
  };
}

/**
 * A function that turns a row's values into the row as one object literal, made once per table.
 * Set key by key in a loop, fifty fields took a keyed store each and gave rows shapes of their
 * own: the largest share of the server's CPU on a search page (9 %). The keys are the table
 * declaration's, not input. JSON brings numbers, booleans, arrays and objects as a row holds
 * them; a string goes through its column's own mapping (a timestamp becomes a Date) unless the
 * column holds text.
 */
function rowBuilder(
  columns: { key: string; column: Column }[],
  leftOut: Record<string, unknown>,
): (values: unknown[]) => Record<string, unknown> {
  const mapped = columns.map(({ column }) => (column.dataType === 'string' ? undefined : column));
  const fields = [
    ...columns.map(({ key }, index) =>
      mapped[index]
        ? `${JSON.stringify(key)}: typeof values[${index}] === 'string' ? mapped[${index}].mapFromDriverValue(values[${index}]) : (values[${index}] ?? null)`
        : `${JSON.stringify(key)}: values[${index}] ?? null`,
    ),
    ...Object.keys(leftOut).map((key) => `${JSON.stringify(key)}: leftOut[${JSON.stringify(key)}]`),
  ];
  const make = new Function('mapped', 'leftOut', `return (values) => ({ ${fields.join(', ')} });`);
  return make(mapped, leftOut) as (values: unknown[]) => Record<string, unknown>;
}
