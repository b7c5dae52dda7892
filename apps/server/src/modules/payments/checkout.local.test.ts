import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { startTestServer } from '../../../test/harness';
import { connectPayoutAccount } from '../../../test/payments';
import { domainEvents } from '../../events/events.table';
import type { ProviderEvent } from '../../lib/payments/provider';
import { describeCheckoutJourneys } from './checkout.contract';
import { providerEventReceived } from './payments.events';

/**
 * Checkout's journeys on the local processor: the payer's browser talks to its JSON API and its
 * authentication page over HTTP, and its events reach checkout through the outbox in the
 * transaction of each change.
 */
describeCheckoutJourneys({
  name: 'local',
  async start(clock) {
    const server = await startTestServer({}, { clock });
    const { db } = server.database;

    /** The processor's events of an intent, as it wrote them to the outbox, oldest first. */
    async function toldOf(intentId: string): Promise<ProviderEvent[]> {
      const rows = await db
        .select({ payload: domainEvents.payload })
        .from(domainEvents)
        .where(
          and(
            eq(domainEvents.name, 'PaymentProviderEventReceived'),
            sql`${domainEvents.payload} -> 'event' -> 'intent' ->> 'id' = ${intentId}`,
          ),
        )
        .orderBy(asc(domainEvents.sequence));
      return rows.map((row) => (row.payload as { event: ProviderEvent }).event);
    }

    return {
      server,
      connectPayoutAccount: (organisation) => connectPayoutAccount(server, organisation),

      async confirm(intent, cardNumber) {
        // What the checkout page sends the processor's API with the client secret.
        const answer = await fetch(
          `${server.url}/processor/v1/payment_intents/${intent.id}/confirm`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ client_secret: intent.clientSecret, card_number: cardNumber }),
          },
        );
        if (answer.status === 409) return 'refused';
        expect(answer.status).toBe(200);
        return ((await answer.json()) as { status: 'succeeded' }).status;
      },

      async authenticate(nextActionUrl, approved) {
        // The page's form: the intent and its client secret, from the page's address.
        const page = new URL(nextActionUrl);
        const answer = await fetch(`${server.url}/processor/authenticate`, {
          method: 'POST',
          body: new URLSearchParams({
            intent: page.searchParams.get('intent') ?? '',
            client_secret: page.searchParams.get('client_secret') ?? '',
            decision: approved ? 'complete' : 'fail',
          }),
          redirect: 'manual',
        });
        expect(answer.status).toBe(200);
      },

      deliverEvents: () => server.deliverEvents(),

      async redeliver(intentId, types) {
        const told = await toldOf(intentId);
        const again = types.map((type) => {
          const event = told.findLast((candidate) => candidate.type === type);
          if (!event) throw new Error(`The processor told no ${type} of ${intentId}`);
          return event;
        });
        const { outbox } = server.app.services.events;
        await outbox.transaction(async (tx) => {
          for (const event of again) await outbox.append(tx, providerEventReceived('local', event));
        });
      },

      async intentsMadeFor(paymentId) {
        const counted = (await db.execute(
          sql`select count(*)::int as count from local_processor_payment_intents where metadata ->> 'payment_id' = ${paymentId}`,
        )) as unknown as { rows: { count: number }[] };
        return counted.rows[0]!.count;
      },

      close: () => server.close(),
    };
  },
});
