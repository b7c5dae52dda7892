import { randomBytes } from 'node:crypto';
import { toMinorUnits } from '@encore/core';
import { eq } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../../db/client';
import type { Clock } from '../../clock';
import type {
  CreateAccountInput,
  CreateIntentInput,
  ProviderAccount,
  ProviderEvent,
  ProviderIntent,
  ProviderIntentStatus,
} from '../provider';
import {
  localAccountLinks,
  localAccounts,
  localBalanceTransactions,
  localExternalAccounts,
  localIntents,
} from './local.table';
import { createLocalExternalAccounts, externalAccountView } from './external-accounts';
import { createLocalPayouts } from './payouts';
import {
  DAY_MS,
  ProcessorError,
  idempotencyKeyInUse,
  newId,
  type AccountRow,
  type IntentRow,
  type ProcessorCore,
} from './processor-core';
import { createLocalRefunds } from './refunds';
import { cardDigits, cardOutcome } from './test-cards';

export { ProcessorError } from './processor-core';

export interface LocalProcessorOptions {
  db: Database;
  clock: Clock;
  /** Where the processor's own pages (onboarding, card authentication) are served. */
  publicUrl: string;
  /** Days before a charge's net is available for payout (Stripe: 2 to 7 by country). */
  availabilityDays?: number;
  /** Told of what happened, in the transaction that made it happen. */
  onEvent: (tx: Transaction, event: ProviderEvent) => Promise<void>;
}

export const LINK_VALID_MS = 15 * 60 * 1000;

/** 2.9 % and 0.30 of the currency's major unit, as a card processor charges. */
export function processorFeeFor(amount: number, currency: string): number {
  return Math.round(amount * 0.029) + toMinorUnits(0.3, currency);
}

/**
 * A payment processor with Stripe's semantics, in Encore's database: connected accounts with
 * onboarding and requirements, payment intents confirmed with test cards (one needing
 * authentication on the processor's own page), destination charges with an application fee, and
 * balance transactions that become available after a delay. Several confirmations of one intent
 * at once charge it once: each takes the intent's row lock.
 */
