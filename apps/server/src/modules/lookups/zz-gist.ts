import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { normaliseSearchText } from './search-text';
const h = await openDatabase({ pgliteDir: '/tmp/lk/db' });
const db = h.db;
let t = performance.now();
await db.execute(sql`create index if not exists zz_gist on cities using gist (search_name gist_trgm_ops)`);
console.log('gist build', Math.round(performance.now() - t));
console.log((await db.execute(sql`select pg_size_pretty(pg_relation_size('zz_gist')) s`)).rows);
const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(1);
for (const raw of process.argv.slice(2)) {
  const q = normaliseSearchText(raw);
  const tf: number[] = [];
  let f: any;
  for (let i = 0; i < 7; i++) {
    t = performance.now();
    f = await db.execute(sql`select * from (select name, country_code, population, similarity(search_name, ${q}) sim from cities order by search_name <-> ${q} limit 60) near where sim >= 0.3 order by sim + 0.05 * log(population + 1) desc limit 20`);
    tf.push(performance.now() - t);
  }
  console.log(`${raw.padEnd(12)} knn ${med(tf)}ms top: ${f.rows.slice(0, 4).map((r: any) => `${r.name}/${r.country_code}/${r.population}/${Number(r.sim).toFixed(2)}`).join(', ')}`);
}
console.log((await db.execute(sql`explain analyze select name from cities order by search_name <-> 'parsi' limit 60`)).rows.map((r: any) => r['QUERY PLAN']).join('\n'));
await db.execute(sql`drop index zz_gist`);
await h.close();
