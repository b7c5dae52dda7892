import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../../test/harness';
import { createLedger, LedgerError, type Ledger, type NewLedgerEntry } from './ledger';
import { ledgerEntries, ledgerPostings } from './ledger.table';

let database: DatabaseHandle;
let ledger: Ledger;
const organisationId = randomUUID();
const occurredAt = new Date('2026-11-27T10:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger({ db: database.db });
});
afterEach(async () => {
  expect(await ledger.problems()).toEqual([]);
});
afterAll(async () => {
  await database?.close();
});

/** A charge of `amount` with a 5 % platform fee and a processor fee of 59. */
function charge(key: string, amount: number, currency = 'EUR'): NewLedgerEntry {
  const platformFee = Math.round(amount * 0.05);
  const processorFee = 59;
  return {
    idempotencyKey: key,
    kind: 'charge',
    occurredAt,
    organisationId,
    postings: [
      { account: 'payments_in_flight', currency, amount: amount - processorFee },
      { account: 'processor_fees', currency, amount: processorFee },
      {
        account: 'organisation_pending',
        organisationId,
        currency,
        amount: -(amount - platformFee),
      },
      { account: 'platform_fees', currency, amount: -platformFee },
    ],
  };
}

const record = (entry: NewLedgerEntry) => database.db.transaction((tx) => ledger.record(tx, entry));

/** The database's answer to a statement that must be refused, or null if it was not. */
async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
}

describe('the ledger', () => {
  it('records a balanced entry once, however often it is recorded', async () => {
    const key = `charge:${randomUUID()}`;
    expect(await record(charge(key, 2_000))).toBe(true);
    expect(await record(charge(key, 2_000))).toBe(false);
    const postings = await database.db.execute(
      sql`select count(*)::int as n from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where e.idempotency_key = ${key}`,
    );
    expect((postings as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(4);
  });

  it("sums an organisation's balance from its postings, per currency, shown as what is owed", async () => {
    const owner = randomUUID();
    const entry = (key: string, amount: number, currency: string): NewLedgerEntry => ({
      ...charge(key, amount, currency),
      organisationId: owner,
      postings: charge(key, amount, currency).postings.map((posting) =>
        posting.account === 'organisation_pending'
          ? { ...posting, organisationId: owner }
          : posting,
      ),
    });
    await record(entry(`a:${owner}`, 2_000, 'EUR'));
    await record(entry(`b:${owner}`, 1_000, 'EUR'));
    await record(entry(`c:${owner}`, 5_000, 'CHF'));
    expect(await ledger.balance('organisation_pending', owner)).toEqual([
      { currency: 'CHF', amount: 5_000 - 250 },
      { currency: 'EUR', amount: 2_000 - 100 + 1_000 - 50 },
    ]);
    expect(await ledger.balance('organisation_available', owner)).toEqual([]);
  });

  it('refuses an entry that does not balance, before and in the database', async () => {
    const lopsided = charge(`charge:${randomUUID()}`, 2_000);
    lopsided.postings[0]!.amount += 1;
    await expect(record(lopsided)).rejects.toThrow(LedgerError);

    // Past the code's own check, the database refuses it at commit and nothing is kept.
    const key = `raw:${randomUUID()}`;
    const message = await refusal(() =>
      database.db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(ledgerEntries)
          .values({ idempotencyKey: key, kind: 'raw', occurredAt })
          .returning({ id: ledgerEntries.id });
        await tx.insert(ledgerPostings).values([
          { entryId: entry!.id, account: 'platform_fees', currency: 'EUR', amount: 100 },
          { entryId: entry!.id, account: 'processor_fees', currency: 'EUR', amount: -99 },
        ]);
      }),
    );
    expect(message).toMatch(/does not balance in EUR/);
    const kept = await database.db.execute(
      sql`select count(*)::int as n from ledger_entries where idempotency_key = ${key}`,
    );
    expect((kept as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('refuses an entry with a single posting, a zero amount, or an unknown currency', async () => {
    const base = charge(`charge:${randomUUID()}`, 2_000);
    await expect(record({ ...base, postings: base.postings.slice(0, 1) })).rejects.toThrow(
      /fewer than two postings/,
    );
    await expect(
      record({
        ...base,
        postings: [
          { account: 'platform_fees', currency: 'EUR', amount: 0 },
          { account: 'processor_fees', currency: 'EUR', amount: 0 },
        ],
      }),
    ).rejects.toThrow(/posts 0/);
    await expect(record(charge(`x:${randomUUID()}`, 2_000, 'XAU'))).rejects.toThrow(
      /not a payment currency/,
    );
  });

  it('never changes or deletes what it recorded: corrections are new entries', async () => {
    const key = `charge:${randomUUID()}`;
    await record(charge(key, 3_000));
    expect(await refusal(() => database.db.update(ledgerPostings).set({ amount: 1 }))).toMatch(
      /append-only: UPDATE on ledger_postings/,
    );
    expect(await refusal(() => database.db.delete(ledgerPostings))).toMatch(
      /append-only: DELETE on ledger_postings/,
    );
    expect(await refusal(() => database.db.delete(ledgerEntries))).toMatch(
      /append-only: DELETE on ledger_entries/,
    );
    expect(await refusal(() => database.db.execute(sql`truncate ledger_postings`))).toMatch(
      /append-only: TRUNCATE/,
    );
  });

  it('refuses an organisation account without its organisation', async () => {
    const base = charge(`charge:${randomUUID()}`, 2_000);
    const orphaned = {
      ...base,
      postings: base.postings.map(({ organisationId: _, ...posting }) => posting),
    };
    await expect(record(orphaned)).rejects.toThrow(/disagree/);
  });
});
