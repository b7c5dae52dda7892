import {
  OPPORTUNITY_ROLE_PERMISSIONS,
  type Locale,
  type OpportunityPermission,
} from '@encore/core';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/opaque-tokens';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Sealer } from '../../lib/sealed';
import { opportunityAggregate } from './opportunities.events';
import {
  opportunities,
  opportunityEvents,
  opportunityMembers,
  type OpportunityEventAction,
  type OpportunityMemberRole,
  type OpportunityMemberRow,
  type OpportunityRow,
} from './opportunities.table';

interface OpportunityTeamDependencies {
  db: Database;
  outbox: Outbox;
  sealer: Sealer;
  clock: Clock;
}

export interface OpportunityInvitee {
  userId: string | null;
  name: string | null;
  locale: Locale;
}

export interface OpportunityTeamActor {
  id: string;
  name: string;
}

/** The emailed link's path: the page that lists the opportunities someone reviews or manages. */
export const opportunityInvitationPath = (token: string) =>
  `/opportunities/review?invitation=${encodeURIComponent(token)}`;

/** A manager holds full access and a reviewer rates and comments; a custom place names its own. */
export function permissionsFor(
  role: OpportunityMemberRole,
  custom: readonly OpportunityPermission[] | undefined,
): OpportunityPermission[] {
  if (role !== 'custom') return [...OPPORTUNITY_ROLE_PERMISSIONS[role]];
  const chosen = [...new Set(custom ?? [])];
  if (chosen.length === 0)
    throw AppError.validation({ 'input.permissions': ['validation.required'] });
  return chosen;
}

const closedInvitation = () =>
  new AppError('NOT_FOUND', 'This invitation is no longer open.', {
    messageKey: 'errors.invitation_closed',
  });

