import type { Config } from './config';
import type { Database } from './db/client';
import { createStorage } from './lib/storage';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createFilesService } from './modules/files/files.service';
import { userUploadReadPolicy, type FileReadPolicies } from './modules/files/files.policy';
import { USER_UPLOAD } from './modules/files/files.rules';
import { createLookupsService } from './modules/lookups/lookups.service';
import { createAuthService } from './modules/auth/auth.service';
import { createAccessTokens } from './modules/auth/auth.tokens';
import { createMailService } from './modules/mail/mail.service';
import { createUsersService } from './modules/users/users.service';

export interface ServiceDependencies {
  db: Database;
  config: Config;
}

/** The composition root: each feature's service gets what it needs and nothing else. */
export function createServices({ db, config }: ServiceDependencies) {
  const storage = createStorage(config);
  // Who may read a private file, per owning feature; a feature that owns files adds its policy here.
  const fileReadPolicies: FileReadPolicies = {
    [USER_UPLOAD]: userUploadReadPolicy,
  };
  const mail = createMailService({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
  });
  const users = createUsersService(db);
  return {
    analytics: createAnalyticsService(db),
    auth: createAuthService({
      db,
      users,
      accessTokens: createAccessTokens(config.jwtSecret),
      mail,
      publicUrl: config.publicUrl,
    }),
    mail,
    users,
    files: createFilesService({ db, storage, readPolicies: fileReadPolicies }),
    lookups: createLookupsService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
