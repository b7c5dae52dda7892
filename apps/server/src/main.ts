import path from 'node:path';
import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDatabase } from './db/seed';
import {
  paymentsMoneyOutJob,
  paymentsReconciliationJob,
} from './modules/payments/payments.reconciliation';
import { startRecurringJobs } from './lib/jobs';
import { createStorage } from './lib/storage';
import { defaultWebDist } from './lib/paths';
import { outboxPruneJob } from './events/events.jobs';
import { systemClock } from './lib/clock';
import { deadlineRemindersJob } from './modules/applications/applications.jobs';
import { notificationDigestJob } from './modules/notifications/notifications.digest';
import { opportunityLifecycleJob } from './modules/opportunities/opportunities.jobs';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  if (!config.webDist && existsSync(defaultWebDist)) config.webDist = defaultWebDist;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await runMigrations(database);
  await seedDatabase(database.db, {
    demo: config.seed === 'demo',
    storage: createStorage(config),
    config,
  });

  // A person at a terminal reads lines; a pipe, a file or a log collector gets JSON.
  const app = await buildApp({ config, database, prettyLogs: process.stdout.isTTY === true });
  // Lifecycle steps the clock makes are stored as they fall due (reads never wait for them).
  const jobs = startRecurringJobs(
    [
      opportunityLifecycleJob(app.services.opportunities),
      deadlineRemindersJob(app.services.deadlineReminders),
      notificationDigestJob(app.services.notificationDigests),
      outboxPruneJob(app.services.events.dispatcher, systemClock),
      paymentsReconciliationJob(app.services.payments.reconciliation),
      paymentsMoneyOutJob(app.services.payments),
    ],
    app.log,
  );
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: no new connections, draining requests');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    jobs.stop();
    // app.close() stops listening, waits for in-flight requests, then closes the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, database: database.kind }, 'Encore is ready');
  if (!config.smtpUrl) {
    app.log.info(
      config.mailOutboxPage
        ? `SMTP_URL is not set: emails are kept, and their recipients read them at ${config.publicUrl}/dev/mail`
        : 'SMTP_URL is not set: emails are kept in the outbox; start with MAIL_OUTBOX=on to let their recipients read them at /dev/mail',
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Encore failed to start:', error);
  }
  process.exit(1);
});
