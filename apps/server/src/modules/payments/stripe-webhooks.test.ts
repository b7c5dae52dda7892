import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { domainEvents } from '../../events/events.table';
import { startStripeStub, type StripeStub } from '../../lib/payments/stripe/stripe-stub';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { providerEvents } from './payments.table';

const platformSecret = 'whsec_encore_platform';
const connectSecret = 'whsec_encore_connect';

const PAYMENTS_CONFIG = '{ paymentsConfig { provider publishable_key } }';

let stub: StripeStub;
let server: TestServer;
let webhookUrl: string;

beforeAll(async () => {
  stub = await startStripeStub();
  server = await startTestServer({
    payments: {
      provider: 'stripe',
      platformFeePercent: 5,
      payoutHoldDays: 7,
      stripe: {
        secretKey: stub.secretKey,
        publishableKey: stub.publishableKey,
        webhookSecrets: [platformSecret, connectSecret],
        apiBase: stub.url,
      },
    },
  });
  webhookUrl = `${server.url}/webhooks/stripe`;
});
afterEach(async () => {
  expect(await server.app.services.payments.audit.problems()).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

/** An organisation whose Express account the holder finished onboarding at the stub. */
async function connectedOrganisation() {
  const { accounts } = server.app.services.payments;
  const row = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, []);
  const holder = { id: row.id, slug: row.slug, name: row.name, email: `pay@${row.slug}.test` };
  const step = await accounts.updateAccountLink(holder);
  expect(step.url).toMatch(`${stub.url}/stub/onboarding/`);
  // The holder fills in Stripe's onboarding page (the stub's) and is sent back to Encore.
  const onboarded = await fetch(step.url!, {
    method: 'POST',
    body: new URLSearchParams({ business_type: 'company', account_holder_name: 'Harbour Lights' }),
    redirect: 'manual',
  });
  expect(onboarded.status).toBe(303);
  const stored = (await accounts.account(row.id))!;
  expect(stored).toMatchObject({ provider: 'stripe', chargesEnabled: false });
  return { organisationId: row.id, accountId: stored.providerAccountId };
}

function lastEvent(type: string, objectId: string): Stripe.Event {
  const event = stub.events.findLast(
    (candidate) =>
      candidate.type === type && (candidate.data.object as { id?: string }).id === objectId,
  );
  if (!event) throw new Error(`No ${type} event for ${objectId}`);
  return event;
}

const outboxCopiesOf = async (eventId: string) =>
  (
    await server.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.name, 'PaymentProviderEventReceived'),
          sql`${domainEvents.payload} -> 'event' ->> 'id' = ${eventId}`,
        ),
      )
  ).length;

const appliedRowsOf = async (eventId: string) =>
  server.database.db.select().from(providerEvents).where(eq(providerEvents.id, eventId));

const countOutbox = async () =>
  (
    await server.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(eq(domainEvents.name, 'PaymentProviderEventReceived'))
  ).length;

async function post(body: string, headers: Record<string, string>) {
  const answer = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body,
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe('POST /webhooks/stripe', () => {
  it("applies a connected account's account.updated signed with the Connect secret, once however often Stripe sends it", async () => {
    const { accounts } = server.app.services.payments;
    const { organisationId, accountId } = await connectedOrganisation();
    const updated = lastEvent('account.updated', accountId);

    const first = await stub.sendWebhook(webhookUrl, updated, connectSecret);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    await server.deliverEvents();
    const applied = (await accounts.account(organisationId))!;
    expect(applied).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      hasExternalAccount: true,
      businessType: 'COMPANY',
      disabledReason: null,
      requirementsDue: [],
    });

    // Stripe retries what it did not hear 2xx for, and may send an event twice.
    const replays = await Promise.all(
      [1, 2].map(() => stub.sendWebhook(webhookUrl, updated, connectSecret)),
    );
    expect(replays.map((answer) => answer.status)).toEqual([200, 200]);
    await server.deliverEvents();
    // Each delivery is written to the outbox; the handler applies the event id once.
    expect(await outboxCopiesOf(updated.id)).toBe(3);
    expect(await appliedRowsOf(updated.id)).toEqual([
      expect.objectContaining({ id: updated.id, provider: 'stripe', type: 'account.updated' }),
    ]);
    expect((await accounts.account(organisationId))!.syncedAt).toEqual(applied.syncedAt);
  });

  it("takes the platform endpoint's secret as well as the Connect endpoint's", async () => {
    const { accountId } = await connectedOrganisation();
    const updated = lastEvent('account.updated', accountId);
    expect((await stub.sendWebhook(webhookUrl, updated, platformSecret)).status).toBe(200);
    await server.deliverEvents();
    expect(await appliedRowsOf(updated.id)).toHaveLength(1);
  });

  it('refuses a missing or wrong signature with 400, and keeps nothing', async () => {
    const { organisationId, accountId } = await connectedOrganisation();
    const updated = lastEvent('account.updated', accountId);
    const before = await countOutbox();

    const forged = await stub.sendWebhook(webhookUrl, updated, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });

    const { payload, signature } = stub.signedWebhook(updated, connectSecret);
    const tampered = payload.replace('"charges_enabled": true', '"charges_enabled": false');
    expect(tampered).not.toBe(payload);
    expect((await post(tampered, { 'stripe-signature': signature })).status).toBe(400);
    expect((await post(payload, {})).status).toBe(400);
    expect((await post(payload, { 'stripe-signature': 'nonsense' })).status).toBe(400);
    const empty = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'stripe-signature': signature },
    });
    expect(empty.status).toBe(400);

    await server.deliverEvents();
    expect(await countOutbox()).toBe(before);
    expect(await appliedRowsOf(updated.id)).toEqual([]);
    expect((await server.app.services.payments.accounts.account(organisationId))!).toMatchObject({
      chargesEnabled: false,
    });
  });

  it('answers 400, never 500, for a body that is not an event, signed or not', async () => {
    const before = await countOutbox();
    const malformed = '{"id": "evt_broken", "type": "account.updated", ';
    const unsigned = `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`;
    const notSigned = await post(malformed, { 'stripe-signature': unsigned });
    expect(notSigned.status).toBe(400);

    const header = (payload: string) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret: platformSecret });
    const signedMalformed = await post(malformed, { 'stripe-signature': header(malformed) });
    expect(signedMalformed.status).toBe(400);
    expect(signedMalformed.body).toMatchObject({ error: { code: 'BAD_REQUEST' } });

    // Well-formed JSON, signed, but an account.updated without its account.
    const hollow = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'account.updated', data: {} });
    expect((await post(hollow, { 'stripe-signature': header(hollow) })).status).toBe(400);
    expect(await countOutbox()).toBe(before);
  });

  it('refuses a body over 1 MB with 413 without reading it all', async () => {
    const huge = JSON.stringify({ id: 'evt_huge', padding: 'x'.repeat(1_200_000) });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: huge,
      secret: platformSecret,
    });
    const answer = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: huge,
    });
    expect(answer.status).toBe(413);
  });

  it('answers 200 to an event type Encore does not use, and changes nothing', async () => {
    const { accountId } = await connectedOrganisation();
    await server.deliverEvents();
    const intent = await server.app.services.payments.provider.createIntent(
      {
        amount: 2_500,
        currency: 'eur',
        applicationFeeAmount: 125,
        destination: accountId,
        description: 'Riverside Stage open call',
        metadata: {},
      },
      `checkout:${randomUUID()}`,
    );
    const created = lastEvent('payment_intent.created', intent.id);
    const before = await countOutbox();
    const answer = await stub.sendWebhook(webhookUrl, created, platformSecret);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true });
    await server.deliverEvents();
    expect(await countOutbox()).toBe(before);
    expect(await appliedRowsOf(created.id)).toEqual([]);
  });
});

