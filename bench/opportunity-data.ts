// Fills a database with opportunities for the search benchmark: organisations and opportunities
// spread over the world's 20,000 largest cities, with genres, types, dates and prices drawn the
// way a marketplace would see them. All in SQL, so 100,000 rows take seconds, not minutes. The
// rows are left as a running server keeps them: each stores the lifecycle status its dates give
// (or the server's lifecycle job would spend the benchmark catching up on thousands of them), and
// the tables written are vacuumed (the price trigger updates 40% of the rows) rather than left to
// autovacuum, which would otherwise run during the measurements.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';

const TITLE_OPENERS = [
  'Summer',
  'Winter',
  'Spring',
  'Autumn',
  'Late-night',
  'Riverside',
  'Open-air',
  'Underground',
  'International',
  'Young artists',
  'Harbour',
  'City',
];
const TITLE_KINDS: Record<string, string> = {
  gig: 'Night',
  festival: 'Festival',
  competition: 'Competition',
  open_call: 'Open Call',
  residency: 'Residency',
  workshop: 'Workshop',
  masterclass: 'Masterclass',
  audition: 'Auditions',
  showcase: 'Showcase',
  recording: 'Recording Sessions',
};
const ORGANISATION_WORDS = ['Stage', 'Collective', 'Hall', 'Records', 'Society', 'Club', 'House'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'SEK', 'CHF'];
const text = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`);

export async function generateOpportunities(db: Database, count: number): Promise<void> {
  const organisations = Math.max(1, Math.round(count / 100));
  const kinds = Object.keys(TITLE_KINDS);
  await db.execute(sql`drop table if exists bench_cities`);
  await db.execute(sql`
    create table bench_cities as
    select row_number() over (order by population desc) as n, id, name, country_code, latitude, longitude
    from cities order by population desc limit 20000`);
  await db.execute(sql`drop table if exists bench_genres`);
  await db.execute(sql`
    create table bench_genres as
    select row_number() over (order by id) as n, id, name from genres where parent_id is null`);
  await db.execute(sql`
    insert into organisations (slug, name, city_id, country_code, latitude, longitude)
    select 'bench-org-' || g,
      c.name || ' ' || (${text(ORGANISATION_WORDS)})[1 + g % ${ORGANISATION_WORDS.length}],
      c.id, c.country_code, c.latitude, c.longitude
    from generate_series(1, ${organisations}) g
    join bench_cities c on c.n = 1 + (g * 7919) % 20000`);
  await db.execute(sql`
    with orgs as (select id, row_number() over (order by slug) as n from organisations where slug like 'bench-org-%'),
    genre_count as (select count(*) as total from bench_genres)
    insert into opportunities (
      organisation_id, slug, title, summary, description, city_id, country_code, latitude, longitude,
      time_zone, deadline_at, starts_at, ends_at, types, genres, target, languages, is_virtual,
      is_worldwide, payment_type, published_at, status)
    select o.id,
      'bench-' || g,
      (${text(TITLE_OPENERS)})[1 + g % ${TITLE_OPENERS.length}] || ' ' || ge.name || ' ' ||
        (${text(kinds.map((kind) => TITLE_KINDS[kind]!))})[1 + (g / 7) % ${kinds.length}],
      'A ' || lower(ge.name) || ' opportunity in ' || c.name || ' for bands and solo artists.',
      '<p>Apply with two recordings and a short biography. Selected artists play in ' || c.name || '.</p>',
      case when g % 25 = 0 then null else c.id end,
      case when g % 25 = 0 then null else c.country_code end,
      case when g % 25 = 0 then null else c.latitude end,
      case when g % 25 = 0 then null else c.longitude end,
      'UTC',
      d.deadline_at,
      d.starts_at,
      d.ends_at,
      array[(${text(kinds)})[1 + (g / 7) % ${kinds.length}]],
      array[ge.id],
      case g % 3 when 0 then array['BANDS'] when 1 then array['INDIVIDUALS'] else array['BANDS', 'INDIVIDUALS'] end,
      array['en'],
      g % 25 = 0,
      g % 97 = 0,
      case when g % 5 < 2 then 'PAID_INTERNAL' else 'FREE' end,
      d.published_at,
      opportunity_status_at(d.published_at, null, d.deadline_at, d.starts_at, d.ends_at, null, null, null, now())
    from generate_series(1, ${count}) g
    cross join lateral (
      select now() + ((g % 120) - 20) * interval '1 day' as deadline_at,
        now() + ((g % 120) + 30) * interval '1 day' as starts_at,
        now() + ((g % 120) + 32) * interval '1 day' as ends_at,
        now() - (g % 60) * interval '1 day' as published_at
    ) d
    join bench_cities c on c.n = 1 + (g::bigint * 104729) % 20000
    join orgs o on o.n = 1 + g % ${organisations}
    cross join genre_count
    join bench_genres ge on ge.n = 1 + (g * 31) % genre_count.total`);
  await db.execute(sql`
    insert into opportunity_payment_options (opportunity_id, code, title, cost, currency, position)
    select id, 'ENTRY', 'Entry', 500 + (abs(hashtext(slug)) % 60) * 100,
      (${text(CURRENCIES)})[1 + abs(hashtext(slug)) % ${CURRENCIES.length}], 0
    from opportunities where slug like 'bench-%' and payment_type = 'PAID_INTERNAL'`);
  await db.execute(sql`drop table bench_cities`);
  await db.execute(sql`drop table bench_genres`);
  for (const table of [
    'organisations',
    'opportunities',
    'opportunity_payment_options',
    'opportunity_search_words',
  ]) {
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  }
}
