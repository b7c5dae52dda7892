import { refundSplit, UUID_PATTERN, type RefundRequestInput } from '@encore/core';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { ProcessorError } from '../../lib/payments/local/processor';
import type { PaymentProvider, ProviderRefund } from '../../lib/payments/provider';
import type { ViewerAccess } from '../access/access';
import type { ApplicationsService } from '../applications/applications.service';
import type { Ledger } from './ledger';
import { paymentsPolicy } from './payments.policy';
import type { PaymentSettlement } from './payments.settlement';
import { payments, type PaymentRow } from './payments.table';
import { refundAggregate } from './refunds.events';
import { revenueRollup } from './revenue-rollup';
import { refundRequests, refunds, type RefundRequestRow, type RefundRow } from './refunds.table';

export interface RefundActor {
  id: string;
  access: Pick<ViewerAccess, 'opportunity'>;
}

/** How a refund came about: a request approved, the answer-by promise, or a person directly. */
interface RefundOrigin {
  requestId?: string;
  automatic?: boolean;
  requestedBy: string | null;
}

/** Applications the answer-by promise covers: sent and not decided yet. */
const UNDECIDED = ['SUBMITTED', 'IN_REVIEW', 'SHORTLISTED'];

/** Pending refunds asked of the processor again after this long (a crash, a lost answer). */
export const RECONCILE_REFUNDS_AFTER_MS = 60_000;

const conflict = (message: string, messageKey: string) =>
  new AppError('CONFLICT', message, { messageKey });
const validation = (field: string, key: string) => AppError.validation({ [field]: [key] });

const refundable = (payment: PaymentRow) =>
  payment.method === 'INTERNAL_PAYMENT' &&
  (payment.status === 'SUCCEEDED' || payment.status === 'REFUND_FAIL') &&
  payment.amount > payment.amountRefunded;

/**
 * Money back (issue 21): applicants ask, the team approves or declines, or refunds directly; the
 * answer-by promise refunds undecided applications by itself. A refund is written first (pending,
 * with its own idempotency key), then asked of the processor, then booked when the processor says
 * it succeeded: a crash in between leaves a pending refund that reconciliation asks again with the
 * same key, never a second refund.
 */
