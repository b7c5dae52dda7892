import type { AnalyticsBatch, AnalyticsChannel } from '@encore/core';
import type { Database } from '../../db/client';
import { analyticsEvents } from './analytics.table';

export function createAnalyticsService(db: Database) {
  return {
    /** Stores a whole batch in one statement: either every event is kept or none. */
    async record(
      channel: AnalyticsChannel,
      batch: AnalyticsBatch,
      userId: string | null,
    ): Promise<number> {
      await db.insert(analyticsEvents).values(
        batch.events.map((event) => ({
          channel,
          type: event.type,
          name: event.name,
          path: event.path ?? null,
          properties: event.properties,
          userId,
          sessionId: batch.session_id ?? null,
          occurredAt: new Date(event.occurred_at),
        })),
      );
      return batch.events.length;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
