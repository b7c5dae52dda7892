import type { RecurringJob } from '../../lib/jobs';
import type { OpportunitiesService } from './opportunities.service';

/** How often the lifecycle job stores the transitions the clock made (reads never wait for it). */
export const LIFECYCLE_EVERY_MS = 30_000;

export function opportunityLifecycleJob(opportunities: OpportunitiesService): RecurringJob {
  return {
    name: 'opportunity-lifecycle',
    everyMs: LIFECYCLE_EVERY_MS,
    run: () => opportunities.syncStatuses(),
  };
}