export function createRefunds({
  db,
  outbox,
  clock,
  provider,
  ledger,
  settlement,
  applications,
}: {
  db: Database;
  outbox: Outbox;
  clock: Clock;
  provider: PaymentProvider;
  ledger: Ledger;
  settlement: PaymentSettlement;
  applications: Pick<ApplicationsService, 'requireById' | 'byIds'>;
}) {
  const parties = (payment: PaymentRow) => ({
    applicationId: payment.applicationId,
    opportunityId: payment.opportunityId,
    organisationId: payment.organisationId,
    userId: payment.userId,
  });

  async function paymentOfApplication(applicationId: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.applicationId, applicationId));
    return row;
  }

  async function lockRequest(tx: Transaction, id: string): Promise<RefundRequestRow | undefined> {
    const [row] = await tx
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.id, id))
      .for('update');
    return row;
  }

  async function updateRequest(
    tx: Transaction,
    id: string,
    change: Partial<RefundRequestRow>,
  ): Promise<RefundRequestRow> {
    const [row] = await tx
      .update(refundRequests)
      .set({ ...change, updatedAt: clock() })
      .where(eq(refundRequests.id, id))
      .returning();
    return row!;
  }

  /** The team's grant on the opportunity, or not found for anyone without it. */
  async function requireManager(opportunityId: string, actor: RefundActor, what: string) {
    const grant = await actor.access.opportunity(opportunityId);
    if (!paymentsPolicy.manage(grant)) throw AppError.notFound(what);
  }

  /** Writes a pending refund of a locked payment; the processor is asked after commit. */
  async function begin(
    tx: Transaction,
    payment: PaymentRow,
    amount: number | null,
    origin: RefundOrigin,
  ): Promise<RefundRow> {
    if (payment.method !== 'INTERNAL_PAYMENT') throw validation('id', 'validation.refund.not_card');
    if (!refundable(payment)) throw validation('id', 'validation.refund.nothing_left');
    const [pending] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'PENDING')));
    if (pending) {
      throw conflict('A refund of this payment is under way.', 'errors.refund_in_progress');
    }
    const left = payment.amount - payment.amountRefunded;
    const refundAmount = amount ?? left;
    if (refundAmount > left) throw validation('amount', 'validation.refund.over_amount');
    const [made] = await tx
      .select({ made: count() })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        applicationId: payment.applicationId,
        opportunityId: payment.opportunityId,
        organisationId: payment.organisationId,
        requestId: origin.requestId ?? null,
        status: 'PENDING',
        amount: refundAmount,
        currency: payment.currency,
        automatic: origin.automatic ?? false,
        requestedBy: origin.requestedBy,
        idempotencyKey: `refund:${payment.id}:${made!.made + 1}`,
        // The service's clock, as every later step of the refund: its times read in order.
        createdAt: clock(),
        updatedAt: clock(),
      })
      .returning();
    return refund!;
  }

  /** The refund is booked: the organisation's share and the platform's fee come back. */
  async function succeed(
    tx: Transaction,
    refund: RefundRow,
    payment: PaymentRow,
    withdrawn: boolean,
  ) {
    const now = clock();
    const { feeBack, shareBack } = refundSplit(payment, refund.amount);
    const { currency, organisationId } = payment;
    await ledger.record(tx, {
      idempotencyKey: `refund:${refund.id}`,
      kind: 'refund',
      occurredAt: now,
      organisationId,
      applicationId: payment.applicationId,
      postings: [
        { account: 'payments_in_flight' as const, currency, amount: -refund.amount },
        {
          // Once released to the balance (or paid out), the share comes back from there: the
          // balance may go below zero, and later money nets it.
          account: payment.releasedAt
            ? ('organisation_available' as const)
            : ('organisation_pending' as const),
          organisationId,
          currency,
          amount: shareBack,
        },
        { account: 'platform_fees' as const, currency, amount: feeBack },
      ].filter((posting) => posting.amount !== 0),
    });
    await revenueRollup.refunded(tx, payment, { amount: refund.amount, shareBack }, now);
    const refunded = payment.amountRefunded + refund.amount;
    const full = refunded === payment.amount;
    let moved = await settlement.move(tx, payment, {
      status: full ? 'REFUNDED' : 'SUCCEEDED',
      amountRefunded: refunded,
      shareRefunded: payment.shareRefunded + shareBack,
      refundedAt: now,
    });
    // A withdrawn application refunded in full gives its tier's and coupon's slot back.
    if (full && withdrawn && moved.holdsSlots) {
      await settlement.releaseHolds(tx, moved);
      moved = await settlement.move(tx, moved, { status: moved.status, holdsSlots: false });
    }
    await tx
      .update(refunds)
      .set({ status: 'SUCCEEDED', succeededAt: now, updatedAt: now })
      .where(eq(refunds.id, refund.id));
    if (refund.requestId) {
      await updateRequest(tx, refund.requestId, { status: 'SUCCEEDED', completedAt: now });
    }
    await outbox.append(
      tx,
      domainEvent('RefundSucceeded', refundAggregate(payment.applicationId), {
        ...parties(payment),
        refundId: refund.id,
        requestId: refund.requestId,
        amount: refund.amount,
        currency,
        automatic: refund.automatic,
        full,
      }),
    );
  }

  async function fail(tx: Transaction, refund: RefundRow, payment: PaymentRow, reason: string) {
    const now = clock();
    await tx
      .update(refunds)
      .set({ status: 'FAILED', failureReason: reason, updatedAt: now })
      .where(eq(refunds.id, refund.id));
    await settlement.move(tx, payment, { status: 'REFUND_FAIL' });
    if (refund.requestId) {
      await updateRequest(tx, refund.requestId, {
        status: 'FAILED',
        completedAt: now,
        failureReason: reason,
      });
    }
    await outbox.append(
      tx,
      domainEvent('RefundFailed', refundAggregate(payment.applicationId), {
        ...parties(payment),
        refundId: refund.id,
        requestId: refund.requestId,
        amount: refund.amount,
        currency: payment.currency,
        failureReason: reason,
      }),
    );
  }

  /** What the processor says of a refund, applied once: a settled refund stays settled. */
  async function apply(refundId: string, answer: ProviderRefund | { failure: string }) {
    // Read before the transaction (the embedded database runs one statement stream at a time).
    const [known] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!known || known.status !== 'PENDING') return;
    const [application] = await applications.byIds([known.applicationId]);
    const withdrawn = application?.status === 'WITHDRAWN';
    await outbox.transaction(async (tx) => {
      const [refund] = await tx
        .select()
        .from(refunds)
        .where(eq(refunds.id, refundId))
        .for('update');
      if (!refund || refund.status !== 'PENDING') return;
      const payment = (await settlement.lock(tx, refund.paymentId))!;
      if ('failure' in answer) return fail(tx, refund, payment, answer.failure);
      if (!refund.providerRefundId) {
        await tx
          .update(refunds)
          .set({ providerRefundId: answer.id })
          .where(eq(refunds.id, refund.id));
      }
      if (answer.status === 'succeeded') return succeed(tx, refund, payment, withdrawn);
      if (answer.status === 'failed' || answer.status === 'canceled') {
        return fail(tx, refund, payment, answer.failureReason ?? answer.status);
      }
    });
  }

  /**
   * Asks the processor for a pending refund, with its key (the same refund however often), and
   * applies the answer. A refusal fails the refund; an unreachable processor leaves it pending.
   */
  async function submit(refund: RefundRow): Promise<void> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
    if (!payment?.providerIntentId) return apply(refund.id, { failure: 'no_charge' });
    let answer: ProviderRefund;
    try {
      answer = refund.providerRefundId
        ? await provider.retrieveRefund(refund.providerRefundId)
        : await provider.createRefund(
            {
              intentId: payment.providerIntentId,
              amount: refund.amount,
              metadata: {
                refund_id: refund.id,
                payment_id: payment.id,
                application_id: payment.applicationId,
              },
            },
            refund.idempotencyKey,
          );
    } catch (error) {
      if (error instanceof ProcessorError) return apply(refund.id, { failure: error.code });
      return; // Reconciliation asks again.
    }
    await apply(refund.id, answer);
  }

  /** Refunds of a payment's own transaction, then asked of the processor. */
  async function refundNow(
    paymentId: string,
    amount: number | null,
    origin: RefundOrigin,
    linkOpenRequest: boolean,
  ): Promise<void> {
    const refund = await outbox.transaction(async (tx) => {
      const payment = await settlement.lock(tx, paymentId);
      if (!payment) throw AppError.notFound('application');
      const [open] = linkOpenRequest
        ? await tx
            .select()
            .from(refundRequests)
            .where(
              and(eq(refundRequests.paymentId, payment.id), eq(refundRequests.status, 'REQUESTED')),
            )
            .for('update')
        : [];
      const made = await begin(tx, payment, amount, { ...origin, requestId: open?.id });
      // A request still open is answered by this refund.
      if (open) {
        const now = clock();
        await updateRequest(tx, open.id, {
          status: 'PROCESSING',
          decidedBy: origin.requestedBy,
          decidedAt: now,
          processingAt: now,
        });
        await outbox.append(
          tx,
          domainEvent('RefundRequestDecided', refundAggregate(payment.applicationId), {
            ...parties(payment),
            requestId: open.id,
            decision: 'APPROVED',
            note: null,
            decidedBy: origin.requestedBy ?? 'system',
          }),
        );
      }
      return made;
    });
    await submit(refund);
  }

  return {
    /** The applicant asks for their fee back. */
    async request(
      applicationId: string,
      input: RefundRequestInput,
      actor: RefundActor,
    ): Promise<RefundRequestRow> {
      if (!UUID_PATTERN.test(applicationId)) throw AppError.notFound('application');
      const application = await applications.requireById(applicationId);
      if (application.userId !== actor.id) throw AppError.notFound('application');
      const payment = await paymentOfApplication(applicationId);
      if (!payment || !refundable(payment)) {
        throw conflict('This application has no fee to give back.', 'errors.refund_not_possible');
      }
      return outbox.transaction(async (tx) => {
        const locked = (await settlement.lock(tx, payment.id))!;
        if (!refundable(locked)) {
          throw conflict('This application has no fee to give back.', 'errors.refund_not_possible');
        }
        const [row] = await tx
          .insert(refundRequests)
          .values({
            applicationId,
            paymentId: payment.id,
            opportunityId: payment.opportunityId,
            userId: actor.id,
            status: 'REQUESTED',
            reason: input.reason,
            message: input.message ?? null,
            amount: locked.amount - locked.amountRefunded,
            // The service's clock, as every later step: the timeline reads in order.
            createdAt: clock(),
            updatedAt: clock(),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          throw conflict('A refund request is already open.', 'errors.refund_request_open');
        }
        await outbox.append(
          tx,
          domainEvent('RefundRequested', refundAggregate(applicationId), {
            ...parties(locked),
            requestId: row.id,
            reason: row.reason,
            message: row.message,
            amount: row.amount,
            currency: locked.currency,
          }),
        );
        return row;
      });
    },

    /** The applicant takes an undecided request back (twice is once). */
    async cancel(requestId: string, actor: RefundActor): Promise<RefundRequestRow> {
      if (!UUID_PATTERN.test(requestId)) throw AppError.notFound('refund_request');
      return outbox.transaction(async (tx) => {
        const row = await lockRequest(tx, requestId);
        if (!row || row.userId !== actor.id) throw AppError.notFound('refund_request');
        if (row.status === 'CANCELED') return row;
        if (row.status !== 'REQUESTED') {
          throw conflict('This request was already answered.', 'errors.refund_request_decided');
        }
        const canceled = await updateRequest(tx, row.id, {
          status: 'CANCELED',
          canceledAt: clock(),
        });
        await outbox.append(
          tx,
          domainEvent('RefundRequestCanceled', refundAggregate(row.applicationId), {
            applicationId: row.applicationId,
            opportunityId: row.opportunityId,
            organisationId: (await settlement.lock(tx, row.paymentId))!.organisationId,
            userId: row.userId,
            requestId: row.id,
          }),
        );
        return canceled;
      });
    },

    /** The team approves: the fee left is refunded (approving twice refunds once). */
    async approve(
      requestId: string,
      note: string | null,
      actor: RefundActor,
    ): Promise<RefundRequestRow> {
      const request = await this.requireForTeam(requestId, actor);
      const refund = await outbox.transaction(async (tx) => {
        const payment = (await settlement.lock(tx, request.paymentId))!;
        const row = (await lockRequest(tx, requestId))!;
        if (row.status !== 'REQUESTED') {
          if (row.decidedAt && row.status !== 'DECLINED') return null;
          throw conflict('This request was already answered.', 'errors.refund_request_decided');
        }
        const now = clock();
        await updateRequest(tx, row.id, {
          status: 'APPROVED',
          decisionNote: note,
          decidedBy: actor.id,
          decidedAt: now,
        });
        await outbox.append(
          tx,
          domainEvent('RefundRequestDecided', refundAggregate(row.applicationId), {
            ...parties(payment),
            requestId: row.id,
            decision: 'APPROVED',
            note,
            decidedBy: actor.id,
          }),
        );
        const made = await begin(tx, payment, null, { requestId: row.id, requestedBy: actor.id });
        await updateRequest(tx, row.id, { status: 'PROCESSING', processingAt: now });
        return made;
      });
      if (refund) await submit(refund);
      return this.requireForTeam(requestId, actor);
    },

    /** The team declines, with a note to the applicant if they like (twice is once). */
    async decline(
      requestId: string,
      note: string | null,
      actor: RefundActor,
    ): Promise<RefundRequestRow> {
      const request = await this.requireForTeam(requestId, actor);
      return outbox.transaction(async (tx) => {
        const payment = (await settlement.lock(tx, request.paymentId))!;
        const row = (await lockRequest(tx, requestId))!;
        if (row.status === 'DECLINED') return row;
        if (row.status !== 'REQUESTED') {
          throw conflict('This request was already answered.', 'errors.refund_request_decided');
        }
        const declined = await updateRequest(tx, row.id, {
          status: 'DECLINED',
          decisionNote: note,
          decidedBy: actor.id,
          decidedAt: clock(),
        });
        await outbox.append(
          tx,
          domainEvent('RefundRequestDecided', refundAggregate(row.applicationId), {
            ...parties(payment),
            requestId: row.id,
            decision: 'DECLINED',
            note,
            decidedBy: actor.id,
          }),
        );
        return declined;
      });
    },

    /** The team refunds an application directly: all that is left, or `amount` of it. */
    async refundApplication(
      applicationId: string,
      amount: number | null,
      actor: RefundActor,
    ): Promise<PaymentRow> {
      if (!UUID_PATTERN.test(applicationId)) throw AppError.notFound('application');
      const application = await applications.requireById(applicationId);
      await requireManager(application.opportunityId, actor, 'application');
      const payment = await paymentOfApplication(applicationId);
      if (!payment) throw validation('id', 'validation.refund.nothing_left');
      await refundNow(payment.id, amount, { requestedBy: actor.id }, true);
      return (await paymentOfApplication(applicationId))!;
    },

    /**
     * The answer-by promise came due: every paid application of the opportunity still undecided
     * is refunded in full. Safe to run again (a refunded payment has nothing left).
     */
    async refundUndecided(opportunityId: string): Promise<number> {
      const paid = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.opportunityId, opportunityId),
            eq(payments.method, 'INTERNAL_PAYMENT'),
            inArray(payments.status, ['SUCCEEDED', 'REFUND_FAIL']),
            sql`${payments.amountRefunded} < ${payments.amount}`,
          ),
        );
      const undecided = new Set(
        (await applications.byIds(paid.map((payment) => payment.applicationId)))
          .filter((application) => UNDECIDED.includes(application.status))
          .map((application) => application.id),
      );
      let refunded = 0;
      for (const payment of paid.filter((row) => undecided.has(row.applicationId))) {
        try {
          await refundNow(payment.id, null, { automatic: true, requestedBy: null }, true);
          refunded++;
        } catch (error) {
          // Another process got there first; the next run sees what is left.
          if (!(error instanceof AppError)) throw error;
        }
      }
      return refunded;
    },

    /** An application withdrawn after its fee was refunded in full gives its slots back. */
    async releaseWithdrawn(applicationId: string): Promise<void> {
      await outbox.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.applicationId, applicationId))
          .for('update');
        if (payment?.status !== 'REFUNDED' || !payment.holdsSlots) return;
        await settlement.releaseHolds(tx, payment);
        await settlement.move(tx, payment, { status: payment.status, holdsSlots: false });
      });
    },

    /** A processor's word on a refund is a nudge: what it says now is applied. */
    async sync(providerRefund: ProviderRefund): Promise<void> {
      const byMetadata = providerRefund.metadata.refund_id;
      const [refund] = await db
        .select()
        .from(refunds)
        .where(
          byMetadata && UUID_PATTERN.test(byMetadata)
            ? eq(refunds.id, byMetadata)
            : eq(refunds.providerRefundId, providerRefund.id),
        );
      if (!refund || refund.status !== 'PENDING') return;
      const answer = await provider.retrieveRefund(providerRefund.id).catch(() => null);
      if (answer) await apply(refund.id, answer);
    },

    /** Pending refunds whose answer never came: asked again with the same key. */
    async reconcile(): Promise<number> {
      const stale = await db
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.status, 'PENDING'),
            lt(refunds.updatedAt, new Date(clock().getTime() - RECONCILE_REFUNDS_AFTER_MS)),
          ),
        )
        .limit(100);
      for (const refund of stale) await submit(refund);
      return stale.length;
    },

    /** A request, for those who manage the opportunity's payments (not found for anyone else). */
    async requireForTeam(requestId: string, actor: RefundActor): Promise<RefundRequestRow> {
      if (!UUID_PATTERN.test(requestId)) throw AppError.notFound('refund_request');
      const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
      if (!row) throw AppError.notFound('refund_request');
      await requireManager(row.opportunityId, actor, 'refund_request');
      return row;
    },

    /** An opportunity's requests, newest first (`status` to see only some). */
    async requestsOf(
      opportunityId: string,
      { first, page }: { first: number; page: number },
      status?: RefundRequestRow['status'] | null,
    ): Promise<{ rows: RefundRequestRow[]; total: number }> {
      const where = and(
        eq(refundRequests.opportunityId, opportunityId),
        status ? eq(refundRequests.status, status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(refundRequests)
          .where(where)
          .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id))
          .limit(first)
          .offset((page - 1) * first),
        db.select({ total: count() }).from(refundRequests).where(where),
      ]);
      return { rows, total: total!.total };
    },

    async requestsByIds(ids: readonly string[]): Promise<RefundRequestRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(refundRequests)
        .where(inArray(refundRequests.id, [...ids]));
    },

    /** Each application's latest request. */
    async latestRequestsOf(applicationIds: readonly string[]): Promise<RefundRequestRow[]> {
      if (applicationIds.length === 0) return [];
      return db
        .selectDistinctOn([refundRequests.applicationId])
        .from(refundRequests)
        .where(inArray(refundRequests.applicationId, [...applicationIds]))
        .orderBy(refundRequests.applicationId, desc(refundRequests.createdAt));
    },

    /** Payments' refunds, oldest first. */
    async refundsOf(paymentIds: readonly string[]): Promise<RefundRow[]> {
      if (paymentIds.length === 0) return [];
      return db
        .select()
        .from(refunds)
        .where(inArray(refunds.paymentId, [...paymentIds]))
        .orderBy(refunds.createdAt);
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
