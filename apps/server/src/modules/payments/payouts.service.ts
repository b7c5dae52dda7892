import { randomUUID } from 'node:crypto';
import { isPaymentCurrency, UUID_PATTERN } from '@encore/core';
import { and, desc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { ProcessorError } from '../../lib/payments/local/processor';
import type {
  PaymentProvider,
  ProviderPayout,
  ProviderPayoutStatus,
} from '../../lib/payments/provider';
import type { ApplicationsService } from '../applications/applications.service';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { Ledger } from './ledger';
import { paymentAccounts, type PaymentAccountRow } from './payments.table';
import { payouts, type PayoutRow, type PayoutStatus } from './payouts.table';
import { payoutAggregate } from './refunds.events';
import { createPayoutReleases } from './payout-releases.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Open payouts asked of the processor again after this long. */
export const RECONCILE_PAYOUTS_AFTER_MS = 60_000;

const STATUS_OF: Record<ProviderPayoutStatus, PayoutStatus> = {
  pending: 'PENDING',
  in_transit: 'IN_TRANSIT',
  paid: 'PAID',
  failed: 'FAILED',
  canceled: 'CANCELED',
};

const conflict = (message: string, messageKey: string) =>
  new AppError('CONFLICT', message, { messageKey });

/** The Monday (00:00 UTC) of the week an instant falls in: automatic payouts go once a week. */
export function weekStartOf(instant: Date): Date {
  const day = new Date(
    Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()),
  );
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/**
 * Money out (issue 21). An opportunity's money is held until its event has happened
 * (`payout-releases.service.ts`); available money is paid out weekly, or when the team asks; a
 * payout is booked when asked for and given back when the bank refuses it.
 */
export function createPayouts({
  db,
  outbox,
  clock,
  provider,
  ledger,
  opportunities,
  applications,
  holdDays,
}: {
  db: Database;
  outbox: Outbox;
  clock: Clock;
  provider: PaymentProvider;
  ledger: Ledger;
  opportunities: Pick<OpportunitiesService, 'byIds' | 'requireById'>;
  applications: Pick<ApplicationsService, 'byIds'>;
  holdDays: number;
}) {
  const releases = createPayoutReleases({
    db,
    outbox,
    clock,
    ledger,
    opportunities,
    applications,
    holdDays,
  });

  async function accountOf(organisationId: string): Promise<PaymentAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.organisationId, organisationId));
    return row;
  }

  /** Gives a payout's money back to the balance (the bank refused it, or it was canceled). */
  async function giveBack(tx: Transaction, payout: PayoutRow) {
    await ledger.record(tx, {
      idempotencyKey: `payout-returned:${payout.id}`,
      kind: 'payout_returned',
      occurredAt: clock(),
      organisationId: payout.organisationId,
      postings: [
        { account: 'payments_in_flight', currency: payout.currency, amount: payout.amount },
        {
          account: 'organisation_available',
          organisationId: payout.organisationId,
          currency: payout.currency,
          amount: -payout.amount,
        },
      ],
    });
  }

  /** What the processor says of a payout, applied once it moves the payout on. */
  async function apply(payoutId: string, answer: ProviderPayout | { failure: string }) {
    await outbox.transaction(async (tx) => {
      const [payout] = await tx
        .select()
        .from(payouts)
        .where(eq(payouts.id, payoutId))
        .for('update');
      if (!payout || ['PAID', 'FAILED', 'CANCELED'].includes(payout.status)) return;
      const status = 'failure' in answer ? 'FAILED' : STATUS_OF[answer.status];
      const failureCode = 'failure' in answer ? answer.failure : answer.failureCode;
      const [moved] = await tx
        .update(payouts)
        .set({
          status,
          providerPayoutId: 'failure' in answer ? payout.providerPayoutId : answer.id,
          arrivalDate: 'failure' in answer ? payout.arrivalDate : answer.arrivalDate,
          failureCode: status === 'FAILED' ? (failureCode ?? 'unknown') : null,
          updatedAt: clock(),
        })
        .where(eq(payouts.id, payout.id))
        .returning();
      if (status === 'FAILED' || status === 'CANCELED') {
        await giveBack(tx, payout);
        await outbox.append(
          tx,
          domainEvent('PayoutFailed', payoutAggregate(payout.organisationId), {
            payoutId: payout.id,
            organisationId: payout.organisationId,
            amount: payout.amount,
            currency: payout.currency,
            failureCode: moved!.failureCode ?? 'canceled',
          }),
        );
      } else if (payout.status === 'PENDING' && status !== 'PENDING') {
        await outbox.append(
          tx,
          domainEvent('PayoutSent', payoutAggregate(payout.organisationId), {
            payoutId: payout.id,
            organisationId: payout.organisationId,
            amount: payout.amount,
            currency: payout.currency,
            arrivalDate: moved!.arrivalDate?.toISOString() ?? null,
            automatic: payout.automatic,
          }),
        );
      }
    });
  }

  /** Asks the processor for a payout with its key (the same payout however often). */
  async function submit(payout: PayoutRow, account: PaymentAccountRow): Promise<void> {
    let answer: ProviderPayout;
    try {
      answer = payout.providerPayoutId
        ? await provider.retrievePayout(account.providerAccountId, payout.providerPayoutId)
        : await provider.createPayout(
            {
              accountId: account.providerAccountId,
              amount: payout.amount,
              currency: payout.currency.toLowerCase(),
              description: payout.description ?? 'Encore payout',
              metadata: { payout_id: payout.id, organisation_id: payout.organisationId },
            },
            payout.idempotencyKey,
          );
    } catch (error) {
      if (error instanceof ProcessorError) return apply(payout.id, { failure: error.code });
      return; // Reconciliation asks again.
    }
    await apply(payout.id, answer);
  }

  /** Pays out what is available in a currency (for `actor`, or by the schedule). */
  async function payOut(
    organisationId: string,
    currencyAsked: string | null,
    actorId: string | null,
  ): Promise<PayoutRow | null> {
    const account = await accountOf(organisationId);
    if (!account?.payoutsEnabled) {
      throw conflict('This organisation cannot be paid out yet.', 'errors.payouts_not_enabled');
    }
    const currency = (currencyAsked ?? account.defaultCurrency ?? '').trim().toUpperCase();
    if (!isPaymentCurrency(currency)) {
      throw AppError.validation({ currency: ['validation.currency'] });
    }
    const atProcessor = await provider.retrieveBalance(account.providerAccountId).catch(() => null);
    if (!atProcessor) {
      throw new AppError('PAYMENT_FAILED', 'The payment processor could not be reached.', {
        messageKey: 'errors.payments_unavailable',
      });
    }
    const processorAvailable =
      atProcessor.available.find((money) => money.currency.toUpperCase() === currency)?.amount ?? 0;
    const payout = await outbox.transaction(async (tx) => {
      // One payout of an organisation at a time: the balance is read and spent under this lock.
      await tx
        .select({ id: paymentAccounts.organisationId })
        .from(paymentAccounts)
        .where(eq(paymentAccounts.organisationId, organisationId))
        .for('update');
      const available =
        (await ledger.organisationBalances(organisationId, tx)).find(
          (money) => money.account === 'organisation_available' && money.currency === currency,
        )?.amount ?? 0;
      const amount = Math.min(available, processorAvailable);
      if (amount <= 0) return null;
      const id = randomUUID();
      const [row] = await tx
        .insert(payouts)
        .values({
          id,
          organisationId,
          amount,
          currency,
          status: 'PENDING',
          description: 'Encore payout',
          automatic: actorId === null,
          createdBy: actorId,
          idempotencyKey: `payout:${id}`,
          // The service's clock: the weekly schedule counts this week's payouts by it.
          createdAt: clock(),
          updatedAt: clock(),
        })
        .returning();
      await ledger.record(tx, {
        idempotencyKey: `payout:${id}`,
        kind: 'payout',
        occurredAt: clock(),
        organisationId,
        postings: [
          { account: 'organisation_available', organisationId, currency, amount },
          { account: 'payments_in_flight', currency, amount: -amount },
        ],
      });
      return row!;
    });
    if (!payout) return null;
    await submit(payout, account);
    const [current] = await db.select().from(payouts).where(eq(payouts.id, payout.id));
    return current!;
  }

  return {
    ...releases,

    /** A payout the team asks for now. */
    async payOutNow(organisationId: string, currency: string | null, actorId: string) {
      const payout = await payOut(organisationId, currency, actorId);
      if (!payout) throw AppError.validation({ currency: ['validation.payout.nothing_available'] });
      return payout;
    },

    /**
     * The weekly payouts: each organisation on the weekly schedule that can be paid out and was
     * not paid out automatically this week gets what is available in each currency.
     */
    async runSchedule(): Promise<number> {
      const weekStart = weekStartOf(clock());
      const due = await db
        .select()
        .from(paymentAccounts)
        .where(
          and(
            eq(paymentAccounts.payoutInterval, 'WEEKLY'),
            eq(paymentAccounts.payoutsEnabled, true),
          ),
        );
      let made = 0;
      for (const account of due) {
        const [paidThisWeek] = await db
          .select({ id: payouts.id })
          .from(payouts)
          .where(
            and(
              eq(payouts.organisationId, account.organisationId),
              eq(payouts.automatic, true),
              gte(payouts.createdAt, weekStart),
            ),
          )
          .limit(1);
        if (paidThisWeek) continue;
        const balances = await ledger.organisationBalances(account.organisationId);
        for (const money of balances) {
          if (money.account !== 'organisation_available' || money.amount <= 0) continue;
          const payout = await payOut(account.organisationId, money.currency, null).catch(
            () => null,
          );
          if (payout) made++;
        }
      }
      return made;
    },

    /** When the schedule pays out next (null when manual). */
    nextPayoutAt(account: Pick<PaymentAccountRow, 'payoutInterval'>): Date | null {
      if (account.payoutInterval !== 'WEEKLY') return null;
      return new Date(weekStartOf(clock()).getTime() + 7 * DAY_MS);
    },

    async setInterval(organisationId: string, interval: 'WEEKLY' | 'MANUAL') {
      const [row] = await db
        .update(paymentAccounts)
        .set({ payoutInterval: interval, updatedAt: clock() })
        .where(eq(paymentAccounts.organisationId, organisationId))
        .returning();
      if (!row) throw conflict('Connect a payout account first.', 'errors.payouts_not_enabled');
      return row;
    },

    /** Open payouts asked about again: those a crash left unsent, and those due to arrive. */
    async reconcile(): Promise<number> {
      const now = clock();
      const open = await db
        .select()
        .from(payouts)
        .where(
          and(
            inArray(payouts.status, ['PENDING', 'IN_TRANSIT']),
            or(
              lt(payouts.updatedAt, new Date(now.getTime() - RECONCILE_PAYOUTS_AFTER_MS)),
              lt(payouts.arrivalDate, now),
            ),
          ),
        )
        .limit(100);
      for (const payout of open) {
        const account = await accountOf(payout.organisationId);
        if (account) await submit(payout, account);
      }
      return open.length;
    },

    /** A processor's word on a payout is a nudge: what it says now is applied. */
    async sync(providerPayout: ProviderPayout): Promise<void> {
      const byMetadata = providerPayout.metadata.payout_id;
      const [payout] = await db
        .select()
        .from(payouts)
        .where(
          byMetadata && UUID_PATTERN.test(byMetadata)
            ? eq(payouts.id, byMetadata)
            : eq(payouts.providerPayoutId, providerPayout.id),
        );
      if (!payout) return;
      const answer = await provider
        .retrievePayout(providerPayout.accountId, providerPayout.id)
        .catch(() => null);
      if (answer) await apply(payout.id, answer);
    },

    /** An organisation's payouts, newest first. */
    async payoutsOf(organisationId: string, limit = 100): Promise<PayoutRow[]> {
      return db
        .select()
        .from(payouts)
        .where(eq(payouts.organisationId, organisationId))
        .orderBy(desc(payouts.createdAt))
        .limit(limit);
    },
  };
}

export type Payouts = ReturnType<typeof createPayouts>;
