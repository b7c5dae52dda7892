import { getTableColumns, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
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
  // JSON brings numbers, booleans, arrays and objects as a row holds them; a string goes through
  // its column's own mapping (a timestamp becomes a Date) unless the column holds text.
  const fromJson = columns.map(([key, column]) => ({
    key,
    map: column.dataType === 'string' ? undefined : column,
  }));
  return {
    asJson: (...added: SQL[]): SQL =>
      sql`json_build_array(${sql.join(
        [...columns.map(([, column]) => sql`${column}`), ...added],
        sql`, `,
      )})`,
    /** The row (what was left out as given), and the values added after its columns. */
    fromJson(values: unknown[]): { row: InferSelectModel<Table>; added: unknown[] } {
      const row: Record<string, unknown> = { ...leftOut };
      for (let index = 0; index < fromJson.length; index += 1) {
        const { key, map } = fromJson[index]!;
        const stored = values[index] ?? null;
        row[key] = map && typeof stored === 'string' ? map.mapFromDriverValue(stored) : stored;
      }
      return { row: row as InferSelectModel<Table>, added: values.slice(fromJson.length) };
    },
  };
}
