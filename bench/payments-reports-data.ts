// Data for the payments-reports benchmark (issue 21), all in SQL over generate_series so that
// 100,000 payments and a million ledger postings take seconds to minutes, every value derived from
// the row's number (the same data on every run):
// - one PAID_INTERNAL opportunity (`bench-1`, EUR, an "Entry" tier at 20.00 and an "Early bird"
//   one at 15.00, a 20 % coupon) with `payments` applicants, each with a submitted application and
//   its payment: 4 % FAILED (left out of the list), a tenth fully refunded, a tenth half refunded,
//   0.5 % with a refund the processor refused (REFUND_FAIL), two fifths released; a refund row for
//   each refunded payment (`payments / 5`) and refund requests for some (done, open, declined);
// - the applicant who signs in (payer 1) has 24 more applications on 29 other opportunities of
//   the same organisation, so `userApplications` has pages of its own;
// - seedLedger: one organisation's books with a million postings in balanced entries (charges,
//   releases, payouts), written in transactions of a few tens of thousands of entries so that the
//   ledger's deferred balance triggers check every entry at commit, and its running balances
//   filled from the postings.
import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { BENCH_PASSWORD, rowsOf } from './application-data';
import { generateOpportunities } from './opportunity-data';

export interface ReportsData {
  organisationId: string;
  opportunityId: string;
  slug: string;
  ownerEmail: string;
  applicantEmail: string;
  /** Payments the list shows (SUCCEEDED, REFUNDED, REFUND_FAIL). */
  listed: number;
  rows: Record<string, number>;
}

const FIRST_NAMES = ['Amira', 'Jonas', 'Chloé', 'Mateo', 'Ines', 'Rui', 'Sofia', 'Lukas', 'Maya'];
const MORE_FIRST_NAMES = ['Kenji', 'Aisha', 'Oskar', 'Lucía', 'Tomás', 'Freya', 'Noor', 'Kwame'];
/** The `q` variant searches for these. */
export const LAST_NAMES = [
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
  'Müller',
  'Eriksen',
  'Singh',
  'Tanaka',
  'Mensah',
  'Jansen',
];
const OTHER_OPPORTUNITIES = 29;
const APPLICANT_APPLICATIONS = 24;

const pick = (values: readonly string[], by: SQL) =>
  sql`(${sql.raw(`ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`)})[1 + (${by}) % ${values.length}]`;

async function timed(log: (line: string) => void, label: string, run: () => Promise<unknown>) {
  const begun = performance.now();
  await run();
  log(`  ${label}: ${((performance.now() - begun) / 1000).toFixed(1)} s`);
}

