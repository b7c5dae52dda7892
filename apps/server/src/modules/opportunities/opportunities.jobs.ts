import type { RecurringJob } from '../../lib/jobs';
import type { OpportunitiesService } from './opportunities.service';

/**
 * The lifecycle job wakes when the next transition is due, and at least this often (a write may
 * bring a transition closer meanwhile; reads never wait for the job).
 */
export const LIFECYCLE_EVERY_MS = 30_000;

export function opportunityLifecycleJob(opportunities: OpportunitiesService): RecurringJob {
  return {
    name: 'opportunity-lifecycle',
    everyMs: LIFECYCLE_EVERY_MS,
    run: async () => ({ nextRunAt: (await opportunities.syncStatuses()).nextDueAt }),
  };
}