/** Managers, reviewers and custom roles of one opportunity, from the invitation on. */
export function createOpportunityTeam({ db, outbox, sealer, clock }: OpportunityTeamDependencies) {
  async function record(
    tx: Executor,
    opportunityId: string,
    actorId: string,
    action: OpportunityEventAction,
    details: Record<string, unknown>,
  ) {
    await tx.insert(opportunityEvents).values({ opportunityId, actorId, action, details });
  }

  async function memberById(tx: Executor, id: string): Promise<OpportunityMemberRow> {
    const [row] = await tx
      .select()
      .from(opportunityMembers)
      .where(eq(opportunityMembers.id, id))
      .limit(1);
    if (!row) throw AppError.notFound('team_member');
    return row;
  }

  async function liveOpportunity(tx: Executor, id: string): Promise<OpportunityRow> {
    const [row] = await tx
      .select()
      .from(opportunities)
      .where(and(eq(opportunities.id, id), isNull(opportunities.deletedAt)))
      .limit(1);
    if (!row) throw AppError.notFound('opportunity');
    return row;
  }

  return {
    memberById: (id: string) => memberById(db, id),

    /**
     * Invites an address with a role (or a custom permission set). Inviting again renews the link
     * and the role; someone who already holds a place is refused.
     */
    async invite(
      opportunityId: string,
      email: string,
      role: OpportunityMemberRole,
      customPermissions: readonly OpportunityPermission[] | undefined,
      invitee: OpportunityInvitee,
      actor: OpportunityTeamActor,
    ): Promise<OpportunityMemberRow> {
      const permissions = permissionsFor(role, customPermissions);
      const token = randomToken();
      return outbox.transaction(async (tx, emit) => {
        const opportunity = await liveOpportunity(tx, opportunityId);
        const [existing] = await tx
          .select()
          .from(opportunityMembers)
          .where(
            and(
              eq(opportunityMembers.opportunityId, opportunityId),
              invitee.userId
                ? sql`(${opportunityMembers.email} = ${email} or ${opportunityMembers.userId} = ${invitee.userId})`
                : eq(opportunityMembers.email, email),
            ),
          )
          .limit(1);
        if (existing?.status === 'accepted') {
          throw AppError.validation({ 'input.email': ['validation.already_member'] });
        }
        const values = {
          opportunityId,
          userId: invitee.userId,
          email,
          role,
          permissions,
          status: 'invited' as const,
          invitationTokenHash: hashToken(token),
          invitedById: actor.id,
          respondedAt: null,
          updatedAt: clock(),
        };
        const [member] = existing
          ? await tx
              .update(opportunityMembers)
              .set(values)
              .where(eq(opportunityMembers.id, existing.id))
              .returning()
          : await tx.insert(opportunityMembers).values(values).returning();
        await record(tx, opportunityId, actor.id, 'member_invited', { email, role, permissions });
        await emit(
          domainEvent('OpportunityMemberInvited', opportunityAggregate(opportunityId), {
            opportunityId,
            opportunityTitle: opportunity.title,
            memberId: member!.id,
            email,
            role,
            inviterName: actor.name,
            inviteeId: invitee.userId,
            inviteeName: invitee.name,
            locale: invitee.locale,
            sealedPath: sealer.seal(opportunityInvitationPath(token)),
          }),
        );
        return member!;
      });
    },

    /** The open invitation behind an emailed token, with its opportunity; undefined otherwise. */
    async invitationByToken(token: string) {
      const [row] = await db
        .select({ member: opportunityMembers, opportunityId: opportunities.id })
        .from(opportunityMembers)
        .innerJoin(opportunities, eq(opportunities.id, opportunityMembers.opportunityId))
        .where(
          and(
            eq(opportunityMembers.invitationTokenHash, hashToken(token)),
            eq(opportunityMembers.status, 'invited'),
            isNull(opportunities.deletedAt),
          ),
        )
        .limit(1);
      return row;
    },

    /** Open invitations addressed to the account (by account or by its address). */
    async invitationsFor(userId: string, email: string) {
      return db
        .select({ member: opportunityMembers, opportunityId: opportunities.id })
        .from(opportunityMembers)
        .innerJoin(opportunities, eq(opportunities.id, opportunityMembers.opportunityId))
        .where(
          and(
            eq(opportunityMembers.status, 'invited'),
            isNull(opportunities.deletedAt),
            sql`(${opportunityMembers.userId} = ${userId} or (${opportunityMembers.userId} is null and ${opportunityMembers.email} = ${email}))`,
          ),
        )
        .orderBy(asc(opportunityMembers.createdAt));
    },

    /** Accepts or declines, through the emailed token or by id when addressed to the viewer. */
    async respond(
      target: { token: string } | { memberId: string },
      accept: boolean,
      viewer: { id: string; email: string },
    ): Promise<OpportunityMemberRow> {
      return outbox.transaction(async (tx, emit) => {
        let member: OpportunityMemberRow | undefined;
        if ('token' in target) {
          [member] = await tx
            .select()
            .from(opportunityMembers)
            .where(eq(opportunityMembers.invitationTokenHash, hashToken(target.token)))
            .limit(1);
          if (!member || member.status !== 'invited') throw closedInvitation();
        } else {
          member = await memberById(tx, target.memberId);
          const addressedToViewer =
            member.userId === viewer.id ||
            (member.userId === null && member.email.toLowerCase() === viewer.email.toLowerCase());
          if (!addressedToViewer) throw AppError.notFound('invitation');
          if (member.status !== 'invited') throw closedInvitation();
        }
        const opportunity = await liveOpportunity(tx, member.opportunityId);
        if (accept) {
          // Another place of the viewer's on this opportunity (an older declined invitation) goes.
          await tx
            .delete(opportunityMembers)
            .where(
              and(
                eq(opportunityMembers.opportunityId, member.opportunityId),
                eq(opportunityMembers.userId, viewer.id),
                sql`${opportunityMembers.id} <> ${member.id}`,
              ),
            );
        }
        const [updated] = await tx
          .update(opportunityMembers)
          .set({
            status: accept ? 'accepted' : 'rejected',
            userId: accept ? viewer.id : member.userId,
            invitationTokenHash: null,
            respondedAt: clock(),
            updatedAt: clock(),
          })
          .where(eq(opportunityMembers.id, member.id))
          .returning();
        await record(
          tx,
          member.opportunityId,
          viewer.id,
          accept ? 'invitation_accepted' : 'invitation_rejected',
          { email: member.email, role: member.role },
        );
        await emit(
          domainEvent('OpportunityInvitationAnswered', opportunityAggregate(opportunity.id), {
            opportunityId: opportunity.id,
            opportunityTitle: opportunity.title,
            opportunitySlug: opportunity.slug,
            memberId: member.id,
            role: member.role,
            accepted: accept,
            responderId: viewer.id,
            inviterId: member.invitedById,
          }),
        );
        return updated!;
      });
    },

    async changeRole(
      memberId: string,
      role: OpportunityMemberRole,
      customPermissions: readonly OpportunityPermission[] | undefined,
      actor: OpportunityTeamActor,
    ): Promise<OpportunityMemberRow> {
      const permissions = permissionsFor(role, customPermissions);
      return db.transaction(async (tx) => {
        const member = await memberById(tx, memberId);
        const [updated] = await tx
          .update(opportunityMembers)
          .set({ role, permissions, updatedAt: clock() })
          .where(eq(opportunityMembers.id, memberId))
          .returning();
        await record(tx, member.opportunityId, actor.id, 'member_role_changed', {
          email: member.email,
          from: member.role,
          to: role,
          permissions,
        });
        return updated!;
      });
    },

    /** Takes someone off the opportunity, or withdraws their invitation. */
    async remove(memberId: string, actor: OpportunityTeamActor): Promise<OpportunityMemberRow> {
      return db.transaction(async (tx) => {
        const member = await memberById(tx, memberId);
        await tx.delete(opportunityMembers).where(eq(opportunityMembers.id, memberId));
        await record(tx, member.opportunityId, actor.id, 'member_removed', {
          email: member.email,
          role: member.role,
        });
        return member;
      });
    },

    /** Invitations sent to an address before it had an account now belong to the account. */
    async linkInvitations(userId: string, email: string, executor: Executor = db): Promise<void> {
      await executor
        .update(opportunityMembers)
        .set({ userId, updatedAt: clock() })
        .where(
          and(
            eq(opportunityMembers.email, email),
            isNull(opportunityMembers.userId),
            eq(opportunityMembers.status, 'invited'),
          ),
        );
    },
  };
}

export type OpportunityTeam = ReturnType<typeof createOpportunityTeam>;
