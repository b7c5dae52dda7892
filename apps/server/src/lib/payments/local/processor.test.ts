import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { openTestDatabase } from '../../../../test/harness';
import type { ProviderEvent } from '../provider';
import { localBalanceTransactions } from './local.table';
import { createLocalOnboarding, type OnboardingDetails } from './onboarding';
import { createLocalProcessor, processorFeeFor, type LocalProcessor } from './processor';

let database: DatabaseHandle;
let processor: LocalProcessor;
let onboarding: ReturnType<typeof createLocalOnboarding>;
let now = new Date('2026-11-27T10:00:00Z');
const events: ProviderEvent[] = [];
const publicUrl = 'http://encore.test';

beforeAll(async () => {
  database = await openTestDatabase();
  const options = {
    db: database.db,
    clock: () => now,
    publicUrl,
    availabilityDays: 7,
    onEvent: async (_tx: unknown, event: ProviderEvent) => {
      events.push(event);
    },
  };
  processor = createLocalProcessor(options);
  onboarding = createLocalOnboarding(processor, options);
});
afterAll(async () => {
  await database?.close();
});

const details: OnboardingDetails = {
  businessType: 'COMPANY',
  country: 'IE',
  defaultCurrency: 'EUR',
  payout: {
    type: 'BANK_ACCOUNT',
    holderName: 'Harbour Lights Ltd',
    accountNumber: 'IE29AIBK93115212345678',
  },
};

const linkId = (url: string) => new URL(url).searchParams.get('link')!;

/** An account through onboarding, able to take charges. */
async function connectedAccount(): Promise<string> {
  const account = await processor.createAccount(
    { email: 'payments@harbour.test', metadata: {} },
    `account:${randomUUID()}`,
  );
  const link = await processor.createAccountLink(account.id, {
    refreshUrl: `${publicUrl}/refresh`,
    returnUrl: `${publicUrl}/done`,
  });
  await onboarding.submit(linkId(link.url), details);
  return account.id;
}

const intentFor = (destination: string, key = `checkout:${randomUUID()}`) =>
  processor.createIntent(
    {
      amount: 2_500,
      currency: 'EUR',
      applicationFeeAmount: 125,
      destination,
      description: 'Riverside Stage open call',
      metadata: { application: 'app-1' },
    },
    key,
  );

describe('the local processor: connected accounts', () => {
  it('goes from requirements due to charges and payouts enabled through its onboarding link', async () => {
    const account = await processor.createAccount(
      { email: 'payments@harbour.test', metadata: { organisation: 'harbour' } },
      `account:${randomUUID()}`,
    );
    expect(account).toMatchObject({
      chargesEnabled: false,
      payoutsEnabled: false,
      disabledReason: 'requirements.past_due',
      requirementsDue: ['business_type', 'country', 'default_currency', 'external_account'],
    });
    const link = await processor.createAccountLink(account.id, {
      refreshUrl: `${publicUrl}/refresh`,
      returnUrl: `${publicUrl}/done`,
    });
    expect(link.url).toMatch(`${publicUrl}/processor/onboarding?link=`);
    expect(await onboarding.open(linkId(link.url))).toMatchObject({
      accountId: account.id,
      returnUrl: `${publicUrl}/done`,
    });
    events.length = 0;
    expect(await onboarding.submit(linkId(link.url), details)).toEqual({
      returnUrl: `${publicUrl}/done`,
    });
    const enabled = await processor.retrieveAccount(account.id);
    expect(enabled).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      disabledReason: null,
      requirementsDue: [],
      businessType: 'COMPANY',
      defaultCurrency: 'eur',
    });
    expect(enabled.externalAccounts).toEqual([
      expect.objectContaining({
        type: 'BANK_ACCOUNT',
        last4: '5678',
        holderName: 'Harbour Lights Ltd',
      }),
    ]);
    expect(events.map((event) => event.type)).toEqual(['account.updated']);
    // The link is spent.
    await expect(onboarding.open(linkId(link.url))).rejects.toMatchObject({ code: 'link_expired' });
  });

  it('refuses an expired link, and names the field of a bad submission', async () => {
    const account = await processor.createAccount(
      { email: 'late@harbour.test', metadata: {} },
      `account:${randomUUID()}`,
    );
    const link = await processor.createAccountLink(account.id, {
      refreshUrl: `${publicUrl}/refresh`,
      returnUrl: `${publicUrl}/done`,
    });
    await expect(
      onboarding.submit(linkId(link.url), {
        ...details,
        payout: { type: 'CARD', holderName: 'Maya', cardNumber: '4242 4242 4242 4241' },
      }),
    ).rejects.toMatchObject({ code: 'invalid', param: 'payout.cardNumber' });
    now = new Date(now.getTime() + 16 * 60 * 1000);
    await expect(onboarding.submit(linkId(link.url), details)).rejects.toMatchObject({
      code: 'link_expired',
    });
    expect((await processor.retrieveAccount(account.id)).chargesEnabled).toBe(false);
  });

  it('creates one account for one idempotency key', async () => {
    const key = `account:${randomUUID()}`;
    const [one, two] = await Promise.all([
      processor.createAccount({ email: 'a@harbour.test', metadata: {} }, key),
      processor.createAccount({ email: 'a@harbour.test', metadata: {} }, key),
    ]);
    expect(one!.id).toBe(two!.id);
  });
});

