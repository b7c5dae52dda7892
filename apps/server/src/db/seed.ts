import type { Database } from './client';
import { seedLookups } from '../modules/lookups/lookups.seed';
import { seedDemo } from './demo/seed-demo';

export interface SeedOptions {
  demo: boolean;
}

/**
 * Reference data (lookups) is always present; demo data only with SEED=demo. Each step checks
 * whether it already ran, so a restart on an existing DATA_DIR seeds nothing twice.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<void> {
  await seedLookups(db);
  if (options.demo) await seedDemo(db);
}
