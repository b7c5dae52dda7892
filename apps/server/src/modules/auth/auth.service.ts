import type { Locale, PlatformRole } from '@encore/core';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Sealer } from '../../lib/sealed';
import type { InvalidationBus } from '../../lib/invalidation';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { OrganisationsService } from '../organisations/organisations.service';
import type { ProfilesService } from '../profiles/profiles.service';
import { createLoginThrottle, type AuthRateLimits } from './auth.rate-limits';
import type { UserRow, UsersService } from '../users/users.service';
import { oneTimeTokens, type OneTimeTokenPurpose } from './auth.table';
import { hashToken, randomToken } from '../../lib/opaque-tokens';
import type { AccessTokens } from './auth.tokens';
import { createSessions, type AuthPayload, type RequestMeta } from './auth.sessions';
import { accountAggregate } from './auth.events';

export type { AuthPayload, RequestMeta } from './auth.sessions';

const DAY_MS = 24 * 60 * 60 * 1000;
export const ONE_TIME_TOKEN_LIFETIME_MS: Record<OneTimeTokenPurpose, number> = {
  verify_email: 2 * DAY_MS,
  reset_password: 60 * 60 * 1000,
  change_email: 2 * DAY_MS,
};

export interface AuthServiceDependencies {
  db: Database;
  users: UsersService;
  accessTokens: AccessTokens;
  /** Tells every server process that a session ended. */
  invalidation: InvalidationBus;
  /** The server's secret (JWT_SECRET); refresh-token successors are derived from it. */
  secret: string;
  /** Where the feature records what happened (emails go out from there). */
  outbox: Outbox;
  /** Seals the tokens that travel in events. */
  sealer: Sealer;
  organisations: OrganisationsService;
  opportunities: OpportunitiesService;
  profiles: ProfilesService;
  rateLimits: AuthRateLimits;
  now?: () => Date;
}

const UNKNOWN_IP = 'unknown';

const invalidOneTimeToken = () =>
  new AppError('BAD_REQUEST', 'This link is invalid or has expired.', {
    messageKey: 'errors.link_invalid',
  });

const invalidCredentials = () =>
  new AppError('BAD_REQUEST', 'These credentials do not match our records.', {
    messageKey: 'errors.invalid_credentials',
  });

const wrongCurrentPassword = () =>
  AppError.validation({ 'input.current_password': ['validation.current_password'] });

