// The plans behind the payments-reports benchmark's figures: EXPLAIN ANALYZE of the payments list's
// and the revenue's SQL (written as payments-reports.service.ts builds it, with the values inline),
// and the same with candidate indexes built on the scratch database.

export interface Plans {
  explain(label: string, statement: string): Promise<void>;
  explainReports(opportunityId: string, listed: number): Promise<void>;
  tryIndexes(opportunityId: string, listed: number): Promise<void>;
}

export function plansOf(
  query: (statement: string) => Promise<{ rows: unknown[] }>,
  log: (line: string) => void,
): Plans {
  async function explain(label: string, statement: string) {
    const { rows } = await query(`explain (analyze, buffers) ${statement}`);
    log(`\n${label}:`);
    for (const row of rows as Array<{ 'QUERY PLAN': string }>) log(`  ${row['QUERY PLAN']}`);
  }

  async function explainReports(opportunityId: string, listed: number) {
    const where = `opportunity_id = '${opportunityId}' and status in ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL')`;
    const page = (order: string, n: number, extra = '') =>
      `select * from payments where ${where}${extra} order by ${order} limit 10 offset ${(n - 1) * 10}`;
    const search = ` and (payer_name ilike '%Silva%' or payer_email ilike '%Silva%')`;
    const last = Math.ceil(listed / 10);
    await explain('list page 1 (created_at desc)', page('created_at desc, id desc', 1));
    await explain('list page 500', page('created_at desc, id desc', 500));
    await explain(`list page ${last} (last)`, page('created_at desc, id desc', last));
    await explain('list total', `select count(*) from payments where ${where}`);
    await explain('list sorted by NAME, page 500', page('payer_name asc, id asc', 500));
    await explain('list q Silva, page 1', page('created_at desc, id desc', 1, search));
    await explain('list q Silva, total', `select count(*) from payments where ${where}${search}`);
    await explain(
      'revenue totals',
      `select max(currency), count(*), coalesce(sum(amount), 0), coalesce(sum(amount_refunded), 0),
      coalesce(sum(amount - platform_fee - share_refunded) filter (where released_at is not null), 0),
      coalesce(sum(amount - platform_fee - share_refunded) filter (where released_at is null and method = 'INTERNAL_PAYMENT'), 0)
    from payments where ${where}`,
    );
    await explain(
      'revenue collected by day',
      `select to_char(succeeded_at at time zone 'UTC', 'YYYY-MM-DD'), sum(amount) from payments where ${where} group by 1`,
    );
    await explain(
      'revenue refunded by day',
      `select to_char(succeeded_at at time zone 'UTC', 'YYYY-MM-DD'), sum(amount) from refunds
    where opportunity_id = '${opportunityId}' and status = 'SUCCEEDED' group by 1`,
    );
  }

  /**
   * What indexes would change, tried on the scratch database only (they are not in the migrations):
   * the list's order and total from a partial index of the listed payments (a page's rows fetched
   * by id after an index-only offset), the NAME order from one of its own, the search from trigram
   * indexes, and the revenue's sums from a covering index.
   */
  async function tryIndexes(opportunityId: string, listed: number) {
    const paid = `status in ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL')`;
    const begun = performance.now();
    for (const statement of [
      `create index bench_payments_listed_idx on payments (opportunity_id, created_at desc, id desc) where ${paid}`,
      `create index bench_payments_name_idx on payments (opportunity_id, payer_name, id) where ${paid}`,
      `create index bench_payments_search_idx on payments using gin (payer_name gin_trgm_ops, payer_email gin_trgm_ops)`,
      `create index bench_payments_revenue_idx on payments (opportunity_id) include (currency, amount, amount_refunded, platform_fee, share_refunded, released_at, method, succeeded_at) where ${paid}`,
      'vacuum analyze payments',
    ]) {
      await query(statement);
    }
    log(
      `\n--- with the candidate indexes (${((performance.now() - begun) / 1000).toFixed(1)} s to build) ---`,
    );
    const where = `opportunity_id = '${opportunityId}' and ${paid}`;
    const byId = (order: string, n: number) =>
      `select p.* from payments p join (select id from payments where ${where} order by ${order}
      limit 10 offset ${(n - 1) * 10}) page using (id) order by ${order.replace(/(\w+) /g, 'p.$1 ')}`;
    const search = ` and (payer_name ilike '%Silva%' or payer_email ilike '%Silva%')`;
    await explain(
      'list page 500, rows by id after an index-only offset',
      byId('created_at desc, id desc', 500),
    );
    await explain(
      `list page ${Math.ceil(listed / 10)} (last), the same`,
      byId('created_at desc, id desc', Math.ceil(listed / 10)),
    );
    await explain('list total, index only', `select count(*) from payments where ${where}`);
    await explain('list sorted by NAME, page 500, the same', byId('payer_name asc, id asc', 500));
    await explain(
      'list q Silva, page 1',
      `select * from payments where ${where}${search} order by created_at desc, id desc limit 10`,
    );
    await explain('list q Silva, total', `select count(*) from payments where ${where}${search}`);
    await explain(
      'revenue totals, index only',
      `select max(currency), count(*), coalesce(sum(amount), 0), coalesce(sum(amount_refunded), 0),
      coalesce(sum(amount - platform_fee - share_refunded) filter (where released_at is not null), 0),
      coalesce(sum(amount - platform_fee - share_refunded) filter (where released_at is null and method = 'INTERNAL_PAYMENT'), 0)
    from payments where ${where}`,
    );
  }

  return { explain, explainReports, tryIndexes };
}
