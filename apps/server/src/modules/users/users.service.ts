import type { AccountType, PlatformRole, ProfessionalLevel } from '@encore/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { InvalidationBus } from '../../lib/invalidation';
import { hashPassword } from '../../lib/passwords';
import { users, type NewUserRow, type UserRow, type UserSettings } from './users.table';

export type { UserRow, UserSettings };

/** The columns a person edits on their profile. */
export type ProfileColumns = Partial<
  Pick<
    NewUserRow,
    | 'name'
    | 'about'
    | 'dob'
    | 'professionalLevel'
    | 'gender'
    | 'phone'
    | 'otherInstruments'
    | 'locale'
    | 'settings'
    | 'avatarFileId'
    | 'cityId'
    | 'countryCode'
    | 'latitude'
    | 'longitude'
  >
>;

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  role: PlatformRole;
  selectedType: AccountType;
  locale?: string;
  isVerified?: boolean;
  about?: string;
  countryCode?: string | null;
  cityId?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  professionalLevel?: ProfessionalLevel | null;
}

/**
 * Every signed-in request needs its account (role, deletion, token cut-off) and `me` needs all of
 * it, so recently read accounts are kept in memory. A write here forgets the account in every
 * process at once (through the invalidation bus); the time limit bounds what a lost message or a
 * write still uncommitted when it was forgotten can leave behind.
 */
export const CURRENT_ACCOUNT_CACHE = { max: 10_000, ttlMs: 5_000 } as const;
const ACCOUNT_CHANGED = 'user-changed';

export function createUsersService(db: Executor, invalidation: InvalidationBus) {
  const recent = new LRUCache<string, UserRow>({
    max: CURRENT_ACCOUNT_CACHE.max,
    ttl: CURRENT_ACCOUNT_CACHE.ttlMs,
  });
  invalidation.subscribe(ACCOUNT_CHANGED, (id) => recent.delete(id));
  const changed = (id: string) => invalidation.publish(ACCOUNT_CHANGED, id);

  return {
    /** Creates the account, or answers null when the email is already taken. */
    async createAccount(account: NewAccount, executor: Executor = db): Promise<UserRow | null> {
      const passwordHash = await hashPassword(account.password);
      const { password: _password, ...fields } = account;
      const [row] = await executor
        .insert(users)
        .values({ ...fields, passwordHash })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row ?? null;
    },

    /** The account as it stands (read at most a few seconds ago); undefined once deleted. */
    async current(id: string): Promise<UserRow | undefined> {
      const cached = recent.get(id);
      if (cached) return cached;
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      if (row) recent.set(id, row);
      return row;
    },

    /** Accounts by id, in one query (deleted ones left out): for lists that name many people. */
    async byIds(ids: readonly string[]): Promise<UserRow[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(and(inArray(users.id, unique), isNull(users.deletedAt)));
    },

    async requireById(id: string, executor: Executor = db): Promise<UserRow> {
      const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
      if (!row || row.deletedAt) throw AppError.notFound('user');
      return row;
    },

    async markVerified(id: string, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] = await executor
        .update(users)
        .set({ isVerified: true, updatedAt: new Date() })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning();
      changed(id);
      return row;
    },

    /** A new password; the access tokens already handed out stop working. */
    async setPassword(
      id: string,
      passwordHash: string,
      changedAt: Date,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .update(users)
        .set({
          passwordHash,
          sessionVersion: sql`${users.sessionVersion} + 1`,
          updatedAt: changedAt,
        })
        .where(eq(users.id, id));
      changed(id);
    },

    async updateProfileColumns(
      id: string,
      columns: ProfileColumns,
      executor: Executor = db,
    ): Promise<UserRow | undefined> {
      const [row] = await executor
        .update(users)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning();
      changed(id);
      return row;
    },

    async setRole(id: string, role: PlatformRole, executor: Executor = db): Promise<void> {
      await executor.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
      changed(id);
    },

    /** Moves the account to an address its holder has just proved they read. */
    async changeEmail(
      id: string,
      email: string,
      executor: Executor = db,
    ): Promise<UserRow | undefined> {
      const [row] = await executor
        .update(users)
        .set({ email, isVerified: true, updatedAt: new Date() })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning();
      changed(id);
      return row;
    },

    /**
     * Deletes the account: the row stays (so the records of others that point at it keep their
     * shape) but everything that identifies the person is erased and the address is freed.
     */
    async erase(id: string, at: Date, executor: Executor = db): Promise<void> {
      await executor
        .update(users)
        .set({
          name: 'Deleted user',
          email: `deleted-${id}@deleted.invalid`,
          passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
          sessionVersion: sql`${users.sessionVersion} + 1`,
          avatarFileId: null,
          dob: null,
          about: null,
          professionalLevel: null,
          cityId: null,
          countryCode: null,
          latitude: null,
          longitude: null,
          phone: null,
          gender: null,
          updatedAt: at,
          deletedAt: at,
        })
        .where(eq(users.id, id));
      changed(id);
    },

    async findByEmail(email: string, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] = await executor
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    async findActive(id: string, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] = await executor
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
