import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { normaliseSearchText } from './search-text';
const h = await openDatabase({ pgliteDir: '/tmp/lk/db' });
const db = h.db;
const esc = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m);
const limit = Number(process.env.LIMIT ?? 0.3);
await db.execute(sql.raw(`set pg_trgm.similarity_threshold = ${limit}`));
const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(1);
for (const raw of process.argv.slice(2)) {
  const q = normaliseSearchText(raw);
  const prefix = esc(q) + '%';
  const tp: number[] = [], tf: number[] = [];
  let f: any;
  for (let i = 0; i < 7; i++) {
    let t = performance.now();
    await db.execute(sql`select id, name, country_code, population from cities where search_name like ${prefix} order by population desc limit 20`);
    tp.push(performance.now() - t);
    t = performance.now();
    f = await db.execute(sql`select name, country_code, population, similarity(search_name, ${q}) as sim from cities where search_name % ${q} and search_name not like ${prefix} order by similarity(search_name, ${q}) + 0.05 * log(population + 1) desc limit 20`);
    tf.push(performance.now() - t);
  }
  console.log(`${raw.padEnd(12)} prefix ${med(tp)}ms fuzzy ${med(tf)}ms  top: ${f.rows.slice(0, 4).map((r: any) => `${r.name}/${r.country_code}/${r.population}/${Number(r.sim).toFixed(2)}`).join(', ')}`);
}
await h.close();
