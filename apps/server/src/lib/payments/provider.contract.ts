import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeMoneyContract } from './provider-money.contract';
import { refusalOf, urls, type ProviderContractSubject } from './provider-contract-world';

export type { ProviderContractSubject, ProviderWorld } from './provider-contract-world';

/**
 * What every payment provider does the same way, so that everything above the provider has one
 * code path. A provider's test runs this suite with the provider and a "world": what happens
 * outside Encore's server, on the processor's own pages and in the payer's browser, and the events
 * that come back to Encore. Refunds, payouts, balances and bank accounts are in
 * provider-money.contract.ts.
 */

export function describeProviderContract(
  name: string,
  setup: () => Promise<ProviderContractSubject>,
) {
  describe(`the ${name} provider keeps the payment provider contract`, () => {
    let subject: ProviderContractSubject;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.close?.();
    });

    const newAccount = () =>
      subject.provider.createAccount(
        { email: 'payments@harbour.test', metadata: { organisation: 'harbour' } },
        `account:${randomUUID()}`,
      );

    async function onboard(accountId: string) {
      const link = await subject.provider.createAccountLink(accountId, urls);
      await subject.world.completeOnboarding(link.url);
    }

    async function enabledAccount(): Promise<string> {
      const account = await newAccount();
      await onboard(account.id);
      return account.id;
    }

    const intentFor = (destination: string, key = `checkout:${randomUUID()}`, amount = 2_500) =>
      subject.provider.createIntent(
        {
          amount,
          currency: 'EUR',
          applicationFeeAmount: 125,
          destination,
          description: 'Riverside Stage open call',
          metadata: { application: 'app-1' },
        },
        key,
      );

    /** What Encore learns of an intent from its events: their types, for this intent only. */
    async function intentEventsOf(intentId: string) {
      const events = await subject.world.takeEvents();
      return events.flatMap((event) =>
        'intent' in event && event.intent.id === intentId
          ? [[event.type, event.intent.status]]
          : [],
      );
    }

    it('onboards an account from requirements due, charges off, to charges and payouts enabled', async () => {
      const { provider, world } = subject;
      const account = await newAccount();
      expect(account).toMatchObject({
        email: 'payments@harbour.test',
        detailsSubmitted: false,
        chargesEnabled: false,
        payoutsEnabled: false,
        disabledReason: 'requirements.past_due',
        externalAccounts: [],
      });
      expect(account.requirementsDue).toEqual(
        expect.arrayContaining(['business_type', 'external_account']),
      );
      expect(account.createdAt).toBeInstanceOf(Date);
      expect(await provider.retrieveAccount(account.id)).toMatchObject({
        id: account.id,
        chargesEnabled: false,
      });

      const link = await provider.createAccountLink(account.id, urls);
      expect(link.url).toMatch(/^https?:\/\//);
      expect(link.expiresAt.getTime()).toBeGreaterThan(account.createdAt.getTime());
      await world.takeEvents();
      await world.completeOnboarding(link.url);

      const enabled = await provider.retrieveAccount(account.id);
      expect(enabled).toMatchObject({
        id: account.id,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        disabledReason: null,
        requirementsDue: [],
        businessType: 'COMPANY',
        country: 'IE',
        defaultCurrency: 'eur',
      });
      expect(enabled.externalAccounts).toEqual([
        expect.objectContaining({
          type: 'BANK_ACCOUNT',
          last4: '5678',
          currency: 'eur',
          holderName: 'Harbour Lights Ltd',
          defaultForCurrency: true,
        }),
      ]);
      expect(await world.takeEvents()).toEqual([
        expect.objectContaining({
          type: 'account.updated',
          account: expect.objectContaining({ id: account.id, chargesEnabled: true }),
        }),
      ]);
    });

    it('refuses a charge for an account that cannot take charges yet', async () => {
      const account = await newAccount();
      const refusal = await refusalOf(intentFor(account.id));
      expect(refusal.code).toBe('account_invalid');
    });

    it('takes a payment: requires_payment_method, then succeeded with the processor fee', async () => {
      const { provider, world } = subject;
      const destination = await enabledAccount();
      const intent = await intentFor(destination);
      expect(intent).toMatchObject({
        amount: 2_500,
        currency: 'eur',
        applicationFeeAmount: 125,
        destination,
        status: 'requires_payment_method',
        lastPaymentError: null,
        nextActionUrl: null,
        processorFee: null,
        metadata: { application: 'app-1' },
      });
      expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
      await world.takeEvents();

      await world.pay(intent, '4242 4242 4242 4242');
      const paid = await provider.retrieveIntent(intent.id);
      expect(paid).toMatchObject({ id: intent.id, status: 'succeeded', lastPaymentError: null });
      expect(Number.isInteger(paid.processorFee)).toBe(true);
      expect(paid.processorFee).toBeGreaterThan(0);
      expect(paid.processorFee).toBeLessThan(paid.amount);
      expect(await intentEventsOf(intent.id)).toEqual([['payment_intent.succeeded', 'succeeded']]);
    });

    it('declines a card with insufficient funds, then takes 4242…', async () => {
      const { provider, world } = subject;
      const intent = await intentFor(await enabledAccount());
      await world.takeEvents();

      await world.pay(intent, '4000000000009995');
      const declined = await provider.retrieveIntent(intent.id);
      expect(declined).toMatchObject({
        status: 'requires_payment_method',
        lastPaymentError: {
          code: 'card_declined',
          declineCode: 'insufficient_funds',
          message: expect.stringMatching(/\w/),
        },
        processorFee: null,
      });
      expect(await intentEventsOf(intent.id)).toEqual([
        ['payment_intent.payment_failed', 'requires_payment_method'],
      ]);

      await world.pay(intent, '4242424242424242');
      expect(await provider.retrieveIntent(intent.id)).toMatchObject({
        status: 'succeeded',
        lastPaymentError: null,
      });
      expect(await intentEventsOf(intent.id)).toEqual([['payment_intent.succeeded', 'succeeded']]);
    });

    it('asks a card for authentication, and charges it once the payer approves', async () => {
      const { provider, world } = subject;
      const intent = await intentFor(await enabledAccount());
      await world.takeEvents();

      await world.pay(intent, '4000 0027 6000 3184');
      const waiting = await provider.retrieveIntent(intent.id);
      expect(waiting).toMatchObject({ status: 'requires_action', lastPaymentError: null });
      expect(waiting.nextActionUrl).toMatch(/^https?:\/\//);
      expect(await intentEventsOf(intent.id)).toEqual([
        ['payment_intent.requires_action', 'requires_action'],
      ]);

      await world.authenticate(waiting, true);
      const paid = await provider.retrieveIntent(intent.id);
      expect(paid).toMatchObject({ status: 'succeeded', nextActionUrl: null });
      expect(paid.processorFee).toBeGreaterThan(0);
      expect(await intentEventsOf(intent.id)).toEqual([['payment_intent.succeeded', 'succeeded']]);
    });

    it('fails a payment whose authentication fails, and waits for another card', async () => {
      const { provider, world } = subject;
      const intent = await intentFor(await enabledAccount());
      await world.pay(intent, '4000002760003184');
      await world.takeEvents();

      await world.authenticate(await provider.retrieveIntent(intent.id), false);
      expect(await provider.retrieveIntent(intent.id)).toMatchObject({
        status: 'requires_payment_method',
        nextActionUrl: null,
        processorFee: null,
        lastPaymentError: { code: 'payment_intent_authentication_failure', declineCode: null },
      });
      expect(await intentEventsOf(intent.id)).toEqual([
        ['payment_intent.payment_failed', 'requires_payment_method'],
      ]);
    });

    it('cancels an intent not yet paid, and refuses to cancel one that succeeded', async () => {
      const { provider, world } = subject;
      const destination = await enabledAccount();
      const open = await intentFor(destination);
      await world.takeEvents();
      const key = `cancel:${randomUUID()}`;
      expect((await provider.cancelIntent(open.id, key)).status).toBe('canceled');
      expect((await provider.cancelIntent(open.id, key)).status).toBe('canceled');
      expect((await provider.retrieveIntent(open.id)).status).toBe('canceled');
      expect(await intentEventsOf(open.id)).toEqual([['payment_intent.canceled', 'canceled']]);

      const paid = await intentFor(destination);
      await world.pay(paid, '4242424242424242');
      const refusal = await refusalOf(provider.cancelIntent(paid.id, `cancel:${randomUUID()}`));
      expect(refusal.code).toBe('payment_intent_unexpected_state');
      expect((await provider.retrieveIntent(paid.id)).status).toBe('succeeded');
    });

    it('creates one account and one intent for one idempotency key, and refuses the key with other parameters', async () => {
      const { provider } = subject;
      const accountKey = `account:${randomUUID()}`;
      const input = { email: 'once@harbour.test', metadata: {} };
      const first = await provider.createAccount(input, accountKey);
      expect((await provider.createAccount(input, accountKey)).id).toBe(first.id);

      const destination = await enabledAccount();
      const key = `checkout:${randomUUID()}`;
      const intent = await intentFor(destination, key);
      const again = await intentFor(destination, key);
      expect(again).toMatchObject({ id: intent.id, clientSecret: intent.clientSecret });
      const refusal = await refusalOf(intentFor(destination, key, 9_999));
      expect(refusal.code).toBe('idempotency_key_in_use');
      expect((await provider.retrieveIntent(intent.id)).amount).toBe(2_500);
    });

    describeMoneyContract(() => subject);
  });
}
