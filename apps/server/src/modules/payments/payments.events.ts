import type { PaymentMethod, PaymentStatus } from '@encore/core';
import { domainEvent } from '../../events/domain-events';
import type { FeatureHandlers } from '../../events/handlers';
import type { ProviderEvent } from '../../lib/payments/provider';
import type { Checkout } from './checkout.service';
import type { PaymentAccounts } from './payment-accounts.service';
import { providerEvents } from './payments.table';
import type { Payouts } from './payouts.service';
import type { Refunds } from './refunds.service';

/** What the payments feature tells the rest of the product. */
export interface PaymentEvents {
  /**
   * The processor told of something (a webhook from Stripe, or the local processor in the
   * transaction of its change). Dates in it travel as ISO strings.
   */
  PaymentProviderEventReceived: { provider: 'local' | 'stripe'; event: ProviderEvent };
  /**
   * An application's payment moved (checkout started, a card declined, paid, canceled …); in
   * order per application. `SUCCEEDED` is when the applicant has paid, or owes nothing.
   */
  PaymentStatusChanged: {
    paymentId: string;
    applicationId: string;
    opportunityId: string;
    organisationId: string;
    userId: string | null;
    from: PaymentStatus | null;
    to: PaymentStatus;
    method: PaymentMethod;
    amount: number;
    currency: string;
    receiptNumber: number | null;
  };
}

/** One processor object's events in the order they were received. */
function aggregateOf(event: ProviderEvent): string {
  if ('account' in event) return `payments:${event.account.id}`;
  if ('refund' in event) return `payments:${event.refund.intentId}`;
  if ('payout' in event) return `payments:${event.payout.id}`;
  return `payments:${event.intent.id}`;
}

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

/**
 * A processor's word on a payment intent is a nudge: what the processor says of the intent now is
 * applied, so events arriving late, twice or out of order settle the payment the same way. Runs
 * outside a transaction (it asks the processor); the settlement is idempotent.
 */
export function paymentIntentHandlers({
  checkout,
  refunds,
  payouts,
}: {
  checkout: Pick<Checkout, 'sync' | 'paymentOf' | 'abandon'>;
  refunds: Pick<Refunds, 'sync' | 'releaseWithdrawn'>;
  payouts: Pick<Payouts, 'sync'>;
}): FeatureHandlers {
  return {
    name: 'payments-intents',
    inTransaction: false,
    on: {
      async PaymentProviderEventReceived({ payload }) {
        const { event } = payload;
        if ('intent' in event) await checkout.sync(event.intent.id);
        else if ('refund' in event) await refunds.sync(event.refund);
        else if ('payout' in event) await payouts.sync(event.payout);
      },
      // A withdrawn application's open checkout ends: nobody pays for an application they took
      // back; one whose fee came back in full gives its slots back.
      async ApplicationStatusChanged({ payload }) {
        if (payload.to !== 'WITHDRAWN') return;
        const payment = await checkout.paymentOf(payload.applicationId);
        if (payment) await checkout.abandon(payment);
        await refunds.releaseWithdrawn(payload.applicationId);
      },
    },
  };
}
