import { randomUUID } from 'node:crypto';
import { isPaymentCurrency, UUID_PATTERN } from '@encore/core';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
import type { OpportunitiesService, OpportunityRow } from '../opportunities/opportunities.service';
import type { Ledger } from './ledger';
import { paymentAccounts, payments, type PaymentAccountRow } from './payments.table';
import { earlyReleases, payouts, type PayoutRow, type PayoutStatus } from './payouts.table';
import { payoutAggregate } from './refunds.events';
import { revenueRollup } from './revenue-rollup';

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

/** Payments whose organisation share counts: charged by card and not given back in full. */
const HELD = and(
  eq(payments.method, 'INTERNAL_PAYMENT'),
  inArray(payments.status, ['SUCCEEDED', 'REFUNDED', 'REFUND_FAIL']),
);

/** What the organisation keeps of a payment: its share, less the share refunded. */
const shareOf = sql<string>`${payments.amount} - ${payments.platformFee} - ${payments.shareRefunded}`;

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

export interface PayoutRelease {
  opportunity: Pick<OpportunityRow, 'id' | 'title' | 'slug' | 'organisationId'>;
  amount: number;
  currency: string;
  releaseAt: Date | null;
  canRequestEarly: boolean;
}

/**
 * Money out (issue 21). An opportunity's money is held until its event has happened: each
 * payment's share moves from pending to available once the event's end plus the hold has passed
 * (or early, on request, for an organisation that has had an event before). Available money is
 * paid out weekly, or when the team asks; a payout is booked when asked for and given back when
 * the bank refuses it.
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
  /** When an opportunity's money becomes available: the event's end plus the hold, or on request. */
  function releaseAtOf(opportunity: OpportunityRow, early: Date | undefined): Date | null {
    if (early) return early;
    const eventEnd = opportunity.endsAt ?? opportunity.startsAt;
    return eventEnd ? new Date(eventEnd.getTime() + holdDays * DAY_MS) : null;
  }

  async function earlyOf(opportunityIds: readonly string[]): Promise<Map<string, Date>> {
    if (opportunityIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(earlyReleases)
      .where(inArray(earlyReleases.opportunityId, [...opportunityIds]));
    return new Map(rows.map((row) => [row.opportunityId, row.requestedAt]));
  }

  /** Moves each unreleased payment's share of an opportunity to the available balance. */
  async function release(opportunityId: string): Promise<number> {
    return outbox.transaction(async (tx) => {
      const held = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.opportunityId, opportunityId), isNull(payments.releasedAt), HELD))
        .for('update');
      const now = clock();
      for (const payment of held) {
        const share = payment.amount - payment.platformFee - payment.shareRefunded;
        if (share > 0) {
          await ledger.record(tx, {
            idempotencyKey: `release:${payment.id}`,
            kind: 'release',
            occurredAt: now,
            organisationId: payment.organisationId,
            applicationId: payment.applicationId,
            postings: [
              {
                account: 'organisation_pending',
                organisationId: payment.organisationId,
                currency: payment.currency,
                amount: share,
              },
              {
                account: 'organisation_available',
                organisationId: payment.organisationId,
                currency: payment.currency,
                amount: -share,
              },
            ],
          });
        }
        if (share > 0) await revenueRollup.released(tx, payment, share);
        await tx.update(payments).set({ releasedAt: now }).where(eq(payments.id, payment.id));
      }
      return held.length;
    });
  }

  /** Opportunities with money still held: their share per currency. */
  async function heldByOpportunity(organisationId?: string) {
    return db
      .select({
        opportunityId: payments.opportunityId,
        currency: payments.currency,
        amount: sql<string>`sum(${shareOf})`,
      })
      .from(payments)
      .where(
        and(
          isNull(payments.releasedAt),
          HELD,
          organisationId ? eq(payments.organisationId, organisationId) : undefined,
        ),
      )
      .groupBy(payments.opportunityId, payments.currency);
  }

  /**
   * Whether the team may have an opportunity's money released before the hold ends: its
   * applications are all decided (and someone was accepted) after the deadline, and the
   * organisation has had an event whose money was released before — never for a first event.
   */
  async function mayReleaseEarly(opportunity: OpportunityRow): Promise<boolean> {
    const now = clock();
    if (!opportunity.deadlineAt || opportunity.deadlineAt > now) return false;
    const [before] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.organisationId, opportunity.organisationId),
          sql`${payments.opportunityId} <> ${opportunity.id}`,
          sql`${payments.releasedAt} is not null`,
        ),
      )
      .limit(1);
    if (!before) return false;
    const paid = await db
      .select({ applicationId: payments.applicationId })
      .from(payments)
      .where(and(eq(payments.opportunityId, opportunity.id), HELD));
    const statuses = (await applications.byIds(paid.map((row) => row.applicationId))).map(
      (application) => application.status,
    );
    return (
      statuses.includes('ACCEPTED') &&
      statuses.every(
        (status) => status === 'ACCEPTED' || status === 'DECLINED' || status === 'WITHDRAWN',
      )
    );
  }

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
    releaseAtOf,

    /** Releases every opportunity whose hold has ended; says how many payments it released. */
    async releaseDue(): Promise<number> {
      const held = await heldByOpportunity();
      const ids = [...new Set(held.map((row) => row.opportunityId))];
      const [rows, early] = await Promise.all([opportunities.byIds(ids), earlyOf(ids)]);
      const now = clock();
      let released = 0;
      for (const opportunity of rows) {
        const at = releaseAtOf(opportunity, early.get(opportunity.id));
        if (at && at <= now) released += await release(opportunity.id);
      }
      return released;
    },

    /** Held money of an organisation per opportunity, soonest release first. */
    async upcomingReleases(organisationId: string): Promise<PayoutRelease[]> {
      const held = (await heldByOpportunity(organisationId)).filter(
        (row) => Number(row.amount) > 0,
      );
      const ids = [...new Set(held.map((row) => row.opportunityId))];
      const [rows, early] = await Promise.all([opportunities.byIds(ids), earlyOf(ids)]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const releases = await Promise.all(
        held.flatMap((row) => {
          const opportunity = byId.get(row.opportunityId);
          if (!opportunity) return [];
          return [
            (async (): Promise<PayoutRelease> => ({
              opportunity,
              amount: Number(row.amount),
              currency: row.currency,
              releaseAt: releaseAtOf(opportunity, early.get(opportunity.id)),
              canRequestEarly: !early.has(opportunity.id) && (await mayReleaseEarly(opportunity)),
            }))(),
          ];
        }),
      );
      const never = Number.MAX_SAFE_INTEGER;
      return releases.sort(
        (a, b) => (a.releaseAt?.getTime() ?? never) - (b.releaseAt?.getTime() ?? never),
      );
    },

    /** The team asks for an opportunity's money before the hold ends (see `mayReleaseEarly`). */
    async requestEarlyRelease(opportunityId: string, actorId: string): Promise<PayoutRelease> {
      if (!UUID_PATTERN.test(opportunityId)) throw AppError.notFound('opportunity');
      const opportunity = await opportunities.requireById(opportunityId);
      const [already] = await earlyOf([opportunity.id]).then((map) => [...map.values()]);
      if (!already) {
        if (!(await mayReleaseEarly(opportunity))) {
          throw conflict(
            'This opportunity’s money cannot be released early.',
            'errors.early_release_not_allowed',
          );
        }
        await db
          .insert(earlyReleases)
          .values({ opportunityId, requestedBy: actorId, requestedAt: clock() })
          .onConflictDoNothing();
      }
      const [held] = await db
        .select({
          amount: sql<string>`coalesce(sum(${shareOf}), 0)`,
          currency: sql<string>`max(${payments.currency})`,
        })
        .from(payments)
        .where(and(eq(payments.opportunityId, opportunityId), isNull(payments.releasedAt), HELD));
      await release(opportunityId);
      return {
        opportunity,
        amount: Number(held?.amount ?? 0),
        currency: held?.currency ?? 'EUR',
        releaseAt: already ?? clock(),
        canRequestEarly: false,
      };
    },

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
