import type { PaymentProvider } from '../provider';
import type { LocalProcessor } from './processor';

/**
 * Encore's side of the local processor: the calls the server makes, as it makes them to Stripe.
 * What the payer does (confirming with a card, authenticating) goes to the processor directly,
 * from the browser, through its own routes.
 */
export function createLocalProvider(processor: LocalProcessor): PaymentProvider {
  return {
    name: 'local',
    createAccount: (input, idempotencyKey) => processor.createAccount(input, idempotencyKey),
    retrieveAccount: (accountId) => processor.retrieveAccount(accountId),
    createAccountLink: (accountId, urls) => processor.createAccountLink(accountId, urls),
    createIntent: (input, idempotencyKey) => processor.createIntent(input, idempotencyKey),
    retrieveIntent: (intentId) => processor.retrieveIntent(intentId),
    cancelIntent: (intentId) => processor.cancelIntent(intentId),
    createRefund: (input, idempotencyKey) => processor.createRefund(input, idempotencyKey),
    retrieveRefund: (refundId) => processor.retrieveRefund(refundId),
    createPayout: (input, idempotencyKey) => processor.createPayout(input, idempotencyKey),
    retrievePayout: (accountId, payoutId) => processor.retrievePayout(accountId, payoutId),
    retrieveBalance: (accountId) => processor.retrieveBalance(accountId),
    addExternalAccount: (accountId, bankAccount, idempotencyKey) =>
      processor.addExternalAccount(accountId, bankAccount, idempotencyKey),
    removeExternalAccount: (accountId, externalAccountId) =>
      processor.removeExternalAccount(accountId, externalAccountId),
    setDefaultExternalAccount: (accountId, externalAccountId) =>
      processor.setDefaultExternalAccount(accountId, externalAccountId),
  };
}
