import { UUID_PATTERN } from '@encore/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ApplicationsService } from '../applications/applications.service';
import type { OpportunitiesService, OpportunityRow } from '../opportunities/opportunities.service';
import type { Ledger } from './ledger';
import { payments } from './payments.table';
import { earlyReleases } from './payouts.table';
import { revenueRollup } from './revenue-rollup';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Payments whose organisation share counts: charged by card and not given back in full. */
const HELD = and(
  eq(payments.method, 'INTERNAL_PAYMENT'),
  inArray(payments.status, ['SUCCEEDED', 'REFUNDED', 'REFUND_FAIL']),
);

/** What the organisation keeps of a payment: its share, less the share refunded. */
const shareOf = sql<string>`${payments.amount} - ${payments.platformFee} - ${payments.shareRefunded}`;

const conflict = (message: string, messageKey: string) =>
  new AppError('CONFLICT', message, { messageKey });

export interface PayoutRelease {
  opportunity: Pick<OpportunityRow, 'id' | 'title' | 'slug' | 'organisationId'>;
  amount: number;
  currency: string;
  releaseAt: Date | null;
  canRequestEarly: boolean;
}

/**
 * Held until the event happens (issue 21): each payment's share moves from the organisation's
 * pending balance to its available one once the event's end plus the hold has passed, or early,
 * on request, for an organisation that has had an event before.
 */
export function createPayoutReleases({
  db,
  outbox,
  clock,
  ledger,
  opportunities,
  applications,
  holdDays,
}: {
  db: Database;
  outbox: Outbox;
  clock: Clock;
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
  };
}

export type PayoutReleases = ReturnType<typeof createPayoutReleases>;
