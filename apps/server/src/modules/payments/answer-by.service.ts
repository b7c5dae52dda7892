import { ANSWER_BY_WARNING_HOURS } from '@encore/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import type { ApplicationsService } from '../applications/applications.service';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import { payments } from './payments.table';
import { answerByWarnings } from './payouts.table';
import type { Refunds } from './refunds.service';

const HOUR_MS = 60 * 60 * 1000;
/** How far back a missed answer-by date is still honoured (a server that was down for days). */
const CATCH_UP_MS = 30 * 24 * HOUR_MS;

const UNDECIDED = ['SUBMITTED', 'IN_REVIEW', 'SHORTLISTED'];

/**
 * The answer-by promise (issue 21): a paid opportunity may promise an answer by a date; its
 * team is warned 48 and 24 hours before while paid applications are undecided, and those still
 * undecided when it passes are refunded in full, by themselves.
 */
export function createAnswerBy({
  db,
  outbox,
  clock,
  refunds,
  opportunities,
  applications,
}: {
  db: Database;
  outbox: Outbox;
  clock: Clock;
  refunds: Pick<Refunds, 'refundUndecided'>;
  opportunities: Pick<OpportunitiesService, 'answerByBetween'>;
  applications: Pick<ApplicationsService, 'byIds'>;
}) {
  /** Paid applications of an opportunity not decided yet. */
  async function undecidedCount(opportunityId: string): Promise<number> {
    const paid = await db
      .select({ applicationId: payments.applicationId })
      .from(payments)
      .where(
        and(
          eq(payments.opportunityId, opportunityId),
          eq(payments.method, 'INTERNAL_PAYMENT'),
          inArray(payments.status, ['SUCCEEDED', 'REFUND_FAIL']),
          sql`${payments.amountRefunded} < ${payments.amount}`,
        ),
      );
    const rows = await applications.byIds(paid.map((row) => row.applicationId));
    return rows.filter((row) => UNDECIDED.includes(row.status)).length;
  }

  return {
    /** One pass: warnings that fell due, then refunds of promises that came due. */
    async run(): Promise<{ warned: number; refunded: number }> {
      const now = clock();
      let warned = 0;
      for (const hoursLeft of ANSWER_BY_WARNING_HOURS) {
        const until = new Date(now.getTime() + hoursLeft * HOUR_MS);
        for (const opportunity of await opportunities.answerByBetween(now, until)) {
          const answerBy = opportunity.answerByAt!;
          // The nearer warning covers the farther one when both fall due in one pass.
          if (hoursLeft === 48 && answerBy.getTime() - now.getTime() <= 24 * HOUR_MS) continue;
          const undecided = await undecidedCount(opportunity.id);
          if (undecided === 0) continue;
          const sent = await outbox.transaction(async (tx) => {
            const [fresh] = await tx
              .insert(answerByWarnings)
              .values({ opportunityId: opportunity.id, hoursLeft, answerBy })
              .onConflictDoNothing()
              .returning();
            if (!fresh) return false;
            await outbox.append(
              tx,
              domainEvent('AnswerByApproaching', `opportunity:${opportunity.id}`, {
                opportunityId: opportunity.id,
                organisationId: opportunity.organisationId,
                answerBy: answerBy.toISOString(),
                hoursLeft,
                undecided,
              }),
            );
            return true;
          });
          if (sent) warned++;
        }
      }
      let refunded = 0;
      const due = await opportunities.answerByBetween(new Date(now.getTime() - CATCH_UP_MS), now);
      for (const opportunity of due) refunded += await refunds.refundUndecided(opportunity.id);
      return { warned, refunded };
    },
  };
}

export type AnswerBy = ReturnType<typeof createAnswerBy>;
