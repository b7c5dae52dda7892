import { CLOSING_SOON_HOURS } from '@encore/core';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import { applicationAggregate } from './applications.events';
import { applications } from './applications.table';

const HOUR_MS = 60 * 60 * 1000;

export interface DeadlineRemindersDependencies {
  opportunities: Pick<OpportunitiesService, 'closingBetween'>;
  outbox: Outbox;
  clock: Clock;
}

/**
 * Reminds applicants whose application is still a DRAFT (being written, or waiting for its
 * payment) that its opportunity closes within CLOSING_SOON_HOURS: once per draft and deadline. A
 * draft reminded before its deadline moved later is reminded again when the new deadline nears.
 */
export function createDeadlineReminders({
  opportunities,
  outbox,
  clock,
}: DeadlineRemindersDependencies) {
  return {
    /**
     * Claims the drafts to remind and records a reminder for each, in one transaction: the UPDATE
     * that marks them takes each row's lock and checks the mark again, so two processes running at
     * once never remind the same draft twice. Answers how many were reminded.
     */
    async remindClosingSoon(): Promise<number> {
      const now = clock();
      const closing = await opportunities.closingBetween(
        now,
        new Date(now.getTime() + CLOSING_SOON_HOURS * HOUR_MS),
      );
      if (closing.length === 0) return 0;
      const byId = new Map(closing.map((opportunity) => [opportunity.id, opportunity]));
      // The window each deadline opened: a mark from before it was for an earlier deadline.
      const windows = sql.join(
        closing.map(
          (opportunity) =>
            sql`(${opportunity.id}::uuid, ${new Date(opportunity.deadlineAt.getTime() - CLOSING_SOON_HOURS * HOUR_MS).toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      return outbox.transaction(async (tx, record) => {
        const claimed = await tx
          .update(applications)
          .set({ deadlineRemindedAt: now })
          .from(sql`(values ${windows}) as closing(opportunity_id, window_opened_at)`)
          .where(
            and(
              sql`${applications.opportunityId} = closing.opportunity_id`,
              eq(applications.status, 'DRAFT'),
              or(
                isNull(applications.deadlineRemindedAt),
                sql`${applications.deadlineRemindedAt} < closing.window_opened_at`,
              ),
            ),
          )
          .returning({
            id: applications.id,
            code: applications.code,
            userId: applications.userId,
            opportunityId: applications.opportunityId,
            paymentStatus: applications.paymentStatus,
          });
        await record(
          ...claimed.flatMap((draft) => {
            const opportunity = byId.get(draft.opportunityId);
            if (!opportunity) return [];
            return [
              domainEvent('ApplicationDeadlineApproaching', applicationAggregate(draft.id), {
                applicationId: draft.id,
                code: draft.code,
                applicantId: draft.userId,
                opportunityId: opportunity.id,
                opportunityTitle: opportunity.title,
                opportunitySlug: opportunity.slug,
                deadlineAt: opportunity.deadlineAt.toISOString(),
                awaitingPayment: draft.paymentStatus !== null,
              }),
            ];
          }),
        );
        return claimed.length;
      });
    },
  };
}

export type DeadlineReminders = ReturnType<typeof createDeadlineReminders>;
