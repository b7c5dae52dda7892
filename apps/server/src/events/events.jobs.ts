import type { Clock } from '../lib/clock';
import type { RecurringJob } from '../lib/jobs';
import type { Dispatcher } from './dispatcher';

/**
 * How long delivered events stay in the outbox: long enough to look into a complaint ("I never
 * got the email") from the records, short enough that the outbox does not grow forever.
 * Failed events stay until an admin sends them again.
 */
export const DELIVERED_EVENTS_KEPT_DAYS = 30;

export function outboxPruneJob(dispatcher: Pick<Dispatcher, 'prune'>, clock: Clock): RecurringJob {
  return {
    name: 'outbox-prune',
    everyMs: 60 * 60 * 1000,
    run: async () => {
      const before = new Date(clock().getTime() - DELIVERED_EVENTS_KEPT_DAYS * 24 * 60 * 60 * 1000);
      await dispatcher.prune(before);
    },
  };
}
