import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewBankAccount, ProviderBalance, ProviderEvent } from './provider';
import {
  DAY_MS,
  contractSteps,
  refusalOf,
  type ProviderContractSubject,
} from './provider-contract-world';

/**
 * The provider contract's money: refunds of destination charges (the organisation's share
 * reversed in proportion), balances that become available, manual payouts to the organisation's
 * bank account, and who manages that bank account. Registered by `describeProviderContract`.
 */

/** Stripe's test IBAN ending 111113: payouts to it fail, the account being closed. */
const CLOSED_IBAN = 'IE75AIBK93115200111113';

/** The organisation's share of the contract's 25.00 EUR charge: less the 1.25 fee. */
const SHARE = 2_500 - 125;

const euros = (entries: ProviderBalance['available']) =>
  entries.find((entry) => entry.currency === 'eur')?.amount ?? 0;

/** What Encore learns of one refund or payout from its events: types and statuses. */
function eventsAbout(events: ProviderEvent[], id: string): Array<[string, string]> {
  return events.flatMap((event): Array<[string, string]> => {
    if ('refund' in event && event.refund.id === id) return [[event.type, event.refund.status]];
    if ('payout' in event && event.payout.id === id) return [[event.type, event.payout.status]];
    return [];
  });
}

export function describeMoneyContract(subject: () => ProviderContractSubject) {
  const { enabledAccount, intentFor, paidIntent } = contractSteps(subject);
  const refund = (intentId: string, amount: number, key = `refund:${randomUUID()}`) =>
    subject().provider.createRefund({ intentId, amount, metadata: { request: 'rr-1' } }, key);
  const payout = (accountId: string, amount: number, key = `payout:${randomUUID()}`) =>
    subject().provider.createPayout(
      { accountId, amount, currency: 'EUR', description: 'Encore payout', metadata: {} },
      key,
    );
  const total = async (accountId: string) => {
    const balance = await subject().provider.retrieveBalance(accountId);
    return euros(balance.available) + euros(balance.pending);
  };

  /** An account whose charge's share is available for payout (seven days on). */
  async function accountWithAvailableMoney(bank?: { accountNumber: string }) {
    const accountId = await enabledAccount(bank);
    await paidIntent(accountId);
    await subject().world.advanceTime(7 * DAY_MS + 60_000);
    return accountId;
  }

  describe('refunds', () => {
    it("refunds a charge in full, taking the organisation's share back, and tells it", async () => {
      const { provider, world } = subject();
      const accountId = await enabledAccount();
      const intent = await paidIntent(accountId);
      await world.takeEvents();

      const refunded = await refund(intent.id, 2_500);
      expect(refunded).toMatchObject({
        intentId: intent.id,
        amount: 2_500,
        currency: 'eur',
        status: 'succeeded',
        failureReason: null,
        transferReversalAmount: SHARE,
        metadata: { request: 'rr-1' },
      });
      expect(refunded.createdAt).toBeInstanceOf(Date);
      expect(await provider.retrieveRefund(refunded.id)).toMatchObject({
        id: refunded.id,
        status: 'succeeded',
        transferReversalAmount: SHARE,
      });
      expect(eventsAbout(await world.takeEvents(), refunded.id).at(-1)).toEqual([
        expect.stringMatching(/^refund\./),
        'succeeded',
      ]);
      expect(await total(accountId)).toBe(0);
    });

    it('refunds in parts, reverses no more than the transfer, and refuses more than is left', async () => {
      const accountId = await enabledAccount();
      const intent = await paidIntent(accountId);
      const first = await refund(intent.id, 333);
      const second = await refund(intent.id, 333);
      // 95 % of each, rounded so that together they are 95 % of 666.
      expect([first.transferReversalAmount, second.transferReversalAmount]).toEqual([316, 317]);

      const tooMuch = await refusalOf(refund(intent.id, 2_000));
      expect(tooMuch).toMatchObject({ code: 'amount_too_large', param: 'amount' });
      const rest = await refund(intent.id, 1_834);
      expect(rest.transferReversalAmount).toBe(SHARE - 316 - 317);
      expect((await refusalOf(refund(intent.id, 1))).code).toBe('charge_already_refunded');
      expect(await total(accountId)).toBe(0);
    });

    it('refuses to refund an intent that was not paid', async () => {
      const intent = await intentFor(await enabledAccount());
      expect((await refusalOf(refund(intent.id, 100))).code).toBe('charge_not_refundable');
    });

    it('makes one refund for one idempotency key, and refuses the key with another amount', async () => {
      const { world } = subject();
      const intent = await paidIntent(await enabledAccount());
      await world.takeEvents();
      const key = `refund:${randomUUID()}`;
      const once = await refund(intent.id, 500, key);
      expect((await refund(intent.id, 500, key)).id).toBe(once.id);
      expect((await refusalOf(refund(intent.id, 700, key))).code).toBe('idempotency_key_in_use');
      const events = await world.takeEvents();
      const refundIds = new Set(
        events.flatMap((event) => ('refund' in event ? [event.refund.id] : [])),
      );
      expect([...refundIds]).toEqual([once.id]);
      // The rest can still be refunded: the key's second call took nothing.
      expect((await refund(intent.id, 2_000)).status).toBe('succeeded');
    });

    it('answers a refund of the 5126 card pending, then fails it and gives the share back', async () => {
      const { provider, world } = subject();
      const accountId = await enabledAccount();
      const intent = await paidIntent(accountId, '4000 0000 0000 5126');
      await world.takeEvents();

      const pending = await refund(intent.id, 2_500);
      expect(pending).toMatchObject({ status: 'pending', failureReason: null });
      expect(await provider.retrieveRefund(pending.id)).toMatchObject({
        status: 'failed',
        failureReason: 'expired_or_canceled_card',
      });
      expect(eventsAbout(await world.takeEvents(), pending.id)).toContainEqual([
        'refund.failed',
        'failed',
      ]);
      expect(await total(accountId)).toBe(SHARE);
    });
  });

  describe('balances and payouts', () => {
    it("holds a charge's share as pending, then makes it available", async () => {
      const { provider, world } = subject();
      const accountId = await enabledAccount();
      expect(await provider.retrieveBalance(accountId)).toEqual({
        available: [{ amount: 0, currency: 'eur' }],
        pending: [{ amount: 0, currency: 'eur' }],
      });
      await paidIntent(accountId);
      expect(await provider.retrieveBalance(accountId)).toEqual({
        available: [{ amount: 0, currency: 'eur' }],
        pending: [{ amount: SHARE, currency: 'eur' }],
      });
      await world.advanceTime(7 * DAY_MS + 60_000);
      expect(await provider.retrieveBalance(accountId)).toEqual({
        available: [{ amount: SHARE, currency: 'eur' }],
        pending: [{ amount: 0, currency: 'eur' }],
      });
    });

    it('pays out available money to the default bank account: in transit, paid two days on', async () => {
      const { provider, world } = subject();
      const accountId = await accountWithAvailableMoney();
      const [bank] = (await provider.retrieveAccount(accountId)).externalAccounts;
      await world.takeEvents();

      const sent = await payout(accountId, 2_000);
      expect(sent).toMatchObject({
        accountId,
        amount: 2_000,
        currency: 'eur',
        destination: bank!.id,
        failureCode: null,
        description: 'Encore payout',
      });
      expect(['pending', 'in_transit']).toContain(sent.status);
      expect(sent.arrivalDate.getTime() - sent.createdAt.getTime()).toBe(2 * DAY_MS);
      expect(await provider.retrievePayout(accountId, sent.id)).toMatchObject({
        status: 'in_transit',
      });
      expect(euros((await provider.retrieveBalance(accountId)).available)).toBe(SHARE - 2_000);

      await world.advanceTime(2 * DAY_MS + 60_000);
      expect((await provider.retrievePayout(accountId, sent.id)).status).toBe('paid');
      expect(eventsAbout(await world.takeEvents(), sent.id)).toContainEqual([
        'payout.paid',
        'paid',
      ]);
    });

    it('refuses a payout larger than the available balance', async () => {
      const accountId = await enabledAccount();
      await paidIntent(accountId);
      const refusal = await refusalOf(payout(accountId, 1));
      expect(refusal).toMatchObject({ code: 'balance_insufficient' });
    });

    it('fails a payout to a closed bank account and gives the money back', async () => {
      const { provider, world } = subject();
      const accountId = await accountWithAvailableMoney({ accountNumber: CLOSED_IBAN });
      await world.takeEvents();

      const sent = await payout(accountId, 2_000);
      expect(sent.status).toBe('pending');
      expect(await provider.retrievePayout(accountId, sent.id)).toMatchObject({
        status: 'failed',
        failureCode: 'account_closed',
        failureMessage: 'The bank account has been closed.',
      });
      const events = await world.takeEvents();
      expect(eventsAbout(events, sent.id)).toContainEqual(['payout.failed', 'failed']);
      const failed = events.find((event) => event.type === 'payout.failed');
      expect(failed).toMatchObject({ payout: { id: sent.id, accountId } });
      expect(euros((await provider.retrieveBalance(accountId)).available)).toBe(SHARE);
    });

    it('makes one payout for one idempotency key', async () => {
      const { provider } = subject();
      const accountId = await accountWithAvailableMoney();
      const key = `payout:${randomUUID()}`;
      const once = await payout(accountId, 1_000, key);
      expect((await payout(accountId, 1_000, key)).id).toBe(once.id);
      expect(euros((await provider.retrieveBalance(accountId)).available)).toBe(SHARE - 1_000);
    });
  });

  describe('bank accounts to pay out to', () => {
    const bank = (changes: Partial<NewBankAccount> = {}): NewBankAccount => ({
      country: 'IE',
      currency: 'eur',
      holderName: 'Harbour Lights Ltd',
      accountNumber: 'IE64IRCE92050112345678',
      ...changes,
    });

    it("are managed on Stripe's pages for Stripe, and by Encore for the local processor", async () => {
      const { provider, world } = subject();
      const accountId = await enabledAccount();
      const [onboarded] = (await provider.retrieveAccount(accountId)).externalAccounts;
      const add = () => provider.addExternalAccount(accountId, bank(), `bank:${randomUUID()}`);
      if (provider.name === 'stripe') {
        for (const call of [
          add(),
          provider.setDefaultExternalAccount(accountId, onboarded!.id),
          provider.removeExternalAccount(accountId, onboarded!.id),
        ]) {
          expect((await refusalOf(call)).code).toBe('external_account_managed_by_processor');
        }
        return;
      }
      await world.takeEvents();
      const key = `bank:${randomUUID()}`;
      const second = await provider.addExternalAccount(accountId, bank(), key);
      expect(second).toMatchObject({
        type: 'BANK_ACCOUNT',
        country: 'IE',
        currency: 'eur',
        holderName: 'Harbour Lights Ltd',
        last4: '5678',
        defaultForCurrency: false,
      });
      expect((await provider.addExternalAccount(accountId, bank(), key)).id).toBe(second.id);

      expect(await provider.setDefaultExternalAccount(accountId, second.id)).toMatchObject({
        id: second.id,
        defaultForCurrency: true,
      });
      const switched = await provider.retrieveAccount(accountId);
      expect(switched.externalAccounts.map((account) => account.defaultForCurrency)).toEqual([
        false,
        true,
      ]);
      const refusal = await refusalOf(provider.removeExternalAccount(accountId, second.id));
      expect(refusal.code).toBe('default_external_account_cannot_be_deleted');

      await provider.removeExternalAccount(accountId, onboarded!.id);
      await provider.removeExternalAccount(accountId, second.id);
      const without = await provider.retrieveAccount(accountId);
      expect(without).toMatchObject({ payoutsEnabled: false, externalAccounts: [] });
      expect(without.requirementsDue).toContain('external_account');
      const updates = (await world.takeEvents()).filter(
        (event) => event.type === 'account.updated' && event.account.id === accountId,
      );
      expect(updates).toHaveLength(4);
      expect(updates.at(-1)).toMatchObject({ account: { payoutsEnabled: false } });
    });

    it('refuses a bank account that cannot be one, naming the detail at fault (local)', async () => {
      const { provider } = subject();
      const accountId = await enabledAccount();
      const refused = async (changes: Partial<NewBankAccount>) =>
        refusalOf(provider.addExternalAccount(accountId, bank(changes), `bank:${randomUUID()}`));
      if (provider.name === 'stripe') {
        expect((await refused({})).code).toBe('external_account_managed_by_processor');
        return;
      }
      expect(await refused({ country: 'Ireland' })).toMatchObject({ param: 'country' });
      expect(await refused({ currency: 'xau' })).toMatchObject({ param: 'currency' });
      expect(await refused({ holderName: '  ' })).toMatchObject({ param: 'holderName' });
      expect(await refused({ accountNumber: '12' })).toMatchObject({
        code: 'account_number_invalid',
        param: 'accountNumber',
      });
      // An IBAN whose check digits do not hold (one digit changed).
      expect(await refused({ accountNumber: 'IE64IRCE92050112345679' })).toMatchObject({
        code: 'account_number_invalid',
        param: 'accountNumber',
      });
      expect(
        await refused({ accountNumber: '000123456789', routingNumber: '11-000' }),
      ).toMatchObject({ code: 'routing_number_invalid', param: 'routingNumber' });
      expect(
        await provider.addExternalAccount(
          accountId,
          bank({
            country: 'US',
            currency: 'usd',
            accountNumber: '000123456789',
            routingNumber: '110000000',
          }),
          `bank:${randomUUID()}`,
        ),
      ).toMatchObject({ currency: 'usd', routingNumber: '110000000', defaultForCurrency: true });
    });
  });
}
