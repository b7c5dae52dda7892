import type { FastifyBaseLogger } from 'fastify';

export interface RecurringJob {
  name: string;
  everyMs: number;
  /** A run may name when its next work is due, if sooner than `everyMs`: it runs again then. */
  run: () => Promise<void | { nextRunAt: Date | null }>;
}

/**
 * Runs each job now and then every `everyMs`, one run at a time per job. The jobs keep their
 * state in the database (what is due follows from stored dates), so a restart loses nothing: the
 * first run after it catches up. Several processes may run the same job; each job makes its own
 * work safe to share (row locks with SKIP LOCKED).
 */
export function startRecurringJobs(jobs: RecurringJob[], log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const job of jobs) {
    let running = false;
    let early: NodeJS.Timeout | undefined;
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      try {
        const next = (await job.run())?.nextRunAt;
        clearTimeout(early);
        const wait = next ? next.getTime() - Date.now() : Infinity;
        if (wait < job.everyMs) {
          early = setTimeout(() => void tick(), Math.max(0, wait));
          early.unref();
        }
      } catch (error) {
        log.error({ err: error, job: job.name }, 'recurring job failed');
      } finally {
        running = false;
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    timers.push(timer);
  }
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
    },
  };
}
