import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ProcessorError } from './local/processor';
import type { PaymentProvider, ProviderEvent, ProviderIntent } from './provider';

/**
 * Test support for the provider contract: the world outside Encore's server that a provider's
 * test hands the suite, and the steps the suite's cases share.
 */
export interface ProviderWorld {
  /**
   * The account holder follows an onboarding link and completes it (a company in Ireland), paid
   * out to the given bank account (an IBAN; by default one whose payouts are paid).
   */
  completeOnboarding(linkUrl: string, bank?: { accountNumber: string }): Promise<void>;
  /** The payer confirms the intent with a card, with its client secret (Stripe.js' part). */
  pay(intent: ProviderIntent, cardNumber: string): Promise<void>;
  /** The payer's answer on the authentication page the intent points to. */
  authenticate(intent: ProviderIntent, approved: boolean): Promise<void>;
  /** The provider events that reached Encore since the last call, oldest first. */
  takeEvents(): Promise<ProviderEvent[]>;
  /** Moves the processor's clock on (balances become available, payouts arrive). */
  advanceTime(ms: number): Promise<void>;
}

export interface ProviderContractSubject {
  provider: PaymentProvider;
  world: ProviderWorld;
  close?: () => Promise<void>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export const urls = {
  refreshUrl: 'http://encore.test/refresh',
  returnUrl: 'http://encore.test/done',
};

/** The error a call was refused with; fails the test if it was not refused as a processor would. */
export async function refusalOf(call: Promise<unknown>): Promise<ProcessorError> {
  const outcome = await call.then(
    () => 'answered',
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ProcessorError);
  return outcome as ProcessorError;
}

/** The steps the contract's cases take: accounts through onboarding, intents, payments. */
export function contractSteps(subject: () => ProviderContractSubject) {
  async function enabledAccount(bank?: { accountNumber: string }): Promise<string> {
    const { provider, world } = subject();
    const account = await provider.createAccount(
      { email: 'payments@harbour.test', metadata: { organisation: 'harbour' } },
      `account:${randomUUID()}`,
    );
    const link = await provider.createAccountLink(account.id, urls);
    await world.completeOnboarding(link.url, bank);
    return account.id;
  }

  const intentFor = (destination: string, key = `checkout:${randomUUID()}`, amount = 2_500) =>
    subject().provider.createIntent(
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

  /** A charge of 25.00 EUR (1.25 of it the platform's fee) that went through. */
  async function paidIntent(destination: string, cardNumber = '4242424242424242') {
    const intent = await intentFor(destination);
    await subject().world.pay(intent, cardNumber);
    return intent;
  }

  return { enabledAccount, intentFor, paidIntent };
}
