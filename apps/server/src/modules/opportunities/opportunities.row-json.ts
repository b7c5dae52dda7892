import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { opportunities, type OpportunityRow } from './opportunities.table';

/**
 * An opportunity as one JSON array (all columns but the folded search text, which only the search
 * reads, then any values added): a read of whole rows costs the driver one field instead of fifty
 * to describe and parse, which was most of its time on the hot reads.
 */
const ROW_COLUMNS = Object.entries(getTableColumns(opportunities)).filter(
  ([key]) => key !== 'searchText',
);

export const rowAsJson = (...added: SQL[]): SQL =>
  sql`json_build_array(${sql.join(
    [...ROW_COLUMNS.map(([, column]) => sql`${column}`), ...added],
    sql`, `,
  )})`;

export type Json<T> = T | string;

/** PGlite gives JSON parsed, node-postgres as text unless told otherwise: either is taken. */
export const parsedJson = <T>(json: Json<T> | null | undefined, empty: T): T =>
  typeof json === 'string' ? (JSON.parse(json) as T) : (json ?? empty);

// JSON brings numbers, booleans, arrays and objects as a row holds them; a string goes through
// its column's own mapping (a timestamp becomes a Date) unless the column holds text.
const columnsFromJson = ROW_COLUMNS.map(([key, column]) => ({
  key,
  map: column.dataType === 'string' ? undefined : column,
}));

/** The row from `rowAsJson`'s array, and the values added after its columns. */
export function rowFromJson(values: unknown[]): { row: OpportunityRow; added: unknown[] } {
  const row: Record<string, unknown> = { searchText: '' };
  for (let index = 0; index < columnsFromJson.length; index += 1) {
    const { key, map } = columnsFromJson[index]!;
    const stored = values[index] ?? null;
    row[key] = map && typeof stored === 'string' ? map.mapFromDriverValue(stored) : stored;
  }
  return { row: row as OpportunityRow, added: values.slice(columnsFromJson.length) };
}
