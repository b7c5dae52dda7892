// The schema barrel: drizzle-kit reads it to generate migrations, and the clients type their queries with it.
export * from '../modules/users/users.table';
export * from '../modules/organisations/organisations.table';
export * from '../modules/analytics/analytics.table';
export * from '../modules/files/files.table';
export * from '../modules/lookups/lookups.table';
export * from '../modules/auth/auth.table';
export * from '../modules/mail/mail.table';
export * from '../modules/profiles/profiles.table';
export * from '../modules/account-upgrades/account-upgrades.table';
export * from '../modules/opportunities/opportunities.table';
export * from '../modules/forms/forms.table';
export * from '../modules/applications/applications.table';
export * from '../events/events.table';
export * from '../modules/notifications/notifications.table';
export * from '../modules/payments/ledger.table';
export * from '../lib/payments/local/local.table';
export * from '../modules/payments/payments.table';
