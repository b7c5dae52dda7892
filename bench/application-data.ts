// Fills a database with applications for the applications benchmark, on top of the opportunities
// of opportunity-data.ts: 200,000 applicant accounts, a team of four per organisation (an owner who
// manages every opportunity of it and three reviewers), both forms of every opportunity, and the
// applications with their answers, form snapshots, codes, ratings, payment states and status
// history, spread the way a marketplace would see them: one opportunity with 10,000 applications,
// a few dozen popular ones with thousands, most with tens to hundreds. A fifth of the applications
// come from 10,000 busy applicants (about 20 each), the rest from the other 190,000 accounts.
// Everything is generated in SQL (INSERT … SELECT over generate_series), so the million rows take
// minutes, and every value derives from a hash of the row's number: the same data on every run.
import {
  applicationAnswersSchema,
  applicationFormSchema,
  type Answers,
  type FormField,
  type FormType,
} from '../packages/core/src/index';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { DEFAULT_FORM_SECTIONS } from '../apps/server/src/modules/lookups/form-sections.data';
import { generateOpportunities } from './opportunity-data';

export interface ApplicationDataOptions {
  opportunities: number;
  applications: number;
  applicants?: number;
  /** Applications of the one opportunity the export is measured on: 1% of all, 10,000 at most. */
  largest?: number;
  /** Progress lines; silent when omitted. */
  log?: (line: string) => void;
}

export interface GeneratedApplications {
  /** The opportunity with `largest` applications, all shown to its team. */
  largestOpportunity: { id: string; slug: string; title: string; applications: number };
  /** Its organisation's owner, a manager of it and one of its four raters. */
  manager: { email: string; password: string };
  /** A busy applicant. */
  applicant: { email: string; password: string; applications: number };
  rows: Record<string, number>;
}

/** The password of the two accounts the benchmark signs in with. */
export const BENCH_PASSWORD = 'encore-bench-password';
const BUSY_APPLICANTS = 10_000;
const TEAM_SIZE = 4;

const FIRST_NAMES = [
  'Amira',
  'Jonas',
  'Chloé',
  'Mateo',
  'Ines',
  'Rui',
  'Sofia',
  'Lukas',
  'Maya',
  'Kenji',
  'Aisha',
  'Oskar',
  'Lucía',
  'Tomás',
  'Freya',
  'Dmitri',
  'Noor',
  'Élodie',
  'Kwame',
  'Hana',
  'Pablo',
  'Greta',
  'Yusuf',
  'Marta',
  'Liam',
  'Zanele',
  'Matteo',
  'Ingrid',
  'Ravi',
  'Camille',
  'Joaquín',
  'Anouk',
  'Tariq',
  'Björn',
  'Leila',
  'Nikos',
  'Sakura',
  'Olu',
  'Beatriz',
  'Finn',
];
const LAST_NAMES = [
  'Duarte',
  'Costa',
  'Weber',
  'Martin',
  'García',
  'Silva',
  'Rossi',
  'Nakamura',
  'Okafor',
  'Johansson',
  'Novak',
  'Haddad',
  'Kowalski',
  'Dubois',
  'Fernández',
  'Müller',
  'Eriksen',
  'Singh',
  'Papadopoulos',
  'Tanaka',
  'Mensah',
  'Jansen',
  'Moreau',
  'Petrov',
  'Lindqvist',
  'Ibrahim',
  'Lopes',
  'Schneider',
  'Bianchi',
  "O'Connor",
  'Kovač',
  'Andersen',
  'Yilmaz',
  'Santos',
  'Brown',
  'Nguyen',
  'Horvath',
  'Alvarez',
  'Fischer',
  'Mbeki',
];
const BAND_WORDS = [
  'Velvet',
  'Northern',
  'Paper',
  'Electric',
  'Salt',
  'Midnight',
  'Golden',
  'Hollow',
  'Copper',
  'Silent',
  'Wild',
  'Neon',
  'Harbour',
  'Lunar',
  'Crimson',
  'Glass',
];
const BAND_NOUNS = [
  'Tides',
  'Lanterns',
  'Foxes',
  'Orchestra',
  'Collective',
  'Echoes',
  'Ravens',
  'Satellites',
  'Quartet',
  'Brass Band',
  'Waves',
  'Pilots',
  'Trio',
  'Machines',
];
const BIO_OPENINGS = [
  'We write and record our own songs',
  'I have been performing live for six years',
  'A project that grew out of late-night jam sessions',
  'Classically trained, now playing mostly original material',
  'Based in the city and touring the region every summer',
  'Songs about leaving home, the sea and small towns',
];
const BIO_MIDDLES = [
  'with two EPs out and a full album on the way',
  'after a residency at a local jazz club',
  'mixing folk instruments with electronic textures',
  'with regular plays on independent radio',
  'and a following built one small venue at a time',
  'having opened for several touring acts last year',
];
const BIO_ENDINGS = [
  'We would love to bring our show to a new audience.',
  'This stage would be a big step for us.',
  'We travel light and can adapt to any backline.',
  'Our set runs 45 minutes and can be shortened.',
  'We are happy to play acoustic if the venue needs it.',
];
const EXPERIENCE = ['First public shows', 'Local circuit', 'National tours', 'International tours'];
const GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'];

