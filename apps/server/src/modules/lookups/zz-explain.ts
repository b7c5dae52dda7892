import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { normaliseSearchText } from './search-text';
const h = await openDatabase({ pgliteDir: '/tmp/lk/db' });
const db = h.db;
const esc = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m);
for (const raw of process.argv.slice(2)) {
  const q = normaliseSearchText(raw);
  const prefix = esc(q) + '%';
  let t = performance.now();
  const p = await db.execute(sql`select name, country_code, population from cities where search_name like ${prefix} order by population desc limit 10`);
  const tp = performance.now() - t;
  t = performance.now();
  const f = await db.execute(sql`select name, country_code, population, round(similarity(search_name, ${q})::numeric, 2) as sim from cities where search_name % ${q} and search_name not like ${prefix} order by similarity(search_name, ${q}) desc, population desc limit 10`);
  const tf = performance.now() - t;
  console.log(`== ${raw} prefix ${tp.toFixed(1)}ms fuzzy ${tf.toFixed(1)}ms`);
  console.log(' P:', p.rows.map((r: any) => `${r.name}/${r.country_code}/${r.population}`).join(', '));
  console.log(' F:', f.rows.map((r: any) => `${r.name}/${r.country_code}/${r.population}/${r.sim}`).join(', '));
}
if (process.env.EXPLAIN) {
  const q = normaliseSearchText(process.env.EXPLAIN);
  for (const stmt of [
    sql`explain analyze select id from cities where search_name like ${esc(q) + '%'} order by population desc limit 20`,
    sql`explain analyze select id from cities where search_name % ${q} and search_name not like ${esc(q) + '%'} order by similarity(search_name, ${q}) desc, population desc limit 20`,
  ]) console.log((await db.execute(stmt)).rows.map((r: any) => r['QUERY PLAN']).join('\n'));
}
await h.close();
