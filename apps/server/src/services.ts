import type { Config } from './config';
import type { Database } from './db/client';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createLookupsService } from './modules/lookups/lookups.service';

export interface ServiceDependencies {
  db: Database;
  config: Config;
}

/** The composition root: each feature's service gets what it needs and nothing else. */
export function createServices({ db }: ServiceDependencies) {
  return {
    analytics: createAnalyticsService(db),
    lookups: createLookupsService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