const textArray = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`);
/** One of `values`, chosen by a non-negative integer expression. */
const pick = (values: readonly string[], by: SQL) =>
  sql`(${textArray(values)})[1 + (${by}) % ${values.length}]`;

type FieldSpec = Partial<FormField> & Pick<FormField, 'type' | 'slug' | 'label'>;

/** What the forms ask beyond the fixed fields: a dozen fields of the kinds organisers use. */
const EXTRA_FIELDS: FieldSpec[] = [
  { type: 'heading', subtype: 'h4', slug: 'about_heading', label: 'About your music' },
  { type: 'tel', slug: 'phone', label: 'Phone', is_required: true },
  {
    type: 'text_field',
    subtype: 'textarea',
    slug: 'bio',
    label: 'Short biography',
    is_required: true,
    min_length: 40,
    max_length: 1000,
  },
  { type: 'genres', slug: 'genres', label: 'Genres', is_multiple: true, is_required: true },
  { type: 'link', subtype: 'single_url', slug: 'website', label: 'Website' },
  {
    type: 'link',
    subtype: 'social_links',
    slug: 'social_links',
    label: 'Social profiles',
    is_multiple: true,
  },
  { type: 'video_link', slug: 'live_video', label: 'A live video', is_required: true },
  {
    type: 'audio',
    slug: 'demo',
    label: 'Demo recordings',
    is_required: true,
    file_count: 3,
    file_size: 20,
  },
  { type: 'image', slug: 'press_photo', label: 'Press photo', file_count: 1, file_size: 10 },
  { type: 'attachment', slug: 'rider', label: 'Technical rider', file_count: 1 },
  {
    type: 'list',
    subtype: 'radio',
    slug: 'experience',
    label: 'Live experience',
    choices: EXPERIENCE,
    is_required: true,
  },
  { type: 'datetime_field', subtype: 'date', slug: 'available_from', label: 'Available from' },
  { type: 'toggle', slug: 'travel_support', label: 'We need travel support' },
  { type: 'toggle', slug: 'own_material', label: 'We play our own material', is_required: true },
];

function field(spec: FieldSpec, order: number, idPrefix: string): FormField {
  return {
    id: `${idPrefix}-${spec.slug}`,
    subtype: null,
    is_required: false,
    is_multiple: false,
    choices: [],
    min_length: null,
    max_length: null,
    file_size: null,
    file_count: null,
    accept: [],
    child_fields: [],
    ...spec,
    order,
  };
}

/** The band form (GENERAL) or the individual one, as the form builder saves it. */
export function benchForm(type: FormType) {
  const sections = DEFAULT_FORM_SECTIONS[type === 'GENERAL' ? 'BANDS' : 'INDIVIDUALS'];
  const prefix = `bench-${type.toLowerCase()}`;
  const fixed = sections
    .flatMap((section) => section.fields)
    .map(({ child_fields: children, ...template }) => ({
      ...field(template, 0, prefix),
      child_fields: children.map(({ child_fields: _none, ...child }, order) =>
        field(child, order, 'bench-member'),
      ),
    }));
  const own: FieldSpec[] =
    type === 'INDIVIDUAL'
      ? [
          ...EXTRA_FIELDS.slice(0, 4),
          {
            type: 'instruments',
            slug: 'instruments',
            label: 'Instruments',
            is_multiple: true,
            is_required: true,
          },
          ...EXTRA_FIELDS.slice(4),
        ]
      : EXTRA_FIELDS;
  const fields = [...fixed, ...own.map((spec) => field(spec, 0, prefix))].map((made, order) => ({
    ...made,
    order,
  }));
  return applicationFormSchema.parse({
    type,
    fields,
    terms: 'Selected artists play for a fee of €150 and a meal; travel is supported on request.',
    supported_languages: ['en'],
    max_members: type === 'GENERAL' ? 8 : null,
  });
}

/** A deterministic generator (mulberry32): the same counts on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Applications per opportunity: the largest first, then 30 popular ones (1,500–6,000 each), then a
 * long tail drawn from a log-normal (median about 55), adjusted to add up to `total` exactly.
 */
export function applicationCounts(opportunities: number, total: number, largest: number): number[] {
  const next = random(20_261_121);
  const popular = Math.min(30, Math.max(0, opportunities - 1));
  const counts = [Math.min(largest, total)];
  // Scaled with the total, so a smaller run keeps the same shape.
  const shrink = Math.min(1, total / 1_000_000);
  for (let i = 0; i < popular; i++) {
    counts.push(Math.min(largest - 1, Math.max(1, Math.round((1_500 + next() * 4_500) * shrink))));
  }
  const tail = opportunities - counts.length;
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const drawn = Array.from({ length: tail }, () => Math.exp(Math.log(55) + gaussian()));
  const remaining = Math.max(0, total - counts.reduce((sum, count) => sum + count, 0));
  const scale =
    remaining /
    Math.max(
      1,
      drawn.reduce((sum, value) => sum + value, 0),
    );
  // The largest stays the largest: a benchmark finds it again by its count (describeGenerated).
  const most = Math.min(1_400, largest - 1);
  const scaled = drawn.map((value) => Math.min(most, Math.max(1, Math.floor(value * scale))));
  let missing = remaining - scaled.reduce((sum, count) => sum + count, 0);
  for (let i = 0; missing !== 0 && tail > 0; i = (i + 1) % tail) {
    const step = missing > 0 ? 1 : -1;
    if (scaled[i]! + step >= 1 && scaled[i]! + step <= most) {
      scaled[i]! += step;
      missing -= step;
    }
  }
  // Popular opportunities anywhere in the list rather than the first ones.
  const rest = [...counts.slice(1), ...scaled];
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [counts[0]!, ...rest];
}

/** Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`. */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function timed(log: (line: string) => void, label: string, run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function generateApplications(
  db: Database,
  options: ApplicationDataOptions,
): Promise<GeneratedApplications> {
  const log = options.log ?? (() => undefined);
  const applicants = options.applicants ?? 200_000;
  const largest = options.largest ?? Math.min(10_000, Math.round(options.applications / 100));
  if (applicants <= BUSY_APPLICANTS * 2) throw new Error('at least 20,001 applicants');
  const counts = applicationCounts(options.opportunities, options.applications, largest);
  const quietApplicants = applicants - BUSY_APPLICANTS;
  const forms = { GENERAL: benchForm('GENERAL'), INDIVIDUAL: benchForm('INDIVIDUAL') };
  // Two argon2 hashes in all: the known password for the accounts the benchmark signs in with,
  // and one of a password nobody knows for the 200,000 others (valid, never verified).
  const knownHash = await hashPassword(BENCH_PASSWORD);
  const unknownHash = await hashPassword(`${Math.random()}-${Date.now()}`);

  await timed(log, `${options.opportunities} opportunities`, () =>
    generateOpportunities(db, options.opportunities),
  );

  for (const table of ['bench_plan', 'bench_users', 'bench_team', 'bench_places']) {
    await db.execute(sql`drop table if exists ${sql.identifier(table)}`);
  }
  // Every rate and rating count comes from these, so applications.rating_total and the review
  // rows are computed apart and still agree.
  await db.execute(sql`
    create or replace function bench_rating_count(hr integer, status text) returns integer
    language sql immutable as $$
      select case
        when status = 'IN_REVIEW' then hr % 5
        when status in ('SHORTLISTED', 'ACCEPTED', 'DECLINED') then 1 + hr % 4
        else 0 end $$`);
  await db.execute(sql`
    create or replace function bench_rate(hr integer, status text, i integer) returns integer
    language sql immutable as $$
      select greatest(1, least(5, 1 + (hr >> (6 + 3 * i)) % 5 + case
        when status in ('ACCEPTED', 'SHORTLISTED') then 1 when status = 'DECLINED' then -1 else 0 end)) $$`);

  await timed(log, `${applicants} applicant accounts and the teams`, async () => {
    await db.execute(sql`
      create table bench_users as
      select g as n, gen_random_uuid() as id,
        ${pick(FIRST_NAMES, sql`g`)} || ' ' || ${pick(LAST_NAMES, sql`g / ${FIRST_NAMES.length}`)} as name,
        'applicant-' || g || '@bench.test' as email,
        g % 3 = 0 as is_band
      from generate_series(1, ${applicants}) g`);
    await db.execute(sql`alter table bench_users add primary key (n)`);
    await db.execute(sql`
      insert into users (id, name, email, password_hash, selected_type, is_verified, created_at, updated_at)
      select id, name, email, case when n = 1 then ${knownHash} else ${unknownHash} end,
        case when is_band then 'BAND' else 'INDIVIDUAL' end, true,
        now() - (n % 700) * interval '1 day', now() - (n % 700) * interval '1 day'
      from bench_users order by n`);
    await db.execute(sql`
      create table bench_team as
      select o.id as organisation_id, o.n as org_n, r, gen_random_uuid() as user_id,
        'team-' || o.n || '-' || r || '@bench.test' as email,
        ${pick(FIRST_NAMES, sql`o.n * 7 + r`)} || ' ' || ${pick(LAST_NAMES, sql`o.n * 3 + r * 11`)} as name
      from (select id, row_number() over (order by slug) as n from organisations where slug like 'bench-org-%') o
      cross join generate_series(0, ${TEAM_SIZE - 1}) r`);
    await db.execute(sql`
      insert into users (id, name, email, password_hash, role, selected_type, is_verified)
      select user_id, name, email, ${knownHash}, 'organiser', 'ORGANISATION', true from bench_team`);
    await db.execute(sql`
      insert into organisation_members (organisation_id, user_id, email, role, status, responded_at)
      select organisation_id, user_id, email, 'owner', 'accepted', now() from bench_team where r = 0`);
    await db.execute(sql`
      insert into opportunity_members (opportunity_id, user_id, email, role, permissions, status, responded_at)
      select o.id, t.user_id, t.email,
        case when t.r = 0 then 'manager' else 'reviewer' end,
        case when t.r = 0 then array['full_access'] else array['rate', 'comment'] end,
        'accepted', now()
      from opportunities o join bench_team t on t.organisation_id = o.organisation_id
      where o.slug like 'bench-%'`);
  });

  await timed(log, 'forms', async () => {
    for (const type of ['GENERAL', 'INDIVIDUAL'] as const) {
      const form = forms[type];
      await db.execute(sql`
        insert into application_forms (opportunity_id, type, fields, terms, supported_languages, max_members)
        select id, ${type}, ${JSON.stringify(form.fields)}::jsonb, ${form.terms},
          array['en'], ${form.max_members}
        from opportunities
        where slug like 'bench-%' and ${type === 'GENERAL' ? 'BANDS' : 'INDIVIDUALS'} = any(target)`);
    }
  });

  // One row per opportunity: how many applications it gets and where their numbers start. The
  // largest is the first paid opportunity for bands and individuals alike, so its export has
  // payment states and band members.
  await db.execute(sql`
    create table bench_plan as
    with ranked as (
      select o.id, o.organisation_id, o.title, o.target, o.payment_type,
        row_number() over (
          order by (o.payment_type = 'PAID_INTERNAL' and cardinality(o.target) = 2) desc,
            substring(o.slug from 7)::int) as n
      from opportunities o where o.slug like 'bench-%'
    ),
    counted as (
      select r.*, c.count from ranked r
      join unnest(${`{${counts.join(',')}}`}::int[]) with ordinality as c(count, n) on c.n = r.n
    )
    select c.n::int as n, c.id, c.title, c.count,
      (sum(c.count) over (order by c.n) - c.count)::bigint as start,
      c.payment_type = 'PAID_INTERNAL' as paid,
      'BANDS' = any(c.target) as bands,
      'INDIVIDUALS' = any(c.target) as individuals,
      t.org_n,
      (select id from opportunity_payment_options p where p.opportunity_id = c.id and p.code = 'ENTRY') as option_id,
      (select id from application_forms f where f.opportunity_id = c.id and f.type = 'GENERAL') as band_form_id,
      (select id from application_forms f where f.opportunity_id = c.id and f.type = 'INDIVIDUAL') as individual_form_id,
      coalesce(nullif(
        case when length(i.initials) >= 2 then left(i.initials, 3) end, ''), 'APP') as prefix
    from counted c
    join bench_team t on t.organisation_id = c.organisation_id and t.r = 0
    cross join lateral (
      select string_agg(upper(left(w, 1)), '') as initials
      from regexp_split_to_table(c.title, '[^A-Za-z0-9]+') w where w <> ''
    ) i`);
  await db.execute(sql`alter table bench_plan add primary key (n)`);
  await db.execute(sql`
    create table bench_places as
    select row_number() over (order by c.population desc) as n, c.id, c.name || ', ' || k.name as label,
      c.country_code, c.latitude, c.longitude
    from cities c join countries k on k.code = c.country_code
    order by c.population desc limit 500`);
  await db.execute(sql`alter table bench_places add primary key (n)`);
  // Slugs inlined as arrays: a lookup per answer would be millions of subqueries.
  const slugsOf = async (query: SQL) =>
    (await rowsOf<{ id: string }>(db, query)).map((row) => row.id);
  const genreSlugs = await slugsOf(sql`select id from genres order by id`);
  const instrumentSlugs = await slugsOf(
    sql`select id from instruments where parent_id is not null order by id`,
  );
  const genre = (by: SQL) => pick(genreSlugs, by);
  const instrument = (by: SQL) => pick(instrumentSlugs, by);

  // Applications, a thousand opportunities per statement.
  const chunk = 1_000;
  for (let from = 1; from <= options.opportunities; from += chunk) {
    const to = Math.min(options.opportunities, from + chunk - 1);
    await timed(log, `applications of opportunities ${from}–${to}`, () =>
      db.execute(sql`
        insert into applications (
          code, opportunity_id, user_id, form_id, form_type, form_snapshot, answers, status,
          payment_status, payment_option_id, name, email, artist_name, address, rating_total,
          rating_count, submitted_at, decided_at, withdrawn_at, refunded_at, created_at, updated_at)
        select a.code, p.id, u.id, case when a.form_type = 'GENERAL' then p.band_form_id else p.individual_form_id end,
          a.form_type,
          case when a.form_type = 'GENERAL' then ${JSON.stringify(forms.GENERAL.fields)}::jsonb
            else ${JSON.stringify(forms.INDIVIDUAL.fields)}::jsonb end,
          jsonb_strip_nulls(jsonb_build_object(
            'full_name', u.name,
            'email', u.email,
            'address', jsonb_build_object('label', pl.label, 'city_id', pl.id,
              'country_code', pl.country_code, 'latitude', pl.latitude, 'longitude', pl.longitude),
            'phone', '+' || (30 + h.h1 % 60) || ' ' || (100000000 + h.h2 % 899999999),
            'bio', ${pick(BIO_OPENINGS, sql`h.h1 >> 3`)} || ' ' || ${pick(BIO_MIDDLES, sql`h.h2 >> 5`)} || '. ' || ${pick(BIO_ENDINGS, sql`h.h3 >> 7`)},
            'genres', jsonb_build_array(${genre(sql`h.h1 >> 9`)}, ${genre(sql`h.h2 >> 11`)}),
            'website', case when h.h3 % 3 > 0 then 'https://' || lower(regexp_replace(coalesce(a.artist_name, u.name), '[^A-Za-z]+', '', 'g')) || '.example.com' end,
            'social_links', case when h.h1 % 4 > 0 then jsonb_build_array(
              'https://instagram.com/bench' || a.seq, 'https://soundcloud.com/bench' || a.seq) end,
            'live_video', 'https://www.youtube.com/watch?v=' || substr(translate(encode(sha224(a.seq::text::bytea), 'base64'), '+/=', '-_x'), 1, 11),
            'demo', (select jsonb_agg(md5(a.seq || '-demo-' || f)::uuid) from generate_series(1, 1 + h.h2 % 3) f),
            'press_photo', case when h.h2 % 5 > 0 then jsonb_build_array(md5(a.seq || '-photo')::uuid) end,
            'rider', case when h.h3 % 4 = 0 then jsonb_build_array(md5(a.seq || '-rider')::uuid) end,
            'experience', ${pick(EXPERIENCE, sql`h.h3 >> 4`)},
            'available_from', to_char(current_date + (h.h1 % 200) * interval '1 day', 'YYYY-MM-DD'),
            'travel_support', h.h2 % 3 = 0,
            'own_material', true
          ) || case when a.form_type = 'GENERAL' then jsonb_build_object(
            'artist_name', a.artist_name,
            'group_members', (
              select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
                'full_name', ${pick(FIRST_NAMES, sql`h.h3 + m * 13`)} || ' ' || ${pick(LAST_NAMES, sql`h.h1 + m * 7`)},
                'gender', ${pick(GENDERS, sql`h.h2 + m`)},
                'email', case when m = 1 then u.email end,
                'instruments', jsonb_build_array(${instrument(sql`h.h1 + m * 31`)}),
                'back_vocals', case when (h.h3 + m) % 3 = 0 then true end)))
              from generate_series(1, 2 + h.h1 % 4) m)
          ) else jsonb_build_object(
            'instruments', jsonb_build_array(${instrument(sql`h.h2 >> 4`)}, ${instrument(sql`h.h3 >> 6`)})
          ) end),
          a.status, a.payment_status,
          case when p.paid then p.option_id end,
          u.name, u.email, a.artist_name, pl.label,
          (select coalesce(sum(bench_rate(a.hr, a.status, i)), 0) from generate_series(0, bench_rating_count(a.hr, a.status) - 1) i),
          bench_rating_count(a.hr, a.status),
          a.submitted_at,
          case when a.status in ('ACCEPTED', 'DECLINED') then least(now(), a.submitted_at + (2 + h.h3 % 20) * interval '1 day') end,
          case when a.status = 'WITHDRAWN' then least(now(), coalesce(a.submitted_at, a.created_at) + (1 + h.h2 % 10) * interval '1 day') end,
          case when a.payment_status = 'REFUNDED' then least(now(), coalesce(a.submitted_at, a.created_at) + (2 + h.h2 % 10) * interval '1 day') end,
          a.created_at,
          least(now(), coalesce(a.submitted_at, a.created_at) + (h.h1 % 30) * interval '1 day')
        from bench_plan p
        cross join lateral generate_series(1, p.count) k
        cross join lateral (
          select p.start + k as seq,
            hashint8(p.start + k) & 2147483647 as h1,
            hashint8(p.start + k + 1000000007) & 2147483647 as h2,
            hashint8(p.start + k + 2000000011) & 2147483647 as h3
        ) h
        join bench_users u on u.n = case when k % 5 = 0
          then 1 + (p.n::bigint * 7919 + (k / 5)::bigint * 7907) % ${BUSY_APPLICANTS}
          else ${BUSY_APPLICANTS + 1} + (p.n::bigint * 104723 + k::bigint * 104729) % ${quietApplicants} end
        join bench_places pl on pl.n = 1 + u.n % 500
        cross join lateral (
          select s.*, c.code, hashtext(c.code) & 2147483647 as hr
          from (
            select h.seq,
              case when p.bands and (not p.individuals or u.is_band) then 'GENERAL' else 'INDIVIDUAL' end as form_type,
              case when p.bands and (not p.individuals or u.is_band)
                then 'The ' || ${pick(BAND_WORDS, sql`u.n`)} || ' ' || ${pick(BAND_NOUNS, sql`u.n / 16`)} end as artist_name,
              st.status,
              case
                when not p.paid then null
                when st.status = 'DRAFT' then case
                  -- The largest opportunity's drafts all await payment, so all its rows are exported.
                  when p.n = 1 then 'REQUIRES_METHOD'
                  else (array['REQUIRES_METHOD', 'REQUIRES_CONFIRMATION', 'FAILED', null])[1 + (h.h2 >> 8) % 4] end
                when st.status = 'WITHDRAWN' and h.h3 % 2 = 0 then 'REFUNDED'
                else 'SUCCEEDED' end as payment_status,
              now() - ((h.h2 % 7776000) + (h.h3 % 1000000) / 1e6) * interval '1 second' as created_at,
              case when st.status <> 'DRAFT' and not (st.status = 'WITHDRAWN' and h.h1 % 5 = 0)
                then now() - ((h.h2 % 7776000) + (h.h3 % 1000000) / 1e6) * interval '1 second'
                  + (60 + h.h1 % 7200) * interval '1 second' end as submitted_at
            from (select case
              when h.h1 % 100 < 8 then 'DRAFT'
              when h.h1 % 100 < 38 then 'SUBMITTED'
              when h.h1 % 100 < 63 then 'IN_REVIEW'
              when h.h1 % 100 < 73 then 'SHORTLISTED'
              when h.h1 % 100 < 81 then 'ACCEPTED'
              when h.h1 % 100 < 96 then 'DECLINED'
              else 'WITHDRAWN' end as status) st
          ) s
          cross join lateral (
            select p.prefix || '-' || string_agg(
              substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (((h.seq * 387420489) % 1073741824) >> (5 * d))::int % 32 + 1, 1),
              '' order by d desc) as code
            from generate_series(0, 5) d
          ) c
        ) a
        where p.n between ${from} and ${to}`),
    );
  }

  await timed(log, 'ratings (application_reviews)', () =>
    db.execute(sql`
      insert into application_reviews (application_id, user_id, rate, created_at, updated_at)
      select a.id, t.user_id, bench_rate(r.hr, a.status, i),
        least(now(), a.submitted_at + (i + 1) * interval '5 hours'),
        least(now(), a.submitted_at + (i + 1) * interval '5 hours')
      from applications a
      join bench_plan p on p.id = a.opportunity_id
      cross join lateral (select hashtext(a.code) & 2147483647 as hr) r
      cross join lateral generate_series(0, bench_rating_count(r.hr, a.status) - 1) i
      join bench_team t on t.org_n = p.org_n and t.r = ((r.hr >> 3) + i) % ${TEAM_SIZE}`),
  );

  await timed(log, 'status history', () =>
    db.execute(sql`
      insert into application_status_changes (application_id, from_status, to_status, actor_id, created_at)
      select a.id, c.from_status, c.to_status, c.actor_id, c.at
      from applications a
      join bench_plan p on p.id = a.opportunity_id
      join bench_team m on m.org_n = p.org_n and m.r = 0
      cross join lateral (values
        (1, null, 'DRAFT', a.user_id, a.created_at, true),
        (2, 'DRAFT', 'SUBMITTED', a.user_id, a.submitted_at, a.submitted_at is not null),
        (3, 'SUBMITTED', 'IN_REVIEW', m.user_id, least(now(), a.submitted_at + interval '5 hours'),
          a.status in ('IN_REVIEW', 'SHORTLISTED', 'ACCEPTED', 'DECLINED')),
        (4, 'IN_REVIEW', 'SHORTLISTED', m.user_id, least(now(), a.submitted_at + interval '1 day'),
          a.status in ('SHORTLISTED', 'ACCEPTED')),
        (5, case when a.status = 'ACCEPTED' then 'SHORTLISTED' else 'IN_REVIEW' end, a.status, m.user_id,
          a.decided_at, a.status in ('ACCEPTED', 'DECLINED')),
        (6, case when a.submitted_at is null then 'DRAFT' else 'SUBMITTED' end, 'WITHDRAWN', a.user_id,
          a.withdrawn_at, a.status = 'WITHDRAWN')
      ) c(step, from_status, to_status, actor_id, at, happened)
      where c.happened`),
  );

  const described = await describeGenerated(db);
  const largestId = described.largestOpportunity.id;

  // One application of each form checked against the schema the server validates with.
  for (const type of ['GENERAL', 'INDIVIDUAL'] as const) {
    const [sample] = await rowsOf<{ answers: Answers }>(
      db,
      sql`
        select answers from applications where opportunity_id = ${largestId} and form_type = ${type} limit 1`,
    );
    const checked = applicationAnswersSchema(forms[type].fields, {
      complete: true,
      maxMembers: forms[type].max_members,
    }).safeParse(sample?.answers);
    if (!checked.success) {
      throw new Error(
        `generated ${type} answers are invalid: ${JSON.stringify(checked.error.issues)}`,
      );
    }
  }

  for (const table of ['bench_plan', 'bench_users', 'bench_team', 'bench_places']) {
    await db.execute(sql`drop table ${sql.identifier(table)}`);
  }
  await db.execute(sql`drop function bench_rating_count(integer, text)`);
  await db.execute(sql`drop function bench_rate(integer, text, integer)`);

  await timed(log, 'vacuum analyze', async () => {
    for (const table of COUNTED_TABLES) {
      await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
    }
  });
  return { ...described, rows: await countRows(db) };
}

const COUNTED_TABLES = [
  'users',
  'organisation_members',
  'opportunity_members',
  'application_forms',
  'applications',
  'application_reviews',
  'application_status_changes',
];

async function countRows(db: Database): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const [counted] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    rows[table] = counted?.n ?? 0;
  }
  return rows;
}

