import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($name)`: a list of ids as one array parameter, so that a statement reading any
 * number of them is prepared once. A prepared statement is built by drizzle once and planned by
 * PostgreSQL once per connection; the reads every request makes (who the viewer is on an
 * opportunity, the rows of a list) are prepared for that.
 */
export const isAnyOf = (column: AnyPgColumn, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)}::uuid[])`;

interface Preparable<Statement> {
  prepare(name: string): Statement;
}

/**
 * Statements that differ by shape (which filters, which order) but not by values: each shape is
 * prepared the first time it is asked, under `name_1`, `name_2`… The key is the shape, never a
 * value. Beyond `max` shapes, odd combinations run unprepared rather than pile up.
 */
export function preparedByShape<Shape, Statement>(
  name: string,
  build: (shape: Shape) => Preparable<Statement>,
  max = 200,
): (shape: Shape) => Statement {
  const statements = new Map<string, Statement>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let statement = statements.get(key);
    if (!statement) {
      // An empty name is an unnamed statement: built and planned each time, nothing kept.
      if (statements.size >= max) return build(shape).prepare('');
      statement = build(shape).prepare(`${name}_${statements.size + 1}`);
      statements.set(key, statement);
    }
    return statement;
  };
}
