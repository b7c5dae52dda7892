import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PaymentProvider } from '../../lib/payments/provider';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { Ledger } from './ledger';
import { PAYMENT_STATUS_OF } from './payments.settlement';
import { payments } from './payments.table';

/**
 * The payments invariants, asked again from the stored facts: the books balance; every card
 * payment that succeeded is in the books once, for what it charged, and nothing else is; every
 * refund that went through is booked once and adds up to what its payment says was refunded; the
 * processor says of each intent what we recorded; no tier or coupon gave out more slots than it has,
 * and each counts exactly the payments holding one. Run after every payments test, and by an
 * operator; an empty list is a healthy system.
 */
export function createPaymentsAudit({
  db,
  ledger,
  provider,
  opportunities,
}: {
  db: Database;
  ledger: Pick<Ledger, 'problems'>;
  provider: Pick<PaymentProvider, 'retrieveIntent'>;
  opportunities: Pick<OpportunitiesService, 'paymentOptionsOf'>;
}) {
  async function booksAgree(): Promise<string[]> {
    const rows = (await db.execute(sql`
      select p.id, p.status, p.amount, p.platform_fee,
        (select count(*)::int from ledger_entries e where e.idempotency_key = 'charge:' || p.id::text) as entries,
        (select coalesce(sum(-lp.amount), 0)::bigint from ledger_entries e join ledger_postings lp on lp.entry_id = e.id
          where e.idempotency_key = 'charge:' || p.id::text and lp.account = 'organisation_pending') as owed
      from payments p where p.method = 'INTERNAL_PAYMENT'`)) as unknown as {
      rows: Array<{
        id: string;
        status: string;
        amount: number | string;
        platform_fee: number | string;
        entries: number;
        owed: number | string;
      }>;
    };
    const problems: string[] = [];
    for (const row of rows.rows) {
      const charged = ['SUCCEEDED', 'REFUNDED', 'REFUND_FAIL'].includes(row.status);
      if (charged && row.entries !== 1)
        problems.push(`payment ${row.id}: ${row.entries} charge entries`);
      if (!charged && row.entries !== 0)
        problems.push(`payment ${row.id} (${row.status}) is in the books`);
      if (charged && Number(row.owed) !== Number(row.amount) - Number(row.platform_fee)) {
        problems.push(`payment ${row.id}: the books owe ${row.owed}`);
      }
    }
    return problems;
  }

  async function processorAgrees(): Promise<string[]> {
    const rows = await db
      .select({
        id: payments.id,
        status: payments.status,
        intentId: payments.providerIntentId,
        amount: payments.amount,
      })
      .from(payments)
      .where(sql`${payments.providerIntentId} is not null`);
    const problems: string[] = [];
    for (const row of rows) {
      const intent = await provider.retrieveIntent(row.intentId!);
      const said = PAYMENT_STATUS_OF[intent.status];
      if (intent.amount !== row.amount)
        problems.push(`payment ${row.id}: the processor charged ${intent.amount}`);
      // A refund (issue 21) leaves the intent succeeded.
      const recorded = ['REFUNDED', 'REFUND_FAIL'].includes(row.status) ? 'SUCCEEDED' : row.status;
      if (said !== recorded && (said === 'SUCCEEDED' || recorded === 'SUCCEEDED')) {
        problems.push(
          `payment ${row.id}: recorded ${row.status}, the processor says ${intent.status}`,
        );
      }
    }
    return problems;
  }

  async function slotsAgree(): Promise<string[]> {
    const held = (await db.execute(sql`
      select payment_option_id as option, coupon_id as coupon, opportunity_id as opportunity
      from payments where holds_slots`)) as unknown as {
      rows: Array<{ option: string | null; coupon: string | null; opportunity: string }>;
    };
    const byOption = new Map<string, number>();
    const byCoupon = new Map<string, number>();
    for (const row of held.rows) {
      if (row.option) byOption.set(row.option, (byOption.get(row.option) ?? 0) + 1);
      if (row.coupon) byCoupon.set(row.coupon, (byCoupon.get(row.coupon) ?? 0) + 1);
    }
    const opportunityIds = [
      ...new Set(
        (
          (await db.execute(
            sql`select distinct opportunity_id as id from payments`,
          )) as unknown as {
            rows: Array<{ id: string }>;
          }
        ).rows.map((row) => row.id),
      ),
    ];
    const problems: string[] = [];
    for (const option of (await opportunities.paymentOptionsOf(opportunityIds)).flat()) {
      const holding = byOption.get(option.id) ?? 0;
      if (option.filledSlots !== holding) {
        problems.push(
          `tier ${option.id}: ${option.filledSlots} taken, ${holding} payments hold one`,
        );
      }
      if (option.slots !== null && option.filledSlots > option.slots) {
        problems.push(`tier ${option.id}: oversold`);
      }
    }
    const coupons = (await db.execute(
      sql`select id, used_slots, slots from coupons`,
    )) as unknown as { rows: Array<{ id: string; used_slots: number; slots: number | null }> };
    for (const coupon of coupons.rows) {
      const holding = byCoupon.get(coupon.id) ?? 0;
      if (coupon.used_slots !== holding) {
        problems.push(
          `coupon ${coupon.id}: ${coupon.used_slots} used, ${holding} payments hold one`,
        );
      }
    }
    return problems;
  }

  /**
   * Each refund that went through is in the books once, and nothing else of it is; each payment's
   * refunded amount is what its refunds gave back (issue 21).
   */
  async function refundsAgree(): Promise<string[]> {
    const booked = (await db.execute(sql`
      select r.id, r.status,
        (select count(*)::int from ledger_entries e where e.idempotency_key = 'refund:' || r.id::text) as entries
      from refunds r`)) as unknown as {
      rows: Array<{ id: string; status: string; entries: number }>;
    };
    const problems = booked.rows.flatMap((row) => {
      const want = row.status === 'SUCCEEDED' ? 1 : 0;
      return row.entries === want
        ? []
        : [`refund ${row.id} (${row.status}): ${row.entries} entries`];
    });
    const refunded = (await db.execute(sql`
      select p.id, p.amount_refunded::text as recorded,
        coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status = 'SUCCEEDED'), 0)::text as given
      from payments p
      where p.amount_refunded <> coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status = 'SUCCEEDED'), 0)`)) as unknown as {
      rows: Array<{ id: string; recorded: string; given: string }>;
    };
    for (const row of refunded.rows) {
      problems.push(
        `payment ${row.id}: ${row.recorded} recorded refunded, its refunds gave ${row.given}`,
      );
    }
    return problems;
  }

  /** The revenue rollup says what the payments and refunds themselves add up to (issue 21). */
  async function revenueAgrees(): Promise<string[]> {
    const days = (await db.execute(sql`
      with kept as (
        select opportunity_id, currency, sum(paid_count)::bigint as paid, sum(collected)::bigint as collected,
          sum(refunded)::bigint as refunded from payment_revenue_days group by 1, 2),
      actual as (
        select p.opportunity_id, p.currency, count(*)::bigint as paid, sum(p.amount)::bigint as collected,
          sum(p.amount_refunded)::bigint as refunded
        from payments p where p.status in ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL') group by 1, 2)
      select coalesce(k.opportunity_id, a.opportunity_id)::text as opportunity,
        concat_ws('/', k.paid, k.collected, k.refunded) as kept, concat_ws('/', a.paid, a.collected, a.refunded) as actual
      from kept k full join actual a on a.opportunity_id = k.opportunity_id and a.currency = k.currency
      where (k.paid, k.collected, k.refunded) is distinct from (a.paid, a.collected, a.refunded)`)) as unknown as {
      rows: Array<{ opportunity: string; kept: string; actual: string }>;
    };
    const shares = (await db.execute(sql`
      with actual as (
        select opportunity_id, currency,
          coalesce(sum(amount - platform_fee - share_refunded) filter (where released_at is null), 0)::bigint as pending,
          coalesce(sum(amount - platform_fee - share_refunded) filter (where released_at is not null), 0)::bigint as available
        from payments where method = 'INTERNAL_PAYMENT' and status in ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL')
        group by 1, 2)
      select coalesce(k.opportunity_id, a.opportunity_id)::text as opportunity,
        concat_ws('/', k.pending, k.available) as kept, concat_ws('/', a.pending, a.available) as actual
      from payment_revenue_shares k full join actual a on a.opportunity_id = k.opportunity_id and a.currency = k.currency
      where (coalesce(k.pending, 0), coalesce(k.available, 0)) is distinct from (coalesce(a.pending, 0), coalesce(a.available, 0))`)) as unknown as {
      rows: Array<{ opportunity: string; kept: string; actual: string }>;
    };
    return [
      ...days.rows.map(
        (row) =>
          `revenue of ${row.opportunity}: kept ${row.kept} (paid/collected/refunded), payments say ${row.actual}`,
      ),
      ...shares.rows.map(
        (row) =>
          `revenue shares of ${row.opportunity}: kept ${row.kept} (pending/available), payments say ${row.actual}`,
      ),
    ];
  }

  async function books(): Promise<string[]> {
    return [
      ...(await ledger.problems()),
      ...(await booksAgree()),
      ...(await refundsAgree()),
      ...(await revenueAgrees()),
      ...(await processorAgrees()),
    ];
  }

  return {
    /** The money: the books balance, and they and the processor agree with the payments. */
    books,
    /** Everything, the slots of tiers and coupons included. */
    async problems(): Promise<string[]> {
      return [...(await books()), ...(await slotsAgree())];
    },
  };
}

export type PaymentsAudit = ReturnType<typeof createPaymentsAudit>;
