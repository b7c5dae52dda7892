import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { opportunityPaymentOptions, type OpportunityPaymentOptionRow } from './opportunities.table';

/**
 * The slots of an opportunity's price tiers, as checkout takes and gives them back. The tier is
 * this feature's; payments hold slots through here, in their own transaction.
 */
export function createTierSlots({ clock }: { clock: Clock }) {
  return {
    /** Whether an applicant can choose the tier now: a slot open, and before its own deadline. */
    isAvailable: (option: OpportunityPaymentOptionRow) =>
      (option.slots === null || option.filledSlots < option.slots) &&
      (!option.deadlineAt || option.deadlineAt > clock()),

    /**
     * Takes one slot of the tier in the caller's transaction, as one conditional statement: of
     * applicants racing for the last slot, exactly one gets it. The tier as it now stands, or
     * false when it is full or its own deadline (an early-bird's) has passed.
     */
    async take(tx: Executor, optionId: string): Promise<OpportunityPaymentOptionRow | false> {
      const now = clock();
      const [row] = await tx
        .update(opportunityPaymentOptions)
        .set({ filledSlots: sql`${opportunityPaymentOptions.filledSlots} + 1`, updatedAt: now })
        .where(
          and(
            eq(opportunityPaymentOptions.id, optionId),
            or(
              isNull(opportunityPaymentOptions.slots),
              lt(opportunityPaymentOptions.filledSlots, opportunityPaymentOptions.slots),
            ),
            or(
              isNull(opportunityPaymentOptions.deadlineAt),
              gt(opportunityPaymentOptions.deadlineAt, now),
            ),
          ),
        )
        .returning();
      return row ?? false;
    },

    /** Gives back a slot an abandoned or refunded checkout held; false when none was taken. */
    async release(tx: Executor, optionId: string): Promise<boolean> {
      const released = await tx
        .update(opportunityPaymentOptions)
        .set({
          filledSlots: sql`${opportunityPaymentOptions.filledSlots} - 1`,
          updatedAt: clock(),
        })
        .where(
          and(
            eq(opportunityPaymentOptions.id, optionId),
            sql`${opportunityPaymentOptions.filledSlots} > 0`,
          ),
        )
        .returning({ id: opportunityPaymentOptions.id });
      return released.length > 0;
    },
  };
}

export type TierSlots = ReturnType<typeof createTierSlots>;
