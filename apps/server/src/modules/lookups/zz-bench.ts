import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { cities, countries } from '../../modules/lookups/lookups.table';
import { cityRows, countryRows } from '../../modules/lookups/lookups.data';

const mode = process.argv[2] ?? 'values';
const batch = Number(process.argv[3] ?? 2000);
const h = await openDatabase({});
await runMigrations(h);
const db = h.db;
await db.insert(countries).values(countryRows());
let t = performance.now();
const rows = await cityRows();
console.log('load+normalise', Math.round(performance.now() - t), rows.length);
const lsn0 = (await db.execute(sql`select pg_current_wal_lsn() as l`)).rows[0];
t = performance.now();
await db.transaction(async (tx) => {
  const defs = process.env.REINDEX ? (await tx.execute<{ indexname: string; indexdef: string }>(sql`select indexname, indexdef from pg_indexes where tablename = 'cities' and indexname <> 'cities_pkey'`)).rows : [];
  for (const d of defs) await tx.execute(sql.raw(`drop index ${d.indexname}`));
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    if (mode === 'values') await tx.insert(cities).values(chunk);
    else {
      const col = <K extends keyof (typeof rows)[number]>(k: K) => chunk.map((r) => r[k]);
      await tx.execute(sql`insert into cities (id, name, search_name, country_code, admin_code, population, latitude, longitude)
        select * from unnest(${sql.param(col('id'))}::text[], ${sql.param(col('name'))}::text[], ${sql.param(col('searchName'))}::text[], ${sql.param(col('countryCode'))}::text[], ${sql.param(col('adminCode'))}::text[], ${sql.param(col('population'))}::int[], ${sql.param(col('latitude'))}::float8[], ${sql.param(col('longitude'))}::float8[])`);
    }
  }
  const t2 = performance.now();
  for (const d of defs) await tx.execute(sql.raw(d.indexdef));
  console.log('reindex', Math.round(performance.now() - t2));
});
console.log('wal bytes', (await db.execute(sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${sql.raw(`'${(lsn0 as any).l}'`)}) as d`)).rows[0]);
console.log(mode, batch, 'insert', Math.round(performance.now() - t));
t = performance.now();
await db.execute(sql`analyze cities`);
console.log('analyze', Math.round(performance.now() - t));
const dump = await h.dump!();
console.log('dump MB', (dump.size / 1e6).toFixed(1));
await (await import('node:fs/promises')).writeFile('/tmp/lk/dump.tar', Buffer.from(await dump.arrayBuffer()));
console.log((await db.execute(sql`select name, setting from pg_settings where name in ('wal_level','min_wal_size','max_wal_size','wal_segment_size','checkpoint_timeout','fsync','synchronous_commit')`)).rows);
console.log((await db.execute(sql`select relname, pg_size_pretty(pg_relation_size(oid)) from pg_class where relname like 'cities%'`)).rows);
await h.close();
t = performance.now();
const h2 = await openDatabase({ loadDataDir: dump });
await h2.ping();
console.log('clone', Math.round(performance.now() - t));
await h2.close();
