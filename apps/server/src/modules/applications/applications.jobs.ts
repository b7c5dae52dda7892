import type { RecurringJob } from '../../lib/jobs';
import type { DeadlineReminders } from './applications.deadlines';

/**
 * How often the reminders look for deadlines entering their window: a reminder goes out at most
 * this long after its window opens, well within CLOSING_SOON_HOURS.
 */
export const DEADLINE_REMINDERS_EVERY_MS = 10 * 60 * 1000;

export function deadlineRemindersJob(reminders: DeadlineReminders): RecurringJob {
  return {
    name: 'application-deadline-reminders',
    everyMs: DEADLINE_REMINDERS_EVERY_MS,
    run: async () => {
      await reminders.remindClosingSoon();
    },
  };
}