describe('paymentsConfig and the routes, by provider', () => {
  it('tells anyone that payments go through Stripe, with the publishable key', async () => {
    const answer = await server.graphql(PAYMENTS_CONFIG);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({
      paymentsConfig: { provider: 'STRIPE', publishable_key: stub.publishableKey },
    });
    expect(server.app.services.payments.local).toBeNull();
  });

  it('tells of the local processor with no key, and serves no Stripe webhook route', async () => {
    const local = await startTestServer();
    try {
      const answer = await local.graphql(PAYMENTS_CONFIG);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data).toEqual({
        paymentsConfig: { provider: 'LOCAL', publishable_key: null },
      });
      expect(local.app.services.payments.local).not.toBeNull();
      expect(local.app.services.payments.stripeWebhooks).toBeNull();
      const event = { id: 'evt_1', type: 'account.updated', data: { object: { id: 'acct_1' } } };
      const answerToWebhook = await stub.sendWebhook(
        `${local.url}/webhooks/stripe`,
        event as unknown as Stripe.Event,
        platformSecret,
      );
      expect(answerToWebhook.status).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe('the stripe settings at start', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), PAYMENTS_PROVIDER: 'stripe' };

  it('refuses to start the stripe provider without its keys and secret, naming each', () => {
    const refusal = (() => {
      try {
        loadConfig(base);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    const message = (refusal as Error).message;
    expect(message).toContain('STRIPE_SECRET_KEY is required with PAYMENTS_PROVIDER=stripe');
    expect(message).toContain('STRIPE_PUBLISHABLE_KEY is required with PAYMENTS_PROVIDER=stripe');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET is required with PAYMENTS_PROVIDER=stripe');

    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    expect(() => loadConfig({ ...base, ...keys, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required/,
    );
    expect(() => loadConfig({ ...base, ...keys, STRIPE_SECRET_KEY: 'pk_test_abc123' })).toThrow(
      /STRIPE_SECRET_KEY must be a secret key/,
    );
    expect(() => loadConfig({ ...base, ...keys, STRIPE_WEBHOOK_SECRET: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be/,
    );
    expect(() => loadConfig({ ...base, ...keys, STRIPE_SECRET_KEY: 'sk_live_abc123' })).toThrow(
      /both be test keys or both live keys/,
    );
    // The harness's overrides are checked as well.
    expect(() =>
      loadConfig(
        { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) },
        {
          payments: {
            provider: 'stripe',
            platformFeePercent: 5,
            payoutHoldDays: 7,
            stripe: {
              secretKey: undefined,
              publishableKey: 'pk_test_1',
              webhookSecrets: ['whsec_1'],
              apiBase: undefined,
            },
          },
        },
      ),
    ).toThrow(/STRIPE_SECRET_KEY is required/);
  });

  it('reads a comma-separated list of webhook secrets, and needs no key for the local processor', () => {
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'rk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform, whsec_connect',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      platformFeePercent: 5,
      payoutHoldDays: 7,
      stripe: {
        secretKey: 'rk_live_abc123',
        publishableKey: 'pk_live_abc123',
        webhookSecrets: ['whsec_platform', 'whsec_connect'],
        apiBase: 'http://127.0.0.1:12111',
      },
    });
    const local = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
    expect(local.payments).toMatchObject({ provider: 'local', stripe: { webhookSecrets: [] } });
  });
});
