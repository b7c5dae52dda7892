import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import { createDispatcher } from './events/dispatcher';
import { createDomainEventsAdmin } from './events/events.admin';
import { composeHandlers } from './events/handlers';
import { createOutbox } from './events/outbox';
import { systemClock, type Clock } from './lib/clock';
import type { InvalidationBus } from './lib/invalidation';
import type { ServiceLog } from './lib/service-log';
import { createRateLimiterStore } from './lib/rate-limit';
import { createSealer } from './lib/sealed';
import type { Realtime } from './realtime/realtime.server';
import { createStorage } from './lib/storage';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import {
  APPLICATION_FILE,
  createApplicationsService,
} from './modules/applications/applications.service';
import { createApplicantsService } from './modules/applications/applications.applicants';
import { createApplicationsDashboard } from './modules/applications/applications.dashboard';
import { createDeadlineReminders } from './modules/applications/applications.deadlines';
import { createApplicationDeciders } from './modules/applications/applications.deciders';
import {
  applicationEventHandlers,
  applicationPaymentHandlers,
} from './modules/applications/applications.events';
import { createApplicationMessages } from './modules/applications/applications.messages';
import { createApplicationReviews } from './modules/applications/applications.reviews';
import { createFilesService } from './modules/files/files.service';
import { createFormsService } from './modules/forms/forms.service';
import { userUploadReadPolicy, type FileReadPolicies } from './modules/files/files.policy';
import { USER_UPLOAD } from './modules/files/files.rules';
import { createLookupsService } from './modules/lookups/lookups.service';
import { createAccountUpgradesService } from './modules/account-upgrades/account-upgrades.service';
import { createAuthRateLimits } from './modules/auth/auth.rate-limits';
import { createAuthService } from './modules/auth/auth.service';
import { createAccessTokens } from './modules/auth/auth.tokens';
import { mailEventHandlers } from './modules/mail/mail.events';
import { createMailService } from './modules/mail/mail.service';
import {
  notificationEventHandlers,
  notificationPushHandlers,
} from './modules/notifications/notifications.events';
import { createNotificationDigests } from './modules/notifications/notifications.digest';
import { paymentNotificationHandlers } from './modules/notifications/notifications.payments';
import { createNotificationPreferences } from './modules/notifications/notifications.preferences';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { notificationMailHandlers } from './modules/mail/mail.notifications';
import { createOpportunitiesService } from './modules/opportunities/opportunities.service';
import { createOrganisationsService } from './modules/organisations/organisations.service';
import { createPaymentsBackbone } from './modules/payments/payments.backbone';
import { paymentEventHandlers, paymentIntentHandlers } from './modules/payments/payments.events';
import { createProfilesService } from './modules/profiles/profiles.service';
import { createUsersService } from './modules/users/users.service';

export interface ServiceDependencies {
  db: Database;
  config: Config;
  /** Shared state for several server processes (rate-limit counters); absent on one machine. */
  redis?: Redis | undefined;
  /** Tells every server process (or just this one) to forget what it keeps in memory. */
  invalidation: InvalidationBus;
  /** The time; tests pass one they can move. */
  clock?: Clock;
  /** Pushes to people's open tabs; absent where nobody connects (benchmarks, scripts). */
  realtime?: Pick<Realtime, 'toUser'>;
  log?: ServiceLog;
}

