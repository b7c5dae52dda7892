import { domainEvent } from '../../events/domain-events';
import type { FeatureHandlers } from '../../events/handlers';
import type { ProviderEvent } from '../../lib/payments/provider';
import type { PaymentAccounts } from './payment-accounts.service';
import { providerEvents } from './payments.table';

/** What the payments feature tells the rest of the product. */
export interface PaymentEvents {
  /**
   * The processor told of something (a webhook from Stripe, or the local processor in the
   * transaction of its change). Dates in it travel as ISO strings.
   */
  PaymentProviderEventReceived: { provider: 'local' | 'stripe'; event: ProviderEvent };
}

/** One processor object's events in the order they were received. */
const aggregateOf = (event: ProviderEvent) =>
  `payments:${'account' in event ? event.account.id : event.intent.id}`;

export const providerEventReceived = (provider: 'local' | 'stripe', event: ProviderEvent) =>
  domainEvent('PaymentProviderEventReceived', aggregateOf(event), { provider, event });

/**
 * Applies what the processor told, once per processor event id (a webhook sent three times
 * changes things once), in the transaction that records it as applied.
 */
export function paymentEventHandlers({ accounts }: { accounts: PaymentAccounts }): FeatureHandlers {
  return {
    name: 'payments',
    inTransaction: true,
    on: {
      async PaymentProviderEventReceived({ payload }, { executor }) {
        const { provider, event } = payload;
        // Payment intents are applied by checkout, which records them itself.
        if (event.type !== 'account.updated') return;
        const [fresh] = await executor
          .insert(providerEvents)
          .values({ id: event.id, provider, type: event.type })
          .onConflictDoNothing()
          .returning({ id: providerEvents.id });
        if (!fresh) return;
        await accounts.applyUpdate(executor, event.account);
      },
    },
  };
}
