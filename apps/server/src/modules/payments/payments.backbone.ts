import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { createLocalOnboarding } from '../../lib/payments/local/onboarding';
import { createLocalProcessor } from '../../lib/payments/local/processor';
import { createLocalProvider } from '../../lib/payments/local/local-provider';
import { createStripeProvider } from '../../lib/payments/stripe/stripe-provider';
import { createCouponsService, type CouponsDependencies } from './coupons.service';
import { createCheckout } from './checkout.service';
import { createExternalPayments } from './external-payments.service';
import { createLedger } from './ledger';
import { createPaymentsAudit } from './payments.audit';
import { createReconciliation } from './payments.reconciliation';
import { createPaymentSettlement } from './payments.settlement';
import { createPaymentAccounts } from './payment-accounts.service';
import { createReceipts, type ReceiptsDependencies } from './receipts.service';
import { providerEventReceived } from './payments.events';
import { createStripeWebhooks } from './stripe-webhooks.service';
import { createPayouts } from './payouts.service';
import { createPaymentsReports } from './payments-reports.service';
import { createRefunds } from './refunds.service';
import { createRefundSettlement } from './refunds.settlement';
import { createAnswerBy } from './answer-by.service';

/**
 * The payment processor the configuration names and the payments services built on it. The
 * local processor tells of its changes through the outbox, in the transaction that made them, as
 * Stripe's webhooks do through `POST /webhooks/stripe`.
 */
export function createPaymentsBackbone({
  db,
  outbox,
  clock,
  config,
  opportunities,
  applications,
  organisations,
}: {
  db: Database;
  outbox: Outbox;
  clock: Clock;
  config: Pick<Config, 'payments' | 'publicUrl'>;
  opportunities: CouponsDependencies['opportunities'] &
    Parameters<typeof createCheckout>[0]['opportunities'] &
    Parameters<typeof createPayouts>[0]['opportunities'] &
    Parameters<typeof createAnswerBy>[0]['opportunities'];
  applications: Parameters<typeof createCheckout>[0]['applications'] &
    ReceiptsDependencies['applications'] &
    Parameters<typeof createRefunds>[0]['applications'];
  organisations: ReceiptsDependencies['organisations'];
}) {
  const processorOptions = {
    db,
    clock,
    publicUrl: config.publicUrl,
    onEvent: (
      tx: Parameters<Outbox['append']>[0],
      event: Parameters<typeof providerEventReceived>[1],
    ) => outbox.append(tx, providerEventReceived('local', event)),
  };
  const { stripe: stripeSettings } = config.payments;
  // With `stripe`, loadConfig has checked that the keys and webhook secrets are there.
  const stripe =
    config.payments.provider === 'stripe'
      ? createStripeProvider({
          secretKey: stripeSettings.secretKey ?? '',
          webhookSecret: stripeSettings.webhookSecrets,
          apiBase: stripeSettings.apiBase,
        })
      : null;
  const processor = stripe ? null : createLocalProcessor(processorOptions);
  const provider = stripe ?? createLocalProvider(processor!);
  const ledger = createLedger({ db });
  const accounts = createPaymentAccounts({
    db,
    provider,
    ledger,
    clock,
    publicUrl: config.publicUrl,
  });
  const coupons = createCouponsService({ db, clock, opportunities });
  const settlement = createPaymentSettlement({
    outbox,
    ledger,
    clock,
    coupons,
    tierSlots: opportunities.tierSlots,
  });
  const checkout = createCheckout({
    db,
    outbox,
    provider,
    accounts,
    coupons,
    opportunities,
    applications,
    settlement,
    platformFeePercent: config.payments.platformFeePercent,
  });
  const refundSettlement = createRefundSettlement({
    db,
    outbox,
    clock,
    provider,
    ledger,
    settlement,
    applications,
  });
  const refunds = createRefunds({
    db,
    outbox,
    clock,
    settlement,
    refundSettlement,
    applications,
  });
  const payouts = createPayouts({
    db,
    outbox,
    clock,
    provider,
    ledger,
    opportunities,
    applications,
    holdDays: config.payments.payoutHoldDays,
  });
  return {
    provider,
    /** The local processor's own side (its pages' routes); absent with Stripe. */
    local: processor
      ? { processor, onboarding: createLocalOnboarding(processor, processorOptions) }
      : null,
    /** What Stripe posts to `POST /webhooks/stripe`; absent with the local processor. */
    stripeWebhooks: stripe ? createStripeWebhooks({ provider: stripe, outbox }) : null,
    /** For Stripe.js in the browser (`paymentsConfig`); null with the local processor. */
    publishableKey: stripe ? (stripeSettings.publishableKey ?? null) : null,
    ledger,
    accounts,
    coupons,
    checkout,
    receipts: createReceipts({ db, organisations, opportunities, applications }),
    externalPayments: createExternalPayments({ outbox, opportunities, applications, settlement }),
    refunds,
    payouts,
    answerBy: createAnswerBy({ db, outbox, clock, refunds, opportunities, applications }),
    reports: createPaymentsReports({ db }),
    reconciliation: createReconciliation({ db, clock, checkout, refunds, payouts }),
    audit: createPaymentsAudit({ db, ledger, provider, opportunities }),
    platformFeePercent: config.payments.platformFeePercent,
    payoutHoldDays: config.payments.payoutHoldDays,
  };
}

export type PaymentsBackbone = ReturnType<typeof createPaymentsBackbone>;