export async function seedPaymentsReports(
  db: Database,
  options: { payments: number; log: (line: string) => void },
): Promise<ReportsData> {
  const { log } = options;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await timed(log, `${OTHER_OPPORTUNITIES + 1} opportunities`, () =>
    generateOpportunities(db, OTHER_OPPORTUNITIES + 1),
  );
  const [opportunity] = await rowsOf<{ id: string; organisation_id: string }>(
    db,
    sql`select id, organisation_id from opportunities where slug = 'bench-1'`,
  );
  const opportunityId = opportunity!.id;
  const organisationId = opportunity!.organisation_id;
  const ownerEmail = 'owner@payments-reports.test';
  await db.execute(sql`
    update opportunity_payment_options set currency = 'EUR', cost = 2000
    where opportunity_id = ${opportunityId} and code = 'ENTRY'`);
  await db.execute(sql`
    insert into opportunity_payment_options (opportunity_id, code, title, cost, currency, position)
    values (${opportunityId}, 'EARLY', 'Early bird', 1500, 'EUR', 1)`);
  await db.execute(sql`
    insert into coupons (opportunity_id, name, code, value, slots, used_slots)
    values (${opportunityId}, 'SAVE20', 'SAVE20', 20, null, ${Math.floor(options.payments / 10)})`);
  const [owner] = await rowsOf<{ id: string }>(
    db,
    sql`insert into users (name, email, password_hash, role, selected_type, is_verified)
      values ('Maya Owner', ${ownerEmail}, ${passwordHash}, 'organiser', 'ORGANISATION', true)
      returning id`,
  );
  await db.execute(sql`
    insert into organisation_members (organisation_id, user_id, email, role, status, responded_at)
    values (${organisationId}, ${owner!.id}, ${ownerEmail}, 'owner', 'accepted', now())`);

  await timed(log, `${options.payments} payers`, async () => {
    await db.execute(sql`
      create table bench_pay as
      select n, gen_random_uuid() as user_id,
        ${pick([...FIRST_NAMES, ...MORE_FIRST_NAMES], sql`n`)} || ' ' || ${pick(LAST_NAMES, sql`n / 17`)} as name,
        'payer-' || n || '@payments-reports.test' as email,
        md5('bench-application-' || n)::uuid as application_id,
        md5('bench-payment-' || n)::uuid as payment_id,
        hashint8(n) & 2147483647 as h,
        case when n % 25 = 0 then 'FAILED' when n % 200 = 1 then 'REFUND_FAIL'
          when n % 10 = 1 then 'REFUNDED' else 'SUCCEEDED' end as status,
        n % 3 = 0 as early,
        n % 10 = 3 as coupon,
        now() - ((hashint8(n) & 2147483647) % 7776000) * interval '1 second' as created_at
      from generate_series(1, ${options.payments}) n`);
    await db.execute(sql`
      alter table bench_pay add column price bigint, add column discount bigint,
        add column amount bigint, add column fee bigint, add column refunded bigint,
        add column succeeded_at timestamptz, add column refunded_at timestamptz`);
    await db.execute(sql`
      update bench_pay set price = case when early then 1500 else 2000 end,
        discount = case when coupon then (case when early then 1500 else 2000 end) * 20 / 100 else 0 end`);
    await db.execute(sql`
      update bench_pay set amount = price - discount, fee = (price - discount) * 5 / 100,
        refunded = case when status = 'REFUNDED' then price - discount
          when n % 10 = 6 then (price - discount) / 2 else 0 end,
        succeeded_at = case when status <> 'FAILED' then created_at + interval '40 seconds' end,
        refunded_at = case when n % 5 = 1
          then least(now(), created_at + (1 + h % 20) * interval '1 day') end`);
    await db.execute(sql`alter table bench_pay add primary key (n)`);
    await db.execute(sql`
      insert into users (id, name, email, password_hash, is_verified, created_at, updated_at)
      select user_id, name, email, ${passwordHash}::text, true, created_at - interval '1 day',
        created_at - interval '1 day'
      from bench_pay order by n`);
  });

  const tiers = await rowsOf<{ id: string; code: string }>(
    db,
    sql`select id, code from opportunity_payment_options where opportunity_id = ${opportunityId}`,
  );
  const tier = (code: string) => tiers.find((row) => row.code === code)!.id;
  const [coupon] = await rowsOf<{ id: string }>(
    db,
    sql`select id from coupons where opportunity_id = ${opportunityId}`,
  );

  await timed(log, `${options.payments} applications and payments`, async () => {
    await db.execute(sql`
      insert into applications (id, code, opportunity_id, user_id, form_type, form_snapshot, status,
        payment_status, payment_option_id, name, email, address, submitted_at, decided_at,
        withdrawn_at, refunded_at, created_at, updated_at)
      select application_id, 'PAY-' || lpad(n::text, 6, '0'), ${opportunityId}::uuid, user_id,
        'INDIVIDUAL', '[]'::jsonb,
        case when status = 'FAILED' then 'DRAFT' when status = 'REFUNDED' then 'WITHDRAWN'
          else (array['SUBMITTED', 'IN_REVIEW', 'SHORTLISTED', 'ACCEPTED', 'DECLINED'])[1 + h % 5] end,
        status,
        case when early then ${tier('EARLY')}::uuid else ${tier('ENTRY')}::uuid end,
        name, email, 'Lisbon, Portugal', succeeded_at,
        case when status <> 'FAILED' and h % 5 >= 3 then least(now(), succeeded_at + interval '3 days') end,
        case when status = 'REFUNDED' then refunded_at end,
        case when status = 'REFUNDED' then refunded_at end,
        created_at, coalesce(refunded_at, succeeded_at, created_at)
      from bench_pay order by n`);
    await db.execute(sql`
      insert into payments (id, application_id, opportunity_id, organisation_id, user_id,
        payment_option_id, coupon_id, method, status, option_title, coupon_code, currency, price,
        discount_percent, discount, amount, platform_fee, processor_fee, provider,
        provider_intent_id, attempt, idempotency_key, last_error_code, holds_slots,
        receipt_number, receipt_token, succeeded_at, payer_name, payer_email, amount_refunded,
        share_refunded, refunded_at, released_at, created_at, updated_at)
      select payment_id, application_id, ${opportunityId}::uuid, ${organisationId}::uuid, user_id,
        case when early then ${tier('EARLY')}::uuid else ${tier('ENTRY')}::uuid end,
        case when coupon then ${coupon!.id}::uuid end,
        'INTERNAL_PAYMENT', status, case when early then 'Early bird' else 'Entry' end,
        case when coupon then 'SAVE20' end, 'EUR', price, case when coupon then 20 else 0 end,
        discount, amount, fee, case when status = 'FAILED' then null else 25 + amount * 14 / 1000 end,
        'local', 'pi_bench_' || n, 1, 'bench-payment-' || n,
        case when status = 'FAILED' then 'card_declined' end, status <> 'FAILED',
        case when status <> 'FAILED' then n end,
        case when status <> 'FAILED' then md5('bench-receipt-' || n) end,
        succeeded_at, name, email, refunded, refunded * (amount - fee) / amount,
        case when refunded > 0 then refunded_at end,
        case when status <> 'FAILED' and n % 5 in (2, 3) then succeeded_at + interval '14 days' end,
        created_at, coalesce(refunded_at, succeeded_at, created_at)
      from bench_pay order by n`);
  });

  await timed(log, `refund requests and ${Math.floor((options.payments + 4) / 5)} refunds`, () =>
    db.transaction(async (tx) => {
      // Done (a tenth of the refunds, one asked for each), open and declined requests.
      await tx.execute(sql`
        insert into refund_requests (id, application_id, payment_id, opportunity_id, user_id, status,
          reason, message, amount, decision_note, decided_by, decided_at, processing_at,
          completed_at, failure_reason, created_at, updated_at)
        select md5('bench-request-' || n)::uuid, application_id, payment_id, ${opportunityId}::uuid,
          user_id,
          case when n % 20 = 1 then case when status = 'REFUND_FAIL' then 'FAILED' else 'SUCCEEDED' end
            when n % 50 = 2 then 'REQUESTED' else 'DECLINED' end,
          (array['CANCELED', 'CANT_ATTEND', 'OTHER'])[1 + h % 3],
          case when h % 2 = 0 then 'I cannot make it on the day, sorry.' end,
          amount,
          case when n % 50 = 7 then 'The event goes ahead as planned.' end,
          case when n % 50 <> 2 then ${owner!.id}::uuid end,
          case when n % 50 <> 2 then coalesce(refunded_at, succeeded_at + interval '5 days') - interval '1 hour' end,
          case when n % 20 = 1 then refunded_at - interval '1 hour' end,
          case when n % 20 = 1 and status <> 'REFUND_FAIL' then refunded_at end,
          case when status = 'REFUND_FAIL' and n % 20 = 1 then 'expired_or_canceled_card' end,
          coalesce(refunded_at, succeeded_at + interval '5 days') - interval '2 days',
          coalesce(refunded_at, succeeded_at + interval '5 days')
        from bench_pay where n % 20 = 1 or (n % 50 in (2, 7) and status = 'SUCCEEDED')`);
      await tx.execute(sql`
        insert into refunds (id, payment_id, application_id, opportunity_id, organisation_id,
          request_id, status, amount, currency, automatic, requested_by, provider_refund_id,
          idempotency_key, failure_reason, succeeded_at, created_at, updated_at)
        select md5('bench-refund-' || n)::uuid, payment_id, application_id, ${opportunityId}::uuid,
          ${organisationId}::uuid, case when n % 20 = 1 then md5('bench-request-' || n)::uuid end,
          case when status = 'REFUND_FAIL' then 'FAILED' else 'SUCCEEDED' end,
          case when n % 10 = 6 then amount / 2 else amount end, 'EUR', n % 40 = 11,
          ${owner!.id}::uuid, 're_bench_' || n, 'bench-refund-' || n,
          case when status = 'REFUND_FAIL' then 'expired_or_canceled_card' end,
          case when status <> 'REFUND_FAIL' then refunded_at end,
          refunded_at - interval '1 minute', refunded_at
        from bench_pay where n % 5 = 1`);
    }),
  );

  await timed(log, `the applicant's ${APPLICANT_APPLICATIONS} other applications`, () =>
    db.execute(sql`
      insert into applications (code, opportunity_id, user_id, form_type, form_snapshot, status,
        payment_status, payment_option_id, name, email, address, submitted_at, created_at, updated_at)
      select 'MINE-' || lpad(k::text, 3, '0'), o.id, p.user_id, 'INDIVIDUAL', '[]'::jsonb,
        (array['DRAFT', 'SUBMITTED', 'IN_REVIEW', 'SHORTLISTED', 'ACCEPTED', 'DECLINED'])[1 + k % 6],
        case when o.payment_type = 'PAID_INTERNAL' then
          case when k % 6 = 0 then 'REQUIRES_METHOD' else 'SUCCEEDED' end end,
        (select id from opportunity_payment_options t where t.opportunity_id = o.id order by position limit 1),
        p.name, p.email, 'Lisbon, Portugal',
        case when k % 6 <> 0 then now() - k * interval '2 days' + interval '1 hour' end,
        now() - k * interval '2 days', now() - k * interval '2 days' + interval '1 hour'
      from generate_series(1, ${APPLICANT_APPLICATIONS}) k
      join opportunities o on o.slug = 'bench-' || (k + 1)
      join bench_pay p on p.n = 1`),
  );

  const [applicant] = await rowsOf<{ email: string }>(
    db,
    sql`select email from bench_pay where n = 1`,
  );
  await db.execute(sql`drop table bench_pay`);
  // The revenue rollup as the payments service keeps it (the same backfill as migration 0025).
  await timed(log, 'revenue rollup', async () => {
    const migration = readFileSync(
      new URL('../apps/server/drizzle/0025_payment_revenue_rollup.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').slice(2)) {
      await db.execute(sql.raw(statement));
    }
  });
  await timed(log, 'vacuum analyze', async () => {
    for (const table of ['users', 'applications', 'payments', 'refunds', 'refund_requests']) {
      await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
    }
  });
  const counts = await rowsOf<Record<string, string>>(
    db,
    sql`select
      (select count(*) from payments) as payments,
      (select count(*) from payments where status in ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL')) as listed,
      (select count(*) from refunds) as refunds,
      (select count(*) from refund_requests) as refund_requests,
      (select count(*) from applications) as applications,
      (select count(*) from users) as users`,
  );
  const rows = Object.fromEntries(Object.entries(counts[0]!).map(([k, v]) => [k, Number(v)]));
  return {
    organisationId,
    opportunityId,
    slug: 'bench-1',
    ownerEmail,
    applicantEmail: applicant!.email,
    listed: rows.listed!,
    rows,
  };
}

