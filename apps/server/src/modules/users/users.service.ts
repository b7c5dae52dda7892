import type { AccountType, PlatformRole } from '@encore/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { users, type UserRow } from './users.table';

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
  professionalLevel?: string | null;
}

export function createUsersService(db: Executor) {
  return {
    async createAccount(account: NewAccount, executor: Executor = db): Promise<UserRow> {
      const passwordHash = await hashPassword(account.password);
      const { password: _password, ...fields } = account;
      const [row] = await executor
        .insert(users)
        .values({ ...fields, passwordHash })
        .returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    async findByEmail(email: string, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] = await executor.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
