import type Stripe from 'stripe';
import { PAYOUT_FAILURES, cardOutcome } from '../local/test-cards';
import { newStripeId } from './stripe-stub-objects';
import {
  StripeApiFailure,
  integer,
  invalidParameter,
  missing,
  onlyKnown,
  requiredText,
  stringMap,
  text,
  type EmitEvent,
  type StubRequest,
  type StubRoute,
} from './stripe-stub-params';

/**
 * Test support for `stripe-stub.ts`: money on connected accounts — the transfer of each
 * destination charge (pending for 7 days), refunds that reverse it in proportion, manual payouts
 * to the default bank account, and the balance they add up to — on a clock the tests can move.
 * Stripe's test card 4000 0000 0000 5126 makes a refund fail; its test bank numbers ending
 * 111113 and 111116 make a payout fail.
 */

const DAY_SECONDS = 24 * 60 * 60;

interface LedgerEntry {
  accountId: string;
  type: string;
  source: string;
  amount: number;
  currency: string;
  availableOn: number;
}

export function createStubMoney(options: {
  emit: EmitEvent;
  now: () => number;
  accountOf: (id: string) => Stripe.Account;
  intents: ReadonlyMap<string, Stripe.PaymentIntent>;
  cardNumbers: ReadonlyMap<string, string>;
  /** Charges and other objects by id, for `expand`; transfer reversals are added. */
  related: Map<string, object>;
  payoutIntervals: ReadonlyMap<string, string>;
  failingBankAccounts: ReadonlyMap<string, string>;
}) {
  const { emit, now, accountOf, intents, related } = options;
  const ledger: LedgerEntry[] = [];
  const refunds = new Map<string, Stripe.Refund>();
  const payouts = new Map<string, { accountId: string; payout: Stripe.Payout }>();

  const record = (entry: Omit<LedgerEntry, 'availableOn'>, availableOn = now()) =>
    ledger.push({ ...entry, availableOn });

  function balanceOf(accountId: string) {
    const sums = new Map<string, { available: number; pending: number }>();
    for (const entry of ledger.filter((candidate) => candidate.accountId === accountId)) {
      const sum = sums.get(entry.currency) ?? { available: 0, pending: 0 };
      if (entry.availableOn <= now()) sum.available += entry.amount;
      else sum.pending += entry.amount;
      sums.set(entry.currency, sum);
    }
    return sums;
  }

  /** A destination charge's transfer: the amount less the application fee, pending a while. */
  function transferred(intent: Stripe.PaymentIntent, charge: Stripe.Charge) {
    const destination = intent.transfer_data?.destination;
    if (typeof destination !== 'string') return;
    record(
      {
        accountId: destination,
        type: 'payment',
        source: charge.id,
        amount: intent.amount - (intent.application_fee_amount ?? 0),
        currency: intent.currency,
      },
      now() + 7 * DAY_SECONDS,
    );
  }

  function refundsOf(intentId: string) {
    const counted = [...refunds.values()].filter(
      (refund) =>
        refund.payment_intent === intentId &&
        (refund.status === 'succeeded' || refund.status === 'pending'),
    );
    const reversed = counted.reduce((sum, refund) => {
      const reversal = refund.transfer_reversal;
      const found = typeof reversal === 'string' ? related.get(reversal) : null;
      return sum + ((found as Stripe.TransferReversal | null)?.amount ?? 0);
    }, 0);
    return { amount: counted.reduce((sum, refund) => sum + refund.amount, 0), reversed };
  }

  function refundableIntent(id: string, amountParam: number | undefined) {
    const intent = intents.get(id);
    if (!intent) throw missing('payment_intent', id, 'payment_intent');
    const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : null;
    if (intent.status !== 'succeeded' || !charge) {
      throw invalidParameter(
        'payment_intent',
        'charge_not_refundable',
        `This PaymentIntent (${id}) does not have a successful charge to refund.`,
      );
    }
    const before = refundsOf(intent.id);
    const left = intent.amount - before.amount;
    if (left <= 0) {
      throw new StripeApiFailure(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge} has already been refunded.`,
      });
    }
    const amount = amountParam ?? left;
    if (amount < 1)
      throw invalidParameter('amount', 'parameter_invalid_integer', 'Invalid amount.');
    if (amount > left) {
      throw invalidParameter(
        'amount',
        'amount_too_large',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      );
    }
    return { intent, charge: related.get(charge) as Stripe.Charge, before, amount };
  }

  function createRefund({ params, idempotencyKey }: StubRequest): Stripe.Refund {
    onlyKnown(params, [
      'payment_intent',
      'amount',
      'reverse_transfer',
      'refund_application_fee',
      'reason',
      'metadata',
      'expand',
    ]);
    const found = refundableIntent(
      requiredText(params, 'payment_intent'),
      integer(params, 'amount'),
    );
    const { intent, charge, before, amount } = found;
    const destination = intent.transfer_data?.destination;
    const id = newStripeId('re');
    let reversalId: string | null = null;
    if (text(params, 'reverse_transfer') === 'true' && typeof destination === 'string') {
      // The cumulative share less what was reversed before: never more than the transfer.
      const share = intent.amount - (intent.application_fee_amount ?? 0);
      const reversal =
        Math.round(((before.amount + amount) * share) / intent.amount) - before.reversed;
      reversalId = newStripeId('trr');
      related.set(reversalId, {
        id: reversalId,
        object: 'transfer_reversal',
        amount: reversal,
        balance_transaction: null,
        created: now(),
        currency: intent.currency,
        destination_payment_refund: null,
        metadata: {},
        source_refund: id,
        transfer: charge.transfer ?? newStripeId('tr'),
      } satisfies Stripe.TransferReversal);
      record({
        accountId: destination,
        type: 'payment_refund',
        source: id,
        amount: -reversal,
        currency: intent.currency,
      });
    }
    const outcome = cardOutcome(options.cardNumbers.get(intent.id) ?? '');
    const failureReason = outcome.kind === 'succeeds' ? outcome.refundFailureReason : undefined;
    const refund: Stripe.Refund = {
      id,
      object: 'refund',
      amount,
      balance_transaction: newStripeId('txn'),
      charge: charge.id,
      created: now(),
      currency: intent.currency,
      customer: null,
      customer_account: null,
      metadata: stringMap(params, 'metadata'),
      payment_intent: intent.id,
      payment_method: typeof intent.payment_method === 'string' ? intent.payment_method : null,
      reason: (text(params, 'reason') ?? null) as Stripe.Refund.Reason | null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: failureReason ? 'pending' : 'succeeded',
      transfer_reversal: reversalId,
    };
    refunds.set(id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    emit('refund.created', refund, { idempotencyKey });
    emit('charge.refunded', charge);
    const answer = structuredClone(refund);
    if (failureReason) {
      // The card's bank refuses it after the answer: the refund fails, the reversal comes back.
      Object.assign(refund, { status: 'failed', failure_reason: failureReason });
      if (reversalId && typeof destination === 'string') {
        const reversal = related.get(reversalId) as Stripe.TransferReversal;
        record({
          accountId: destination,
          type: 'payment_refund_failure',
          source: id,
          amount: reversal.amount,
          currency: intent.currency,
        });
      }
      charge.amount_refunded -= amount;
      charge.refunded = false;
      emit('refund.failed', refund);
    }
    return answer;
  }

  function connectedAccount(request: StubRequest): Stripe.Account {
    if (!request.stripeAccount) {
      throw new StripeApiFailure(400, {
        type: 'invalid_request_error',
        message: "This stub keeps connected accounts' money only: send a Stripe-Account header.",
      });
    }
    return accountOf(request.stripeAccount);
  }

  function payable(account: Stripe.Account, currency: string, amount: number): string {
    if (!account.payouts_enabled) {
      throw new StripeApiFailure(400, {
        type: 'invalid_request_error',
        code: 'payouts_not_allowed',
        message: 'Payouts have been disabled on this account.',
      });
    }
    if (options.payoutIntervals.get(account.id) !== 'manual') {
      throw new StripeApiFailure(400, {
        type: 'invalid_request_error',
        code: 'payouts_not_allowed',
        message: 'You cannot create manual payouts while automatic payouts are enabled.',
      });
    }
    const destination = (account.external_accounts?.data ?? []).find(
      (external) => external.currency === currency && external.default_for_currency,
    );
    if (!destination) {
      throw invalidParameter(
        'currency',
        'no_external_account',
        `Sorry, you don't have any external accounts in that currency (${currency}).`,
      );
    }
    const available = balanceOf(account.id).get(currency)?.available ?? 0;
    if (amount > available) {
      throw invalidParameter(
        'amount',
        'balance_insufficient',
        `You have insufficient funds in your Stripe account for this transfer. Your card balance is too low (${available} ${currency} available).`,
      );
    }
    return destination.id;
  }

  function createPayout(request: StubRequest): Stripe.Payout {
    const { params, idempotencyKey } = request;
    onlyKnown(params, ['amount', 'currency', 'description', 'metadata', 'expand']);
    const account = connectedAccount(request);
    const amount = integer(params, 'amount');
    if (amount === undefined || amount < 1) {
      throw invalidParameter('amount', 'parameter_invalid_integer', 'Invalid amount.');
    }
    const currency = requiredText(params, 'currency').toLowerCase();
    const destination = payable(account, currency, amount);
    const id = newStripeId('po');
    const payout: Stripe.Payout = {
      id,
      object: 'payout',
      amount,
      application_fee: null,
      application_fee_amount: null,
      arrival_date: now() + 2 * DAY_SECONDS,
      automatic: false,
      balance_transaction: newStripeId('txn'),
      created: now(),
      currency,
      description: text(params, 'description') ?? null,
      destination,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: stringMap(params, 'metadata'),
      method: 'standard',
      original_payout: null,
      payout_method: null,
      reconciliation_status: 'not_applicable',
      reversed_by: null,
      source_type: 'card',
      statement_descriptor: null,
      status: 'pending',
      trace_id: null,
      type: 'bank_account',
    };
    payouts.set(id, { accountId: account.id, payout });
    record({ accountId: account.id, type: 'payout', source: id, amount: -amount, currency });
    const connect = { account: account.id };
    emit('payout.created', payout, { ...connect, idempotencyKey });
    const answer = structuredClone(payout);
    const failureCode = options.failingBankAccounts.get(destination);
    if (failureCode) {
      // The bank refuses it after the answer: the money comes back to the balance.
      record({ accountId: account.id, type: 'payout_failure', source: id, amount, currency });
      Object.assign(payout, {
        status: 'failed',
        failure_code: failureCode,
        failure_message: PAYOUT_FAILURES[failureCode] ?? null,
        failure_balance_transaction: newStripeId('txn'),
      } satisfies Partial<Stripe.Payout>);
      emit('payout.failed', payout, connect);
    } else {
      payout.status = 'in_transit';
      emit('payout.updated', payout, connect);
    }
    return answer;
  }

  /** Payouts whose arrival date passed are paid, each told once. */
  function payArrived() {
    for (const { accountId, payout } of payouts.values()) {
      if (payout.status !== 'in_transit' || payout.arrival_date > now()) continue;
      payout.status = 'paid';
      emit('payout.paid', payout, { account: accountId });
    }
  }

  const routes: StubRoute[] = [
    { method: 'POST', path: /^\/v1\/refunds$/, handle: createRefund },
    {
      method: 'GET',
      path: /^\/v1\/refunds\/([^/]+)$/,
      handle({ ids }) {
        const refund = refunds.get(ids[0]!);
        if (!refund) throw missing('refund', ids[0]!, 'id');
        return refund;
      },
    },
    { method: 'POST', path: /^\/v1\/payouts$/, handle: createPayout },
    {
      method: 'GET',
      path: /^\/v1\/payouts\/([^/]+)$/,
      handle(request) {
        const account = connectedAccount(request);
        payArrived();
        const found = payouts.get(request.ids[0]!);
        if (!found || found.accountId !== account.id)
          throw missing('payout', request.ids[0]!, 'id');
        return found.payout;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/balance$/,
      handle(request) {
        const account = connectedAccount(request);
        const sums = [...balanceOf(account.id)];
        // As Stripe: an account with no money yet shows zero in its default currency.
        if (sums.length === 0) {
          sums.push([account.default_currency ?? 'usd', { available: 0, pending: 0 }]);
        }
        return {
          object: 'balance',
          livemode: false,
          available: sums.map(([currency, sum]) => ({
            amount: sum.available,
            currency,
            source_types: { card: sum.available },
          })),
          pending: sums.map(([currency, sum]) => ({
            amount: sum.pending,
            currency,
            source_types: { card: sum.pending },
          })),
        } satisfies Stripe.Balance;
      },
    },
  ];

  return { routes, transferred, payArrived };
}