/**
 * What a benchmark needs of data generated earlier: the opportunity with the most applications,
 * its organisation's owner (who manages it), and the busiest applicant's account.
 */
export async function describeGenerated(db: Database): Promise<GeneratedApplications> {
  const [largest] = await rowsOf<{
    id: string;
    slug: string;
    title: string;
    applications: number;
    email: string;
  }>(
    db,
    sql`
      select o.id, o.slug, o.title, c.applications, u.email
      from (select opportunity_id, count(*)::int as applications from applications
            group by opportunity_id order by 2 desc limit 1) c
      join opportunities o on o.id = c.opportunity_id
      join organisation_members m on m.organisation_id = o.organisation_id and m.role = 'owner'
      join users u on u.id = m.user_id`,
  );
  // A small run may leave the busy applicant without applications: then they have none to list.
  const [busy] = await rowsOf<{ email: string; applications: number }>(
    db,
    sql`
      select u.email, count(a.id)::int as applications
      from users u left join applications a on a.user_id = u.id
      where u.email = 'applicant-1@bench.test' group by u.email`,
  );
  if (!largest || !busy) throw new Error('no generated applications in this database');
  return {
    largestOpportunity: {
      id: largest.id,
      slug: largest.slug,
      title: largest.title,
      applications: largest.applications,
    },
    manager: { email: largest.email, password: BENCH_PASSWORD },
    applicant: { email: busy.email, password: BENCH_PASSWORD, applications: busy.applications },
    rows: await countRows(db),
  };
}