/** The composition root: each feature's service gets what it needs and nothing else. */
export function createServices({
  db,
  config,
  redis,
  invalidation,
  clock = systemClock,
  log = { warn: () => undefined },
  realtime,
}: ServiceDependencies) {
  const storage = createStorage(config);
  const rateLimiters = createRateLimiterStore({
    redis,
    prefix: config.redisPrefix,
    enabled: config.rateLimits.enabled,
    clock,
  });
  // Who may read a private file, per owning feature; a feature that owns files adds its policy here.
  const fileReadPolicies: FileReadPolicies = {
    [USER_UPLOAD]: userUploadReadPolicy,
    // `applications` is created below; the policy runs only when a file is read.
    [APPLICATION_FILE]: (viewer, file) => applications.canReadFile(viewer, file),
  };
  const outbox = createOutbox({ db, clock });
  const sealer = createSealer(config.jwtSecret);
  const mail = createMailService({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
  });
  const users = createUsersService(db, invalidation);
  const lookups = createLookupsService(db);
  const files = createFilesService({ db, storage, readPolicies: fileReadPolicies });
  const organisations = createOrganisationsService({ db, files, lookups, outbox, sealer });
  const opportunities = createOpportunitiesService({
    db,
    files,
    lookups,
    outbox,
    sealer,
    clock,
    log,
    // `forms` is created below; a duplicate is made only once the server runs.
    copyIntoDuplicate: (fromId, toId, executor) => forms.copy(fromId, toId, executor),
    organisationTeam: async (organisationId) =>
      (await organisations.team.members(organisationId, ['accepted'])).flatMap((member) =>
        member.userId ? [member.userId] : [],
      ),
    // `payments` is created below; asked only when an opportunity is published.
    takesPayments: async (organisationId) =>
      (await payments.accounts.of(organisationId))?.chargesEnabled === true,
  });
  const forms = createFormsService({
    db,
    lookups,
    clock,
    opportunityOf: async (id) => (await opportunities.byIds([id]))[0],
  });
  const profiles = createProfilesService({ db, users, lookups, files });
  const applicationDeciders = createApplicationDeciders({ opportunities, organisations });
  const applications = createApplicationsService({
    db,
    opportunities,
    organisations,
    forms,
    files,
    deciders: applicationDeciders,
    outbox,
    clock,
  });
  const applicationMessages = createApplicationMessages({
    db,
    opportunities,
    organisations,
    users,
    files,
    deciders: applicationDeciders,
    outbox,
    clock,
  });
  const notificationPreferences = createNotificationPreferences({
    db,
    users,
    sealer,
    clock,
    publicUrl: config.publicUrl,
  });
  const notifications = createNotificationsService({
    db,
    users,
    outbox,
    clock,
    preferences: notificationPreferences,
  });
  const notificationDigests = createNotificationDigests({
    db,
    outbox,
    clock,
    preferences: notificationPreferences,
  });
  const payments = createPaymentsBackbone({
    db,
    outbox,
    clock,
    config,
    opportunities,
    applications,
    organisations,
  });
  // What reacts to events: each feature's handlers, delivered after commit (events/dispatcher.ts).
  const handlers = composeHandlers([
    mailEventHandlers({
      mail,
      sealer,
      publicUrl: config.publicUrl,
      users,
      opportunities,
      preferences: notificationPreferences,
      receipts: payments.receipts,
    }),
    notificationMailHandlers({
      mail,
      publicUrl: config.publicUrl,
      users,
      notifications,
      preferences: notificationPreferences,
      digests: notificationDigests,
    }),
    applicationEventHandlers({ markUndelivered: applicationMessages.markUndelivered }),
    applicationPaymentHandlers({ applyPaymentStatus: applications.applyPaymentStatus }),
    notificationEventHandlers({ notifications, opportunities, users }),
    paymentNotificationHandlers({ notifications, opportunities, organisations, applications }),
    ...(realtime ? [notificationPushHandlers({ notifications, realtime })] : []),
    paymentEventHandlers({ accounts: payments.accounts }),
    paymentIntentHandlers({
      checkout: payments.checkout,
      refunds: payments.refunds,
      payouts: payments.payouts,
    }),
  ]);
  const dispatcher = createDispatcher({ db, handlers, clock, log, ...config.eventDispatch });
  outbox.onAppended(() => dispatcher.wake());
  return {
    events: { outbox, dispatcher, admin: createDomainEventsAdmin({ db, dispatcher }) },
    analytics: createAnalyticsService(db),
    auth: createAuthService({
      db,
      users,
      accessTokens: createAccessTokens(config.jwtSecret),
      invalidation,
      secret: config.jwtSecret,
      outbox,
      sealer,
      organisations,
      opportunities,
      profiles,
      rateLimits: createAuthRateLimits(rateLimiters),
    }),
    mail,
    users,
    organisations,
    opportunities,
    payments,
    forms,
    applications,
    applicationReviews: createApplicationReviews({
      db,
      applications,
      deciders: applicationDeciders,
      outbox,
      clock,
    }),
    deadlineReminders: createDeadlineReminders({ opportunities, outbox, clock }),
    applicationsDashboard: createApplicationsDashboard({ db, opportunities, organisations, users }),
    applicants: createApplicantsService({ db, lookups, users, secret: config.jwtSecret }),
    applicationMessages,
    notifications,
    notificationPreferences,
    notificationDigests,
    files,
    lookups,
    profiles,
    accountUpgrades: createAccountUpgradesService({ db, users, outbox }),
  };
}

export type Services = ReturnType<typeof createServices>;
