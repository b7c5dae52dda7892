import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessorError, processorFeeFor } from '../local/processor';
import type { ProviderEvent } from '../provider';
import { describeProviderContract } from '../provider.contract';
import { createStripeProvider, type StripeProvider } from './stripe-provider';
import { startStripeStub, type StripeStub } from './stripe-stub';

const webhookSecret = 'whsec_encore_platform';
const connectWebhookSecret = 'whsec_encore_connect';

let stub: StripeStub;
let provider: StripeProvider;
/** Encore's webhook endpoint, as far as the provider goes: verify, parse, keep what it uses. */
let receiver: Server;
let receiverUrl: string;
const received: ProviderEvent[] = [];
let delivered = 0;

beforeAll(async () => {
  stub = await startStripeStub();
  provider = createStripeProvider({
    secretKey: stub.secretKey,
    webhookSecret: [webhookSecret, connectWebhookSecret],
    apiBase: stub.url,
  });
  receiver = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      const event = provider.parseWebhook(
        Buffer.concat(chunks),
        String(request.headers['stripe-signature']),
      );
      if (event) received.push(event);
      response.writeHead(200).end();
    } catch (error) {
      response.writeHead(error instanceof ProcessorError ? 400 : 500).end();
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
});
afterAll(async () => {
  await stub?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Stripe delivers what happened since the last delivery; the platform's secret signs it. */
async function deliverEvents(): Promise<ProviderEvent[]> {
  for (const event of stub.events.slice(delivered)) {
    const answer = await stub.sendWebhook(receiverUrl, event, webhookSecret);
    expect(answer.status).toBe(200);
  }
  delivered = stub.events.length;
  return received.splice(0);
}

async function post(url: string, form: Record<string, string>) {
  return fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
}

describeProviderContract('stripe', async () => ({
  provider,
  world: {
    async completeOnboarding(linkUrl, bank) {
      const answer = await post(linkUrl, {
        business_type: 'company',
        account_holder_name: 'Harbour Lights Ltd',
        account_number: bank?.accountNumber ?? 'IE29AIBK93115212345678',
      });
      expect(answer.status).toBe(303);
    },
    async pay(intent, cardNumber) {
      // What Stripe.js sends for `confirmCardPayment` with the client secret.
      const answer = await post(`${stub.url}/v1/payment_intents/${intent.id}/confirm`, {
        key: stub.publishableKey,
        client_secret: intent.clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': cardNumber,
        return_url: 'http://encore.test/payments/return',
      });
      // 402 is a declined card: the payer's outcome, not a broken request.
      if (answer.status !== 200 && answer.status !== 402) {
        throw new Error(`Confirming answered ${answer.status}: ${await answer.text()}`);
      }
    },
    async authenticate(intent, approved) {
      const answer = await post(intent.nextActionUrl ?? '', {
        outcome: approved ? 'approve' : 'fail',
      });
      expect(answer.status).toBe(303);
    },
    takeEvents: deliverEvents,
    async advanceTime(ms) {
      stub.advanceTime(ms);
    },
  },
}));

async function paidIntent() {
  const account = await provider.createAccount(
    { email: 'payments@harbour.test', metadata: {} },
    `account:${randomUUID()}`,
  );
  stub.completeOnboarding(account.id);
  const intent = await provider.createIntent(
    {
      amount: 2_500,
      currency: 'eur',
      applicationFeeAmount: 125,
      destination: account.id,
      description: 'Riverside Stage open call',
      metadata: { application: 'app-1' },
    },
    `checkout:${randomUUID()}`,
  );
  await post(`${stub.url}/v1/payment_intents/${intent.id}/confirm`, {
    key: stub.publishableKey,
    client_secret: intent.clientSecret,
    payment_method: 'pm_card_visa',
  });
  return { accountId: account.id, intent };
}

const lastEvent = (type: string, objectId: string): Stripe.Event => {
  const event = stub.events.findLast(
    (candidate) =>
      candidate.type === type && (candidate.data.object as { id?: string }).id === objectId,
  );
  if (!event) throw new Error(`No ${type} event for ${objectId}`);
  return event;
};

describe('the stripe provider, beyond the contract', () => {
  it('reports the charge balance transaction fee as the processor fee', async () => {
    const { intent } = await paidIntent();
    expect((await provider.retrieveIntent(intent.id)).processorFee).toBe(
      processorFeeFor(2_500, 'eur'),
    );
  });

  it("leaves an event's processor fee unknown (its charge is not expanded) and retrieves it", async () => {
    const { intent } = await paidIntent();
    const succeeded = lastEvent('payment_intent.succeeded', intent.id);
    expect(typeof (succeeded.data.object as Stripe.PaymentIntent).latest_charge).toBe('string');
    const parsed = provider.parseWebhook(...signed(succeeded));
    expect(parsed).toMatchObject({ intent: { status: 'succeeded', processorFee: null } });
    const retrieved = await provider.retrieveIntent(intent.id);
    expect(retrieved.processorFee).toBe(processorFeeFor(2_500, 'eur'));
    expect(retrieved.processorFee).toBeGreaterThan(0);
  });

  it('tells a signed body that is not JSON from a signature that does not hold', () => {
    const payload = '{"id": "evt_1", "type": ';
    const signature = stub.signedWebhook({} as Stripe.Event, webhookSecret).signature;
    expect(() => provider.parseWebhook(payload, signature)).toThrow(
      expect.objectContaining({ code: 'signature_invalid' }),
    );
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(() => provider.parseWebhook(payload, header)).toThrow(
      expect.objectContaining({ code: 'payload_invalid' }),
    );
  });

  it('maps a payout debit card and a Stripe error to their Encore shapes', async () => {
    const account = await provider.createAccount(
      { email: 'solo@harbour.test', country: 'DE', metadata: {} },
      `account:${randomUUID()}`,
    );
    stub.completeOnboarding(account.id, {
      businessType: 'individual',
      holderName: 'Maya Okafor',
      payout: { type: 'card', cardNumber: '4000 0566 5566 5556' },
    });
    const enabled = await provider.retrieveAccount(account.id);
    expect(enabled).toMatchObject({ country: 'DE', businessType: 'INDIVIDUAL' });
    expect(enabled.externalAccounts).toEqual([
      expect.objectContaining({ type: 'CARD', last4: '5556', holderName: 'Maya Okafor' }),
    ]);

    const missing = await provider.retrieveIntent('pi_nobody').then(
      () => null,
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(ProcessorError);
    expect(missing).toMatchObject({ code: 'resource_missing', param: 'intent' });
  });

  it('parses a webhook signed with the SDK test helper: payment_intent.succeeded and account.updated', async () => {
    await deliverEvents();
    const { accountId, intent } = await paidIntent();
    const succeeded = lastEvent('payment_intent.succeeded', intent.id);
    expect(provider.parseWebhook(...signed(succeeded))).toEqual({
      id: succeeded.id,
      type: 'payment_intent.succeeded',
      intent: expect.objectContaining({
        id: intent.id,
        status: 'succeeded',
        amount: 2_500,
        currency: 'eur',
        applicationFeeAmount: 125,
        destination: accountId,
        clientSecret: intent.clientSecret,
        metadata: { application: 'app-1' },
        lastPaymentError: null,
      }),
    });

    // Connected accounts' events come through the Connect endpoint, signed with its own secret.
    const updated = lastEvent('account.updated', accountId);
    const { payload, signature } = stub.signedWebhook(updated, connectWebhookSecret);
    expect(provider.parseWebhook(payload, signature)).toEqual({
      id: updated.id,
      type: 'account.updated',
      account: expect.objectContaining({
        id: accountId,
        chargesEnabled: true,
        payoutsEnabled: true,
        requirementsDue: [],
        disabledReason: null,
        externalAccounts: [expect.objectContaining({ type: 'BANK_ACCOUNT', last4: '5678' })],
      }),
    });
  });

  it('refuses a tampered payload or another secret, over HTTP as in the handler', async () => {
    const { intent } = await paidIntent();
    const event = lastEvent('payment_intent.succeeded', intent.id);
    const [payload, signature] = signed(event);
    const tampered = payload.replace('"amount": 2500', '"amount": 1');
    expect(tampered).not.toBe(payload);
    expect(() => provider.parseWebhook(tampered, signature)).toThrow(
      expect.objectContaining({ code: 'signature_invalid' }),
    );
    const forged = stub.signedWebhook(event, 'whsec_someone_else');
    expect(() => provider.parseWebhook(forged.payload, forged.signature)).toThrow(ProcessorError);

    const answer = await fetch(receiverUrl, {
      method: 'POST',
      headers: { 'stripe-signature': signature },
      body: tampered,
    });
    expect(answer.status).toBe(400);
    expect((await stub.sendWebhook(receiverUrl, event, 'whsec_someone_else')).status).toBe(400);
  });

  it('answers null for the event types Encore does not use', async () => {
    const { intent } = await paidIntent();
    const created = lastEvent('payment_intent.created', intent.id);
    const charged = stub.events.find(
      (event) =>
        event.type === 'charge.succeeded' && event.data.object.payment_intent === intent.id,
    );
    expect(charged).toBeDefined();
    expect(provider.parseWebhook(...signed(created))).toBeNull();
    expect(provider.parseWebhook(...signed(charged!))).toBeNull();
  });
});

describe('the stripe provider: refunds and payouts, beyond the contract', () => {
  it('parses refund events (charge.refund.updated too), its reversal told by retrieveRefund', async () => {
    const { intent } = await paidIntent();
    const refund = await provider.createRefund(
      { intentId: intent.id, amount: 1_000, metadata: {} },
      `refund:${randomUUID()}`,
    );
    const created = lastEvent('refund.created', refund.id);
    expect(provider.parseWebhook(...signed(created))).toEqual({
      id: created.id,
      type: 'refund.created',
      refund: expect.objectContaining({
        id: refund.id,
        intentId: intent.id,
        status: 'succeeded',
        transferReversalAmount: 0,
      }),
    });
    const older = { ...created, type: 'charge.refund.updated' } as Stripe.Event;
    expect(provider.parseWebhook(...signed(older))).toMatchObject({
      type: 'refund.updated',
      refund: { id: refund.id },
    });
    expect((await provider.retrieveRefund(refund.id)).transferReversalAmount).toBe(950);
  });

  it("names the connected account of a payout event, and refuses another account's payout", async () => {
    const { accountId } = await paidIntent();
    stub.advanceTime(8 * 24 * 60 * 60 * 1000);
    const payout = await provider.createPayout(
      { accountId, amount: 500, currency: 'eur', description: 'Encore payout', metadata: {} },
      `payout:${randomUUID()}`,
    );
    const created = lastEvent('payout.created', payout.id);
    expect(created.account).toBe(accountId);
    expect(provider.parseWebhook(...signed(created))).toMatchObject({
      type: 'payout.created',
      payout: { id: payout.id, accountId, amount: 500 },
    });
    const { accountId: other } = await paidIntent();
    const refusal = await provider
      .retrievePayout(other, payout.id)
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'resource_missing' });
  });

  it('makes accounts with a manual payout schedule: automatic payouts would not wait for Encore', async () => {
    const stripe = new Stripe(stub.secretKey, {
      host: '127.0.0.1',
      port: new URL(stub.url).port,
      protocol: 'http',
    });
    const automatic = await stripe.accounts.create({ type: 'express', email: 'auto@harbour.test' });
    stub.completeOnboarding(automatic.id);
    const refusal = await provider
      .createPayout(
        { accountId: automatic.id, amount: 1, currency: 'eur', description: 'x', metadata: {} },
        `payout:${randomUUID()}`,
      )
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'payouts_not_allowed' });
  });
});

function signed(event: Stripe.Event): [string, string] {
  const { payload, signature } = stub.signedWebhook(event, webhookSecret);
  return [payload, signature];
}
