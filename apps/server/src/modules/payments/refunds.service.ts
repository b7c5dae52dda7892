import { UUID_PATTERN, type RefundRequestInput } from '@encore/core';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ViewerAccess } from '../access/access';
import type { ApplicationsService } from '../applications/applications.service';
import { paymentsPolicy } from './payments.policy';
import type { PaymentSettlement } from './payments.settlement';
import { payments, type PaymentRow } from './payments.table';
import { refundAggregate } from './refunds.events';
import { refundable, type RefundOrigin, type RefundSettlement } from './refunds.settlement';
import { refundRequests, refunds, type RefundRequestRow, type RefundRow } from './refunds.table';

export interface RefundActor {
  id: string;
  access: Pick<ViewerAccess, 'opportunity'>;
}

/** Applications the answer-by promise covers: sent and not decided yet. */
const UNDECIDED = ['SUBMITTED', 'IN_REVIEW', 'SHORTLISTED'];

const conflict = (message: string, messageKey: string) =>
  new AppError('CONFLICT', message, { messageKey });
const validation = (field: string, key: string) => AppError.validation({ [field]: [key] });

/**
 * Money back (issue 21): applicants ask, the team approves or declines, or refunds directly; the
 * answer-by promise refunds undecided applications by itself. Who may do what, and in which
 * state, is decided here; how the money goes back is `refunds.settlement.ts`'s.
 */
export function createRefunds({
  db,
  outbox,
  clock,
  settlement,
  refundSettlement,
  applications,
}: {
  db: Database;
  outbox: Outbox;
  clock: Clock;
  settlement: Pick<PaymentSettlement, 'lock'>;
  refundSettlement: RefundSettlement;
  applications: Pick<ApplicationsService, 'requireById' | 'byIds'>;
}) {
  const { parties, updateRequest, begin, submit } = refundSettlement;

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

  /** The team's grant on the opportunity, or not found for anyone without it. */
  async function requireManager(opportunityId: string, actor: RefundActor, what: string) {
    const grant = await actor.access.opportunity(opportunityId);
    if (!paymentsPolicy.manage(grant)) throw AppError.notFound(what);
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

    releaseWithdrawn: refundSettlement.releaseWithdrawn,
    sync: refundSettlement.sync,
    reconcile: refundSettlement.reconcile,

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
