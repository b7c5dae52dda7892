import { pageOffset, type UpgradeStatus } from '@encore/core';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PageRequest } from '@encore/core';
import { AppError } from '../../lib/errors';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { UsersService } from '../users/users.service';
import { upgradeRequestAggregate } from './account-upgrades.events';
import { accountUpgradeRequests, type AccountUpgradeRequestRow } from './account-upgrades.table';

export interface UpgradeRequestInput {
  organisation_name: string;
  website?: string | null | undefined;
  message: string;
}

export interface AccountUpgradesDependencies {
  db: Database;
  users: UsersService;
  /** Where the feature records what happened (the person is emailed from there). */
  outbox: Outbox;
  now?: () => Date;
}

/**
 * A performer asks for an organiser account; a platform administrator approves or rejects it
 * (docs/decisions.md, "Account upgrades"). Approval makes the person an organiser at once.
 */
export function createAccountUpgradesService({
  db,
  users,
  outbox,
  now = () => new Date(),
}: AccountUpgradesDependencies) {
  return {
    /** The person's most recent request, whatever its state. */
    async latestFor(userId: string): Promise<AccountUpgradeRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(accountUpgradeRequests)
        .where(eq(accountUpgradeRequests.userId, userId))
        .orderBy(desc(accountUpgradeRequests.createdAt))
        .limit(1);
      return row;
    },

    async request(userId: string, input: UpgradeRequestInput): Promise<AccountUpgradeRequestRow> {
      const user = await users.requireById(userId);
      if (user.role !== 'performer') {
        throw AppError.validation({ 'input.organisation_name': ['validation.upgrade_not_needed'] });
      }
      const [row] = await db
        .insert(accountUpgradeRequests)
        .values({
          userId,
          organisationName: input.organisation_name,
          website: input.website ?? null,
          message: input.message,
        })
        .onConflictDoNothing()
        .returning();
      // The partial unique index allows one pending request per person.
      if (!row)
        throw AppError.validation({ 'input.organisation_name': ['validation.upgrade_pending'] });
      return row;
    },

    async cancel(userId: string): Promise<AccountUpgradeRequestRow> {
      const [row] = await db
        .update(accountUpgradeRequests)
        .set({ status: 'CANCELED', updatedAt: now() })
        .where(
          and(
            eq(accountUpgradeRequests.userId, userId),
            eq(accountUpgradeRequests.status, 'PENDING'),
          ),
        )
        .returning();
      if (!row) throw AppError.notFound('record');
      return row;
    },

    async list(status: UpgradeStatus | null, page: PageRequest) {
      const where = status ? eq(accountUpgradeRequests.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(accountUpgradeRequests)
          .where(where)
          .orderBy(desc(accountUpgradeRequests.createdAt), desc(accountUpgradeRequests.id))
          .limit(page.first)
          .offset(pageOffset(page.page, page.first)),
        db.select({ value: count() }).from(accountUpgradeRequests).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** An administrator's decision; the person is told by email either way. */
    async decide(
      id: string,
      decision: { approve: boolean; note?: string | null | undefined },
      adminId: string,
    ): Promise<AccountUpgradeRequestRow> {
      const decidedAt = now();
      return outbox.transaction(async (tx, record) => {
        const [decided] = await tx
          .update(accountUpgradeRequests)
          .set({
            status: decision.approve ? 'APPROVED' : 'REJECTED',
            decidedById: adminId,
            decidedAt,
            decisionNote: decision.note ?? null,
            updatedAt: decidedAt,
          })
          .where(
            and(eq(accountUpgradeRequests.id, id), eq(accountUpgradeRequests.status, 'PENDING')),
          )
          .returning();
        if (!decided) {
          const [existing] = await tx
            .select({ id: accountUpgradeRequests.id })
            .from(accountUpgradeRequests)
            .where(eq(accountUpgradeRequests.id, id));
          if (!existing) throw AppError.notFound('record');
          throw AppError.validation({ 'input.id': ['validation.upgrade_decided'] });
        }
        if (decision.approve) await users.setRole(decided.userId, 'organiser', tx);
        await record(
          domainEvent('AccountUpgradeDecided', upgradeRequestAggregate(decided.id), {
            requestId: decided.id,
            userId: decided.userId,
            approved: decision.approve,
            organisationName: decided.organisationName,
            note: decided.decisionNote,
          }),
        );
        return decided;
      });
    },
  };
}

export type AccountUpgradesService = ReturnType<typeof createAccountUpgradesService>;
