import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { cityRows, countryRows, genreRows, instrumentRows } from './lookups.data';
import {
  cities,
  countries,
  genres,
  instruments,
  userTypeCategories,
  userTypes,
  type CityRow,
} from './lookups.table';
import { userTypeRows } from './user-types.data';

// Several server processes may start at once against one PostgreSQL: one seeds, the others wait.
const SEED_LOCK_KEY = 727_274_002;
const CITY_BATCH_SIZE = 5_000;

export interface LookupsSeedReport {
  /** Milliseconds spent on cities, or null when they were already there. */
  citiesMs: number | null;
  cities: number;
}

/**
 * Reference data, every start, idempotently. The small tables are upserted from the packages and
 * the module's data files, so a changed name or a new genre reaches existing databases; the
 * ~135,000 cities are written once, when the table is empty.
 */
export async function seedLookups(db: Database): Promise<LookupsSeedReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await upsertSmallTables(tx);
    const [anyCity] = await tx.select({ id: cities.id }).from(cities).limit(1);
    if (anyCity) return { citiesMs: null, cities: 0 };
    const started = performance.now();
    // Stored in search order: the rows a prefix or a trigram search reads sit on a few pages
    // instead of being scattered over the whole table.
    const rows = (await cityRows()).sort((a, b) =>
      a.searchName < b.searchName ? -1 : a.searchName > b.searchName ? 1 : 0,
    );
    await insertCities(tx, rows);
    return { citiesMs: Math.round(performance.now() - started), cities: rows.length };
  });
}

async function upsertSmallTables(tx: Executor): Promise<void> {
  await tx
    .insert(countries)
    .values(countryRows())
    .onConflictDoUpdate({
      target: countries.code,
      set: {
        name: sql`excluded.name`,
        names: sql`excluded.names`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        independent: sql`excluded.independent`,
        currency: sql`excluded.currency`,
      },
    });
  await tx
    .insert(genres)
    .values(genreRows())
    .onConflictDoUpdate({
      target: genres.id,
      set: {
        name: sql`excluded.name`,
        parentId: sql`excluded.parent_id`,
        position: sql`excluded.position`,
      },
    });
  await tx
    .insert(instruments)
    .values(instrumentRows())
    .onConflictDoUpdate({
      target: instruments.id,
      set: {
        name: sql`excluded.name`,
        family: sql`excluded.family`,
        parentId: sql`excluded.parent_id`,
        types: sql`excluded.types`,
        styles: sql`excluded.styles`,
        position: sql`excluded.position`,
      },
    });
  const { categories, types } = userTypeRows();
  await tx
    .insert(userTypeCategories)
    .values(categories)
    .onConflictDoUpdate({
      target: userTypeCategories.id,
      set: { name: sql`excluded.name`, position: sql`excluded.position` },
    });
  await tx
    .insert(userTypes)
    .values(types)
    .onConflictDoUpdate({
      target: userTypes.id,
      set: {
        name: sql`excluded.name`,
        categoryId: sql`excluded.category_id`,
        position: sql`excluded.position`,
      },
    });
}

/**
 * Filling an empty table, building its secondary indexes once afterwards is about three times
 * faster than maintaining them row by row (the trigram GIN index above all) and writes a third
 * of the WAL. The definitions are read back from the catalogue, so the migration stays their
 * only source. Each batch is one INSERT ... SELECT FROM unnest(): one array parameter per column.
 */
async function insertCities(tx: Executor, rows: CityRow[]): Promise<void> {
  // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
  const { rows: indexes } = (await tx.execute(sql`
    select class.relname as name, pg_get_indexdef(index.indexrelid) as definition
    from pg_index index join pg_class class on class.oid = index.indexrelid
    where index.indrelid = 'cities'::regclass and not index.indisprimary and not index.indisunique
  `)) as unknown as { rows: Array<{ name: string; definition: string }> };
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  for (let start = 0; start < rows.length; start += CITY_BATCH_SIZE) {
    const batch = rows.slice(start, start + CITY_BATCH_SIZE);
    const column = <Key extends keyof CityRow>(key: Key) => sql.param(batch.map((row) => row[key]));
    await tx.execute(sql`
      insert into cities (id, name, search_name, country_code, admin_code, population, latitude, longitude)
      select * from unnest(
        ${column('id')}::text[], ${column('name')}::text[], ${column('searchName')}::text[],
        ${column('countryCode')}::text[], ${column('adminCode')}::text[], ${column('population')}::int[],
        ${column('latitude')}::float8[], ${column('longitude')}::float8[]
      )
    `);
  }
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  await tx.execute(sql`analyze cities`);
}
