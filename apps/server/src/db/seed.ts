import type { Database } from './client';
import { seedLookups } from '../modules/lookups/lookups.seed';
import type { Config } from '../config';
import type { Storage } from '../lib/storage/storage';
import { seedDemoApplications } from './demo/demo-applications';
import { seedDemoFailedDelivery } from './demo/demo-events';
import { seedDemoNotifications } from './demo/demo-notifications';
import { seedDemoPayments } from './demo/demo-payments';
import { seedDemoPictures } from './demo/demo-pictures';
import { seedDemoRefundsAndPayouts } from './demo/demo-refunds-payouts';
import { seedDemo } from './demo/seed-demo';

export interface SeedOptions {
  demo: boolean;
  /** Where the demo's pictures are stored; without it the demo has none. */
  storage?: Storage;
  /**
   * The server's configuration: with it (and the local payment processor) the demo has payments,
   * made through the payments services; without it, none.
   */
  config?: Config;
}

/**
 * Reference data (lookups) is always present; demo data only with SEED=demo. Each step checks
 * whether it already ran, so a restart on an existing DATA_DIR seeds nothing twice.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<void> {
  await seedLookups(db);
  if (!options.demo) return;
  const fresh = await seedDemo(db);
  // With the people it is about only: a delivery an admin sent again is not set aside anew.
  if (fresh) await seedDemoFailedDelivery(db);
  await seedDemoApplications(db);
  await seedDemoNotifications(db);
  // After the notifications: the payments' own events tell the team of the applications.
  if (options.config) {
    await seedDemoPayments(db, options.config);
    await seedDemoRefundsAndPayouts(db, options.config);
  }
  if (options.storage) await seedDemoPictures(db, options.storage);
}