export function createLocalProcessor(options: LocalProcessorOptions) {
  const { db, clock, publicUrl, onEvent } = options;
  const availabilityDays = options.availabilityDays ?? 7;

  async function accountView(row: AccountRow, executor: Executor = db): Promise<ProviderAccount> {
    const external = await executor
      .select()
      .from(localExternalAccounts)
      .where(eq(localExternalAccounts.accountId, row.id))
      .orderBy(localExternalAccounts.createdAt);
    const requirementsDue = [
      ...(row.businessType ? [] : ['business_type']),
      ...(row.country ? [] : ['country']),
      ...(row.defaultCurrency ? [] : ['default_currency']),
      ...(external.length > 0 ? [] : ['external_account']),
    ];
    const complete = row.detailsSubmitted && requirementsDue.length === 0;
    const chargesEnabled =
      row.rejectedReason === null && row.detailsSubmitted && !!row.businessType;
    return {
      id: row.id,
      email: row.email,
      country: row.country,
      businessType: row.businessType,
      defaultCurrency: row.defaultCurrency,
      detailsSubmitted: row.detailsSubmitted,
      chargesEnabled,
      payoutsEnabled: chargesEnabled && complete,
      disabledReason: row.rejectedReason ?? (complete ? null : 'requirements.past_due'),
      requirementsDue,
      externalAccounts: external.map(externalAccountView),
      createdAt: row.createdAt,
    };
  }

  function intentView(row: IntentRow): ProviderIntent {
    return {
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      applicationFeeAmount: row.applicationFeeAmount,
      destination: row.destination,
      status: row.status,
      clientSecret: row.clientSecret,
      lastPaymentError: row.lastPaymentError,
      nextActionUrl:
        row.status === 'requires_action'
          ? // The page asks for the client secret, as the intent's other browser calls do.
            `${publicUrl}/processor/authenticate?intent=${encodeURIComponent(row.id)}` +
            `&client_secret=${encodeURIComponent(row.clientSecret)}`
          : null,
      processorFee: row.processorFee,
      metadata: row.metadata,
      createdAt: row.createdAt,
    };
  }

  async function requireAccount(id: string, executor: Executor = db): Promise<AccountRow> {
    const [row] = await executor.select().from(localAccounts).where(eq(localAccounts.id, id));
    if (!row) throw new ProcessorError('resource_missing', `No such account: '${id}'`, 'account');
    return row;
  }

  async function lockAccount(tx: Transaction, id: string): Promise<AccountRow> {
    const [row] = await tx
      .select()
      .from(localAccounts)
      .where(eq(localAccounts.id, id))
      .for('update');
    if (!row) throw new ProcessorError('resource_missing', `No such account: '${id}'`, 'account');
    return row;
  }

  async function lockIntent(tx: Transaction, id: string): Promise<IntentRow> {
    const [row] = await tx.select().from(localIntents).where(eq(localIntents.id, id)).for('update');
    if (!row) {
      throw new ProcessorError('resource_missing', `No such payment_intent: '${id}'`, 'intent');
    }
    return row;
  }

  async function moveIntent(
    tx: Transaction,
    row: IntentRow,
    change: Partial<IntentRow> & { status: ProviderIntentStatus },
    eventType: Extract<ProviderEvent, { intent: ProviderIntent }>['type'],
  ): Promise<ProviderIntent> {
    const [moved] = await tx
      .update(localIntents)
      .set({ ...change, updatedAt: clock() })
      .where(eq(localIntents.id, row.id))
      .returning();
    const intent = intentView(moved!);
    await onEvent(tx, { id: newId('evt'), type: eventType, intent });
    return intent;
  }

  /** The charge goes through: the connected account's net is pending until it is available. */
  async function settle(tx: Transaction, row: IntentRow, cardLast4: string) {
    const now = clock();
    await tx
      .insert(localBalanceTransactions)
      .values({
        id: newId('txn'),
        accountId: row.destination,
        type: 'payment',
        source: row.id,
        amount: row.amount - row.applicationFeeAmount,
        currency: row.currency,
        availableOn: new Date(now.getTime() + availabilityDays * DAY_MS),
      })
      .onConflictDoNothing();
    return moveIntent(
      tx,
      row,
      {
        status: 'succeeded',
        cardLast4,
        pendingCardLast4: null,
        lastPaymentError: null,
        processorFee: processorFeeFor(row.amount, row.currency),
      },
      'payment_intent.succeeded',
    );
  }

  const core: ProcessorCore = {
    db,
    clock,
    onEvent,
    requireAccount,
    lockAccount,
    lockIntent,
    accountView,
  };

  return {
    ...createLocalRefunds(core),
    ...createLocalPayouts(core),
    ...createLocalExternalAccounts(core),

    async createAccount(input: CreateAccountInput, idempotencyKey: string) {
      await db
        .insert(localAccounts)
        .values({
          id: newId('acct'),
          email: input.email,
          country: input.country ?? null,
          metadata: input.metadata,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: localAccounts.idempotencyKey });
      const [row] = await db
        .select()
        .from(localAccounts)
        .where(eq(localAccounts.idempotencyKey, idempotencyKey));
      return accountView(row!);
    },

    retrieveAccount: async (id: string) => accountView(await requireAccount(id)),

    async createAccountLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }) {
      await requireAccount(accountId);
      const id = newId('link');
      const expiresAt = new Date(clock().getTime() + LINK_VALID_MS);
      await db.insert(localAccountLinks).values({ id, accountId, ...urls, expiresAt });
      return { url: `${publicUrl}/processor/onboarding?link=${encodeURIComponent(id)}`, expiresAt };
    },

    async createIntent(input: CreateIntentInput, idempotencyKey: string) {
      const destination = await accountView(await requireAccount(input.destination));
      if (!destination.chargesEnabled) {
        throw new ProcessorError(
          'account_invalid',
          'The destination account cannot take charges yet.',
          'destination',
        );
      }
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new ProcessorError('parameter_invalid_integer', 'Invalid amount.', 'amount');
      }
      if (input.applicationFeeAmount < 0 || input.applicationFeeAmount > input.amount) {
        throw new ProcessorError(
          'parameter_invalid_integer',
          'The application fee must be between 0 and the amount.',
          'application_fee_amount',
        );
      }
      const id = newId('pi');
      await db
        .insert(localIntents)
        .values({
          id,
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          applicationFeeAmount: input.applicationFeeAmount,
          destination: input.destination,
          status: 'requires_payment_method',
          clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
          description: input.description,
          metadata: input.metadata,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: localIntents.idempotencyKey });
      const [row] = await db
        .select()
        .from(localIntents)
        .where(eq(localIntents.idempotencyKey, idempotencyKey));
      // As Stripe: a key reused with other parameters is an error, not the first answer.
      if (
        row!.amount !== input.amount ||
        row!.currency !== input.currency.toLowerCase() ||
        row!.destination !== input.destination ||
        row!.applicationFeeAmount !== input.applicationFeeAmount
      ) {
        throw idempotencyKeyInUse();
      }
      return intentView(row!);
    },

    async retrieveIntent(id: string) {
      const [row] = await db.select().from(localIntents).where(eq(localIntents.id, id));
      if (!row) {
        throw new ProcessorError('resource_missing', `No such payment_intent: '${id}'`, 'intent');
      }
      return intentView(row);
    },

    /**
     * What the browser does with the client secret and a card (Stripe.js' `confirmCardPayment`).
     * A declined card leaves the intent waiting for another; an intent that already succeeded is
     * answered as it is, never charged again.
     */
    async confirmIntent(id: string, clientSecret: string, cardNumber: string) {
      return db.transaction(async (tx) => {
        const row = await lockIntent(tx, id);
        if (row.clientSecret !== clientSecret) {
          throw new ProcessorError('resource_missing', `No such payment_intent: '${id}'`, 'intent');
        }
        if (row.status === 'succeeded' || row.status === 'processing') return intentView(row);
        if (row.status !== 'requires_payment_method' && row.status !== 'requires_confirmation') {
          throw new ProcessorError(
            'payment_intent_unexpected_state',
            `This PaymentIntent's status is ${row.status}; it cannot be confirmed.`,
          );
        }
        const last4 = cardDigits(cardNumber).slice(-4);
        const outcome = cardOutcome(cardNumber);
        if (outcome.kind === 'succeeds') return settle(tx, row, last4);
        if (outcome.kind === 'requires_authentication') {
          return moveIntent(
            tx,
            row,
            { status: 'requires_action', pendingCardLast4: last4, lastPaymentError: null },
            'payment_intent.requires_action',
          );
        }
        return moveIntent(
          tx,
          row,
          { status: 'requires_payment_method', lastPaymentError: outcome.error },
          'payment_intent.payment_failed',
        );
      });
    },

    /** The payer's answer on the processor's authentication page. */
    async authenticate(id: string, approved: boolean) {
      return db.transaction(async (tx) => {
        const row = await lockIntent(tx, id);
        if (row.status !== 'requires_action') return intentView(row);
        if (approved) return settle(tx, row, row.pendingCardLast4 ?? '');
        return moveIntent(
          tx,
          row,
          {
            status: 'requires_payment_method',
            pendingCardLast4: null,
            lastPaymentError: {
              code: 'payment_intent_authentication_failure',
              declineCode: null,
              message: 'The payment could not be authenticated.',
            },
          },
          'payment_intent.payment_failed',
        );
      });
    },

    async cancelIntent(id: string) {
      return db.transaction(async (tx) => {
        const row = await lockIntent(tx, id);
        if (row.status === 'canceled') return intentView(row);
        if (row.status === 'succeeded') {
          throw new ProcessorError(
            'payment_intent_unexpected_state',
            'A PaymentIntent that succeeded cannot be canceled.',
          );
        }
        return moveIntent(tx, row, { status: 'canceled' }, 'payment_intent.canceled');
      });
    },

    /**
     * What the payer's authentication page shows besides the intent: what is paid for and who is
     * paid (the connected account's email: the local processor keeps no business name).
     */
    async paymentSummary(id: string) {
      const [row] = await db
        .select({ intent: localIntents, merchant: localAccounts.email })
        .from(localIntents)
        .innerJoin(localAccounts, eq(localAccounts.id, localIntents.destination))
        .where(eq(localIntents.id, id));
      if (!row) {
        throw new ProcessorError('resource_missing', `No such payment_intent: '${id}'`, 'intent');
      }
      return {
        intent: intentView(row.intent),
        description: row.intent.description,
        merchant: row.merchant,
      };
    },

    /** For the onboarding page and its submission (processor.onboarding.ts). */
    internals: { requireAccount, accountView, newId },
  };
}

export type LocalProcessor = ReturnType<typeof createLocalProcessor>;