/** Charges, releases and payouts (4, 2 and 2 postings each) making up `postings` postings. */
export function ledgerShape(postings: number) {
  return {
    charges: Math.round(postings * 0.17),
    releases: Math.round(postings * 0.159),
    payouts: Math.max(1, Math.round(postings * 0.001)),
  };
}
export type LedgerShape = ReturnType<typeof ledgerShape>;
const BATCH = 20_000;

const amountOf = (g: SQL) => sql`(1000 + (${g}) % 50 * 100)`;

/** An organisation's books: the shape's entries, balanced, with its running balances. */
export async function seedLedger(
  db: Database,
  organisationId: string,
  shape: LedgerShape,
  log: (line: string) => void,
): Promise<number> {
  const { charges, releases, payouts } = shape;
  // Most released money paid out, the rest still available.
  const perPayout = Math.floor((releases * 0.95) / payouts);
  const amount = amountOf(sql`g`);
  const inBatches = async (
    kind: string,
    total: number,
    postings: (from: number, to: number) => SQL,
  ) => {
    for (let from = 1; from <= total; from += BATCH) {
      const to = Math.min(total, from + BATCH - 1);
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ledger_entries (id, idempotency_key, kind, organisation_id, occurred_at)
          select md5('bench-' || ${kind}::text || '-' || g)::uuid, ${kind}::text || ':bench-' || g, ${kind}::text,
            ${organisationId}::uuid, now() - (${charges} - g) * interval '30 seconds'
          from generate_series(${from}::int, ${to}::int) g`);
        await tx.execute(postings(from, to));
      });
    }
  };
  const insertPostings = sql`insert into ledger_postings (entry_id, account, organisation_id, currency, amount)`;
  await timed(log, `${charges} charges (4 postings each)`, () =>
    inBatches(
      'charge',
      charges,
      (from, to) => sql`${insertPostings}
        select md5('bench-charge-' || g)::uuid, p.account, p.organisation_id, 'EUR', p.amount
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (values
          ('payments_in_flight', null::uuid, ${amount} - (25 + ${amount} * 14 / 1000)),
          ('processor_fees', null::uuid, 25 + ${amount} * 14 / 1000),
          ('organisation_pending', ${organisationId}::uuid, -(${amount} - ${amount} * 5 / 100)),
          ('platform_fees', null::uuid, -(${amount} * 5 / 100))
        ) p(account, organisation_id, amount)`,
    ),
  );
  await timed(log, `${releases} releases (2 postings each)`, () =>
    inBatches(
      'release',
      releases,
      (from, to) => sql`${insertPostings}
        select md5('bench-release-' || g)::uuid, p.account, ${organisationId}::uuid, 'EUR', p.amount
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (values
          ('organisation_pending', ${amount} - ${amount} * 5 / 100),
          ('organisation_available', -(${amount} - ${amount} * 5 / 100))
        ) p(account, amount)`,
    ),
  );
  const share = amountOf(sql`r`);
  await timed(log, `${payouts} payouts (2 postings each)`, () =>
    inBatches(
      'payout',
      payouts,
      (from, to) => sql`${insertPostings}
        select md5('bench-payout-' || g)::uuid, p.account, p.organisation_id, 'EUR', p.amount
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (
          select sum(${share} - ${share} * 5 / 100) as total
          from generate_series((g - 1) * ${perPayout} + 1, g * ${perPayout}) r
        ) s
        cross join lateral (values
          ('organisation_available', ${organisationId}::uuid, s.total),
          ('payments_in_flight', null::uuid, -s.total)
        ) p(account, organisation_id, amount)`,
    ),
  );
  await db.execute(sql`
    insert into ledger_organisation_balances (organisation_id, account, currency, amount)
    select organisation_id, account, currency, sum(amount) from ledger_postings
    where organisation_id = ${organisationId} group by 1, 2, 3
    on conflict (organisation_id, account, currency) do update set amount = excluded.amount`);
  for (const table of ['ledger_entries', 'ledger_postings', 'ledger_organisation_balances']) {
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  }
  const [count] = await rowsOf<{ postings: string }>(
    db,
    sql`select count(*) as postings from ledger_postings`,
  );
  return Number(count!.postings);
}