export function createAuthService({
  db,
  users,
  accessTokens,
  invalidation,
  secret,
  outbox,
  sealer,
  organisations,
  opportunities,
  profiles,
  rateLimits,
  now = () => new Date(),
}: AuthServiceDependencies) {
  const sessions = createSessions({
    db,
    users,
    accessTokens,
    invalidation,
    refreshByIp: rateLimits.refreshByIp,
    refreshByAccount: rateLimits.refreshByAccount,
    secret,
    now,
  });
  const loginThrottle = createLoginThrottle(rateLimits, sessions.signedInFrom);

  async function createOneTimeToken(
    executor: Executor,
    userId: string,
    purpose: OneTimeTokenPurpose,
    email?: string,
  ) {
    const token = randomToken();
    await executor.insert(oneTimeTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      email: email ?? null,
      expiresAt: new Date(now().getTime() + ONE_TIME_TOKEN_LIFETIME_MS[purpose]),
    });
    return token;
  }

  /** Spends a single-use token: unknown, used, expired or wrong-purpose tokens are all refused alike. */
  async function consumeOneTimeToken(
    token: string,
    purposes: readonly OneTimeTokenPurpose[],
    executor: Executor = db,
  ) {
    const [row] = await executor
      .update(oneTimeTokens)
      .set({ usedAt: now() })
      .where(
        and(
          eq(oneTimeTokens.tokenHash, hashToken(token)),
          inArray(oneTimeTokens.purpose, [...purposes]),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, now()),
        ),
      )
      .returning();
    if (!row) throw invalidOneTimeToken();
    return row;
  }

  const holderOf = (user: UserRow) => ({
    userId: user.id,
    email: user.email,
    name: user.name,
    locale: user.locale as Locale,
  });

  async function sendVerification(user: UserRow) {
    await outbox.transaction(async (tx, record) => {
      const token = await createOneTimeToken(tx, user.id, 'verify_email');
      await record(
        domainEvent('EmailVerificationRequested', accountAggregate(user.id), {
          ...holderOf(user),
          sealedPath: sealer.seal(`/register/complete?token=${token}`),
        }),
      );
    });
  }

  async function passwordChanged(user: UserRow, executor: Executor) {
    await outbox.append(
      executor,
      domainEvent('PasswordChanged', accountAggregate(user.id), holderOf(user)),
    );
  }

  /** The account, after checking the password its holder typed again; failures count as failed logins. */
  async function requireCurrentPassword(userId: string, password: string): Promise<UserRow> {
    const user = await users.findActive(userId);
    if (!user) throw AppError.notFound('user');
    const accountKey = user.email.toLowerCase();
    await rateLimits.loginFailuresByAccount.assertAllowed(accountKey);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await rateLimits.loginFailuresByAccount.consume(accountKey);
      throw wrongCurrentPassword();
    }
    return user;
  }

  return {
    async register(
      input: {
        name: string;
        email: string;
        password: string;
        type: UserRow['selectedType'];
        locale?: Locale | undefined;
      },
      locale: Locale,
      meta: RequestMeta,
    ): Promise<AuthPayload> {
      const ip = meta.ip ?? UNKNOWN_IP;
      // Each "already taken" answer tells whether an address has an account, so an address that
      // gets many waits before it may ask again (docs/decisions.md, "Telling that an email is taken").
      await rateLimits.registerTakenByIp.assertAllowed(ip);
      await rateLimits.registerByIp.consume(ip);
      await rateLimits.registerByEmail.consume(input.email);
      const role: PlatformRole = input.type === 'ORGANISATION' ? 'organiser' : 'performer';
      const user = await users.createAccount({
        name: input.name,
        email: input.email,
        password: input.password,
        role,
        selectedType: input.type,
        locale: input.locale ?? locale,
      });
      if (!user) {
        await rateLimits.registerTakenByIp.recordFailure(ip);
        throw AppError.validation({ 'input.email': ['validation.email_taken'] });
      }
      await organisations.team.linkInvitations(user.id, user.email);
      await opportunities.team.linkInvitations(user.id, user.email);
      await sendVerification(user);
      return sessions.start(user, false, meta);
    },

    async login(
      input: { email: string; password: string; remember_me?: boolean | undefined },
      meta: RequestMeta,
    ): Promise<AuthPayload> {
      const ip = meta.ip ?? UNKNOWN_IP;
      await loginThrottle.admit(input.email, ip);
      const user = await users.findByEmail(input.email);
      // Verify against a dummy hash when the account is unknown, so timing does not reveal it.
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
      if (!user || !valid) {
        await loginThrottle.failed(input.email, ip);
        throw invalidCredentials();
      }
      await loginThrottle.succeeded(input.email, ip);
      return sessions.start(user, input.remember_me ?? false, meta);
    },

    refresh: sessions.refresh,

    logout: sessions.end,

    /**
     * The signed-in user behind an access token, or null: tokens older than a password reset or
     * of a session that ended (logout, a reused refresh token) are refused.
     */
    async userForAccessToken(token: string): Promise<Pick<UserRow, 'id' | 'role'> | null> {
      const claims = await accessTokens.verify(token);
      if (!claims) return null;
      const [user, sessionStands] = await Promise.all([
        users.current(claims.userId),
        sessions.stands(claims.sessionId),
      ]);
      if (!user || !sessionStands) return null;
      if (user.sessionVersion !== claims.sessionVersion) return null;
      return { id: user.id, role: user.role };
    },

    sendVerification,

    /**
     * Follows an emailed confirmation link: a registration link verifies the account; an
     * email-change link moves the account to the new address, which the link itself proves.
     */
    async verifyEmail(token: string): Promise<UserRow> {
      const user = await db.transaction(async (tx) => {
        const row = await consumeOneTimeToken(token, ['verify_email', 'change_email'], tx);
        if (row.purpose === 'verify_email') return users.markVerified(row.userId, tx);
        const taken = await users.findByEmail(row.email!, tx);
        if (taken && taken.id !== row.userId) {
          throw AppError.validation({ 'input.email': ['validation.email_taken'] });
        }
        return users.changeEmail(row.userId, row.email!, tx);
      });
      if (!user) throw invalidOneTimeToken();
      return user;
    },

    async resendVerification(userId: string): Promise<void> {
      const user = await users.findActive(userId);
      if (!user) throw AppError.notFound('user');
      if (user.isVerified) return;
      await sendVerification(user);
    },

    /** Always answers the same way, so the form cannot tell which addresses have accounts. */
    async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
      await rateLimits.forgotByIp.consume(meta.ip ?? UNKNOWN_IP);
      await rateLimits.forgotByAccount.consume(email);
      const user = await users.findByEmail(email);
      if (!user) return;
      await outbox.transaction(async (tx, record) => {
        const token = await createOneTimeToken(tx, user.id, 'reset_password');
        await record(
          domainEvent('PasswordResetRequested', accountAggregate(user.id), {
            ...holderOf(user),
            sealedPath: sealer.seal(`/password/reset?token=${token}`),
          }),
        );
      });
    },

    /** Sets the new password and signs the account out everywhere. */
    async resetPassword(token: string, password: string): Promise<void> {
      const row = await consumeOneTimeToken(token, ['reset_password']);
      const passwordHash = await hashPassword(password);
      const changedAt = now();
      await outbox.transaction(async (tx) => {
        await users.setPassword(row.userId, passwordHash, changedAt, tx);
        await sessions.endAll(row.userId, changedAt, 'password_reset', tx);
        const user = await users.findActive(row.userId, tx);
        if (user) await passwordChanged(user, tx);
      });
    },

    /**
     * A new password for a signed-in user who knows the current one. Every session ends, this one
     * included, so the answer is a fresh session for the device that asked.
     */
    async changePassword(
      userId: string,
      input: { current_password: string; password: string; remember_me?: boolean | undefined },
      meta: RequestMeta,
    ): Promise<AuthPayload> {
      const user = await requireCurrentPassword(userId, input.current_password);
      const passwordHash = await hashPassword(input.password);
      const changedAt = now();
      await outbox.transaction(async (tx) => {
        await users.setPassword(user.id, passwordHash, changedAt, tx);
        await sessions.endAll(user.id, changedAt, 'password_changed', tx);
        await passwordChanged(user, tx);
      });
      const changed = await users.requireById(user.id);
      return sessions.start(changed, input.remember_me ?? false, meta);
    },

    /**
     * Starts moving the account to a new address: nothing changes until the link sent there is
     * followed (verifyEmail). The current address is told, so a stolen session cannot quietly
     * take the account over.
     */
    async requestEmailChange(
      userId: string,
      input: { email: string; current_password: string },
    ): Promise<void> {
      const user = await requireCurrentPassword(userId, input.current_password);
      if (input.email === user.email.toLowerCase()) {
        throw AppError.validation({ 'input.email': ['validation.email_unchanged'] });
      }
      if (await users.findByEmail(input.email)) {
        throw AppError.validation({ 'input.email': ['validation.email_taken'] });
      }
      await outbox.transaction(async (tx, record) => {
        const token = await createOneTimeToken(tx, user.id, 'change_email', input.email);
        await record(
          domainEvent('EmailChangeRequested', accountAggregate(user.id), {
            ...holderOf(user),
            newEmail: input.email,
            sealedPath: sealer.seal(`/register/complete?token=${token}`),
          }),
        );
      });
    },

    /**
     * Deletes the signed-in account (docs/decisions.md, "Deleting an account"): the person's data
     * is erased, every session ends, and organisations they alone own and share with nobody go
     * with them. An organisation whose other members would be left without an owner blocks it.
     */
    async deleteAccount(userId: string, input: { current_password: string }): Promise<void> {
      const user = await requireCurrentPassword(userId, input.current_password);
      const deletedAt = now();
      await db.transaction(async (tx) => {
        const blocking = await organisations.releaseMemberships(user.id, deletedAt, tx);
        if (blocking.length > 0) {
          throw new AppError(
            'CONFLICT',
            `Hand over ownership of ${blocking.join(', ')} before deleting your account.`,
            {
              messageKey: 'errors.account_owns_organisations',
              messageValues: { organisations: blocking.join(', ') },
            },
          );
        }
        await sessions.endAll(user.id, deletedAt, 'account_deleted', tx);
        await profiles.forget(user.id, tx);
        await users.erase(user.id, deletedAt, tx);
      });
    },
  };
}

let dummyHashPromise: Promise<string> | undefined;
/** A real argon2id hash of a random string, so unknown accounts cost the same time as known ones. */
const dummyHash = () => (dummyHashPromise ??= hashPassword(randomToken()));

export type AuthService = ReturnType<typeof createAuthService>;
