import type { FastifyBaseLogger } from 'fastify';

export interface RecurringJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
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
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      try {
        await job.run();
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
