/**
 * A page whose rows each carry how many match in all (a window count or a scalar subquery), so
 * the page and its total cost one statement: the total taken off the rows. A page past the end
 * has no row to carry it, and only then is it counted apart.
 */
export async function pageWithItsTotal<Row extends { total: number }>(
  found: Row[],
  countAlone: () => Promise<Array<{ total: number }>>,
): Promise<{ rows: Array<Omit<Row, 'total'>>; total: number }> {
  const rows = found.map(({ total: _total, ...row }) => row);
  const total = found[0]?.total ?? (await countAlone())[0]?.total ?? 0;
  return { rows, total };
}