describe('the local processor: payment intents', () => {
  it('refuses a charge for an account that cannot take charges', async () => {
    const account = await processor.createAccount(
      { email: 'new@harbour.test', metadata: {} },
      `account:${randomUUID()}`,
    );
    await expect(intentFor(account.id)).rejects.toMatchObject({ code: 'account_invalid' });
  });

  it('charges 4242… and makes the net pending on the account until it is available', async () => {
    const destination = await connectedAccount();
    const intent = await intentFor(destination);
    expect(intent.status).toBe('requires_payment_method');
    events.length = 0;
    const paid = await processor.confirmIntent(
      intent.id,
      intent.clientSecret,
      '4242 4242 4242 4242',
    );
    expect(paid).toMatchObject({
      status: 'succeeded',
      processorFee: processorFeeFor(2_500, 'EUR'),
    });
    expect(processorFeeFor(2_500, 'EUR')).toBe(73 + 30);
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
    expect(await processor.balance(destination)).toEqual([
      { currency: 'eur', available: 0, pending: 2_375 },
    ]);
    now = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
    expect(await processor.balance(destination)).toEqual([
      { currency: 'eur', available: 2_375, pending: 0 },
    ]);
  });

  it('declines 4000…9995 for insufficient funds and 4000…0002 outright, then takes another card', async () => {
    const destination = await connectedAccount();
    const intent = await intentFor(destination);
    const poor = await processor.confirmIntent(intent.id, intent.clientSecret, '4000000000009995');
    expect(poor).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: { code: 'card_declined', declineCode: 'insufficient_funds' },
    });
    const refused = await processor.confirmIntent(
      intent.id,
      intent.clientSecret,
      '4000000000000002',
    );
    expect(refused.lastPaymentError).toMatchObject({ declineCode: 'generic_decline' });
    const typo = await processor.confirmIntent(intent.id, intent.clientSecret, '4242424242424241');
    expect(typo.lastPaymentError).toMatchObject({ code: 'incorrect_number' });
    const paid = await processor.confirmIntent(intent.id, intent.clientSecret, '4242424242424242');
    expect(paid).toMatchObject({ status: 'succeeded', lastPaymentError: null });
  });

  it('asks 4000 0027 6000 3184 to authenticate on its page, and settles or fails on the answer', async () => {
    const destination = await connectedAccount();
    const approved = await intentFor(destination);
    const waiting = await processor.confirmIntent(
      approved.id,
      approved.clientSecret,
      '4000 0027 6000 3184',
    );
    expect(waiting.status).toBe('requires_action');
    expect(waiting.nextActionUrl).toBe(
      `${publicUrl}/processor/authenticate?intent=${encodeURIComponent(approved.id)}` +
        `&client_secret=${encodeURIComponent(approved.clientSecret)}`,
    );
    expect((await processor.authenticate(approved.id, true)).status).toBe('succeeded');

    const failed = await intentFor(destination);
    await processor.confirmIntent(failed.id, failed.clientSecret, '4000002760003184');
    expect(await processor.authenticate(failed.id, false)).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: { code: 'payment_intent_authentication_failure' },
    });
  });

  it('charges once for 50 confirmations at once, and once for a key sent twice', async () => {
    const destination = await connectedAccount();
    const key = `checkout:${randomUUID()}`;
    const intent = await intentFor(destination, key);
    expect((await intentFor(destination, key)).id).toBe(intent.id);
    events.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        processor.confirmIntent(intent.id, intent.clientSecret, '4242424242424242'),
      ),
    );
    expect(answers.every((answer) => answer.status === 'succeeded')).toBe(true);
    expect(events.filter((event) => event.type === 'payment_intent.succeeded')).toHaveLength(1);
    const transactions = await database.db
      .select()
      .from(localBalanceTransactions)
      .where(eq(localBalanceTransactions.source, intent.id));
    expect(transactions).toHaveLength(1);
  });

  it('refuses a reused key with other parameters, a wrong client secret, and cancelling a success', async () => {
    const destination = await connectedAccount();
    const key = `checkout:${randomUUID()}`;
    const intent = await intentFor(destination, key);
    await expect(
      processor.createIntent(
        {
          amount: 9_999,
          currency: 'EUR',
          applicationFeeAmount: 0,
          destination,
          description: 'other',
          metadata: {},
        },
        key,
      ),
    ).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    await expect(
      processor.confirmIntent(intent.id, 'pi_wrong_secret', '4242424242424242'),
    ).rejects.toMatchObject({ code: 'resource_missing' });
    await processor.confirmIntent(intent.id, intent.clientSecret, '4242424242424242');
    await expect(processor.cancelIntent(intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    const other = await intentFor(destination);
    expect((await processor.cancelIntent(other.id)).status).toBe('canceled');
    await expect(
      processor.confirmIntent(other.id, other.clientSecret, '4242424242424242'),
    ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  });
});
