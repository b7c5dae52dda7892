import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { openTestDatabase } from '../../../../test/harness';
import type { ProviderEvent } from '../provider';
import { localBalanceTransactions, localRefunds } from './local.table';
import { createLocalOnboarding } from './onboarding';
import { createLocalProcessor, type LocalProcessor } from './processor';

/**
 * The local processor's money beyond the provider contract (provider-money.contract.ts): many
 * refunds and payouts at once, payouts paid on the day, a processor event that fails taking its
 * refund with it, and the other failing test bank number.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
let database: DatabaseHandle;
let processor: LocalProcessor;
let onboarding: ReturnType<typeof createLocalOnboarding>;
let now = new Date('2026-11-27T10:00:00Z');
const events: ProviderEvent[] = [];
let refuseEvents = false;

beforeAll(async () => {
  database = await openTestDatabase();
  const options = {
    db: database.db,
    clock: () => now,
    publicUrl: 'http://encore.test',
    onEvent: async (_tx: unknown, event: ProviderEvent) => {
      if (refuseEvents) throw new Error('Encore could not record the event');
      events.push(event);
    },
  };
  processor = createLocalProcessor(options);
  onboarding = createLocalOnboarding(processor, options);
});
afterAll(async () => {
  await database?.close();
});

async function connectedAccount(): Promise<string> {
  const account = await processor.createAccount(
    { email: 'payments@harbour.test', metadata: {} },
    `account:${randomUUID()}`,
  );
  const link = await processor.createAccountLink(account.id, {
    refreshUrl: 'http://encore.test/refresh',
    returnUrl: 'http://encore.test/done',
  });
  await onboarding.submit(new URL(link.url).searchParams.get('link')!, {
    businessType: 'COMPANY',
    country: 'IE',
    defaultCurrency: 'EUR',
    payout: {
      type: 'BANK_ACCOUNT',
      holderName: 'Harbour Lights Ltd',
      accountNumber: 'IE29AIBK93115212345678',
    },
  });
  return account.id;
}

async function paidIntent(destination: string, card = '4242424242424242') {
  const intent = await processor.createIntent(
    {
      amount: 2_500,
      currency: 'EUR',
      applicationFeeAmount: 125,
      destination,
      description: 'Riverside Stage open call',
      metadata: {},
    },
    `checkout:${randomUUID()}`,
  );
  await processor.confirmIntent(intent.id, intent.clientSecret, card);
  return intent;
}

async function accountWithAvailableMoney() {
  const accountId = await connectedAccount();
  await paidIntent(accountId);
  now = new Date(now.getTime() + 7 * DAY_MS);
  return accountId;
}

const payout = (accountId: string, amount: number, key = `payout:${randomUUID()}`) =>
  processor.createPayout(
    { accountId, amount, currency: 'eur', description: 'Encore payout', metadata: {} },
    key,
  );

const available = async (accountId: string) =>
  (await processor.balance(accountId)).find((entry) => entry.currency === 'eur')?.available;

describe('the local processor: refunds and payouts at once', () => {
  it('refunds no more than the charge when twenty refunds of a fifth come at once', async () => {
    const intent = await paidIntent(await connectedAccount());
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        processor.createRefund(
          { intentId: intent.id, amount: 500, metadata: {} },
          `refund:${randomUUID()}`,
        ),
      ),
    );
    const made = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(made).toHaveLength(5);
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as { code: string }).code] : [],
    );
    expect(new Set(refused)).toEqual(new Set(['charge_already_refunded']));
    const rows = await database.db
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.intentId, intent.id));
    expect(rows.reduce((sum, row) => sum + row.transferReversalAmount, 0)).toBe(2_375);
  });

  it('makes one refund of a key sent ten times at once', async () => {
    const intent = await paidIntent(await connectedAccount());
    const key = `refund:${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        processor.createRefund({ intentId: intent.id, amount: 1_000, metadata: {} }, key),
      ),
    );
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    const rows = await database.db
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.intentId, intent.id));
    expect(rows).toHaveLength(1);
  });

  it('pays out no more than the available balance when ten payouts come at once', async () => {
    const accountId = await accountWithAvailableMoney();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => payout(accountId, 1_000)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
    expect(await available(accountId)).toBe(375);
  });
});

describe('the local processor: what a refund or payout tells', () => {
  it('keeps no refund whose event Encore could not record (one transaction)', async () => {
    const accountId = await connectedAccount();
    const intent = await paidIntent(accountId);
    refuseEvents = true;
    await expect(
      processor.createRefund({ intentId: intent.id, amount: 2_500, metadata: {} }, 'refund:lost'),
    ).rejects.toThrow('could not record');
    refuseEvents = false;
    const rows = await database.db
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.intentId, intent.id));
    expect(rows).toEqual([]);
    expect((await processor.balance(accountId))[0]).toMatchObject({ pending: 2_375 });
  });

  it("fails the 5126 card's refund with its reversal given back, told once as refund.failed", async () => {
    const intent = await paidIntent(await connectedAccount(), '4000000000005126');
    events.length = 0;
    const refund = await processor.createRefund(
      { intentId: intent.id, amount: 1_000, metadata: {} },
      `refund:${randomUUID()}`,
    );
    expect(refund.status).toBe('pending');
    expect(events.map((event) => event.type)).toEqual(['refund.failed']);
    const moves = await database.db
      .select({ type: localBalanceTransactions.type, amount: localBalanceTransactions.amount })
      .from(localBalanceTransactions)
      .where(eq(localBalanceTransactions.source, refund.id))
      .orderBy(localBalanceTransactions.amount);
    expect(moves).toEqual([
      { type: 'payment_refund', amount: -950 },
      { type: 'payment_refund_failure', amount: 950 },
    ]);
    // A failed refund gave everything back: the whole charge can still be refunded.
    await expect(
      processor.createRefund(
        { intentId: intent.id, amount: 2_500, metadata: {} },
        `refund:${randomUUID()}`,
      ),
    ).resolves.toMatchObject({ amount: 2_500 });
  });

  it('pays arrived payouts on the day, each told once as payout.paid', async () => {
    const accountId = await accountWithAvailableMoney();
    const first = await payout(accountId, 1_000);
    const second = await payout(accountId, 1_000);
    expect(first.status).toBe('in_transit');
    events.length = 0;
    now = new Date(now.getTime() + 2 * DAY_MS);
    expect(await processor.payArrivedPayouts()).toBeGreaterThanOrEqual(2);
    expect(await processor.payArrivedPayouts()).toBe(0);
    expect((await processor.retrievePayout(accountId, first.id)).status).toBe('paid');
    const paid = events.flatMap((event) => ('payout' in event ? [event.payout.id] : []));
    expect(paid.filter((id) => id === first.id || id === second.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    await expect(processor.retrievePayout('acct_someone_else', first.id)).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('fails a payout to test number 000111111116 as no_account and marks the bank account errored', async () => {
    const accountId = await accountWithAvailableMoney();
    const closed = await processor.addExternalAccount(
      accountId,
      {
        country: 'IE',
        currency: 'eur',
        holderName: 'Harbour Lights Ltd',
        accountNumber: '000111111116',
      },
      `bank:${randomUUID()}`,
    );
    await processor.setDefaultExternalAccount(accountId, closed.id);
    events.length = 0;
    const sent = await payout(accountId, 2_000);
    expect(sent).toMatchObject({ status: 'pending', destination: closed.id });
    expect(events.map((event) => event.type)).toEqual(['payout.created', 'payout.failed']);
    expect(events[1]).toMatchObject({
      payout: { status: 'failed', failureCode: 'no_account', accountId },
    });
    expect(await available(accountId)).toBe(2_375);
    const account = await processor.retrieveAccount(accountId);
    expect(account.externalAccounts.find((bank) => bank.id === closed.id)?.status).toBe('errored');
  });

  it('refuses payouts from an unknown account, one not onboarded, and in a currency with no bank account', async () => {
    await expect(payout('acct_nobody', 100)).rejects.toMatchObject({ code: 'account_invalid' });
    const fresh = await processor.createAccount(
      { email: 'new@harbour.test', metadata: {} },
      `account:${randomUUID()}`,
    );
    await expect(payout(fresh.id, 100)).rejects.toMatchObject({ code: 'payouts_not_allowed' });
    const accountId = await accountWithAvailableMoney();
    await expect(
      processor.createPayout(
        { accountId, amount: 100, currency: 'usd', description: 'x', metadata: {} },
        `payout:${randomUUID()}`,
      ),
    ).rejects.toMatchObject({ code: 'no_external_account', param: 'currency' });
    const key = `payout:${randomUUID()}`;
    await payout(accountId, 100, key);
    await expect(payout(accountId, 200, key)).rejects.toMatchObject({
      code: 'idempotency_key_in_use',
    });
    const debits = await database.db
      .select()
      .from(localBalanceTransactions)
      .where(inArray(localBalanceTransactions.type, ['payout', 'payout_failure']));
    expect(debits.filter((debit) => debit.accountId === accountId)).toHaveLength(1);
  });
});
