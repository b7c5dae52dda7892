import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { opportunityViews } from './opportunities.table';

/** How long a view waits before it is written, and how many wait at most. */
const FLUSH_EVERY_MS = 2_000;
const PENDING_MAX = 1_000;

/**
 * Visits to opportunity pages, written in batches: reading a page never waits for (or fails
 * with) a write. One insert takes every visit since the last; a visit a viewer already made that
 * day is kept once by the table's key. The team's view counts flush first, so they include the
 * visits this process holds; another process's reach the table within `FLUSH_EVERY_MS`.
 */
export function createViewRecorder(db: Database, clock: Clock, onError: (error: unknown) => void) {
  let pending = new Map<string, typeof opportunityViews.$inferInsert>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size > 0) {
      const rows = [...pending.values()];
      pending = new Map();
      writing = writing
        .then(() => db.insert(opportunityViews).values(rows).onConflictDoNothing())
        .then(
          () => undefined,
          (error: unknown) => onError(error),
        );
    }
    await writing;
  }

  return {
    record(opportunityId: string, viewerKey: string): void {
      const day = clock().toISOString().slice(0, 10);
      pending.set(`${opportunityId} ${day} ${viewerKey}`, { opportunityId, viewerKey, day });
      if (pending.size >= PENDING_MAX) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_EVERY_MS);
        timer.unref();
      }
    },
    flush,
  };
}
