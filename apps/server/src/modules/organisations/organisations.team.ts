import type { Locale, MemberInvitationStatus, OrganisationRole } from '@encore/core';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/opaque-tokens';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Sealer } from '../../lib/sealed';
import { organisationAggregate } from './organisations.events';
import { holds, type OrganisationGrant } from './organisations.policy';
import type { recordEvent as RecordEvent } from './organisations.service';
import {
  organisationMembers,
  organisations,
  type OrganisationMemberRow,
  type OrganisationRow,
} from './organisations.table';

interface TeamDependencies {
  db: Database;
  outbox: Outbox;
  sealer: Sealer;
  recordEvent: typeof RecordEvent;
}

/** Who acts: their account, and what they hold on the organisation in question. */
export interface TeamActor {
  id: string;
  email: string;
  name: string;
  grant: OrganisationGrant;
}

export interface Invitee {
  /** The account behind the address, when there is one. */
  userId: string | null;
  name: string | null;
  locale: Locale;
}

const teamError = (key: string, message: string) =>
  new AppError('CONFLICT', message, { messageKey: `errors.${key}` });

/** The emailed link's path: it proves the address it was sent to. */
export const invitationPath = (token: string) =>
  `/organisation/connect?invitation=${encodeURIComponent(token)}`;

export function createTeam({ db, outbox, sealer, recordEvent }: TeamDependencies) {
  /** Serialises team changes of one organisation, so two of them cannot both remove the last owner. */
  async function lockOrganisation(tx: Executor, organisationId: string): Promise<OrganisationRow> {
    const [row] = await tx
      .select()
      .from(organisations)
      .where(and(eq(organisations.id, organisationId), isNull(organisations.deletedAt)))
      .for('update')
      .limit(1);
    if (!row) throw AppError.notFound('organisation');
    return row;
  }

  async function requireOwnerLeft(tx: Executor, organisationId: string): Promise<void> {
    const [row] = await tx
      .select({ owners: sql<number>`count(*)::int` })
      .from(organisationMembers)
      .where(
        and(
          eq(organisationMembers.organisationId, organisationId),
          eq(organisationMembers.role, 'owner'),
          eq(organisationMembers.status, 'accepted'),
        ),
      );
    if ((row?.owners ?? 0) === 0) {
      throw teamError(
        'last_owner',
        'An organisation always needs an owner. Make someone else owner first.',
      );
    }
  }

  async function memberById(tx: Executor, memberId: string): Promise<OrganisationMemberRow> {
    const [row] = await tx
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.id, memberId))
      .limit(1);
    if (!row) throw AppError.notFound('team_member');
    return row;
  }

  /** Owners are made and unmade only by someone with an owner's full access. */
  function checkOwnerChange(actor: TeamActor, ...roles: (OrganisationRole | undefined)[]) {
    if (roles.includes('owner') && !holds(actor.grant, 'full_access')) throw AppError.forbidden();
  }

  return {
    /** The team with its invitations, owners first, then by when they joined or were invited. */
    async members(
      organisationId: string,
      statuses: readonly MemberInvitationStatus[] = ['invited', 'accepted', 'rejected'],
    ): Promise<OrganisationMemberRow[]> {
      return db
        .select()
        .from(organisationMembers)
        .where(
          and(
            eq(organisationMembers.organisationId, organisationId),
            inArray(organisationMembers.status, [...statuses]),
          ),
        )
        .orderBy(
          sql`case ${organisationMembers.role} when 'owner' then 0 when 'admin' then 1 when 'editor' then 2 else 3 end`,
          asc(organisationMembers.createdAt),
        );
    },

    /**
     * Invites an address with a role. Inviting again renews the link (and the role) of an
     * invitation still open or declined; a member already in the team is refused.
     */
    async invite(
      organisationId: string,
      email: string,
      role: OrganisationRole,
      invitee: Invitee,
      actor: TeamActor,
    ): Promise<OrganisationMemberRow> {
      checkOwnerChange(actor, role);
      const token = randomToken();
      return outbox.transaction(async (tx, record) => {
        const organisation = await lockOrganisation(tx, organisationId);
        const [existing] = await tx
          .select()
          .from(organisationMembers)
          .where(
            and(
              eq(organisationMembers.organisationId, organisationId),
              invitee.userId
                ? sql`(${organisationMembers.email} = ${email} or ${organisationMembers.userId} = ${invitee.userId})`
                : eq(organisationMembers.email, email),
            ),
          )
          .limit(1);
        if (existing?.status === 'accepted') {
          throw AppError.validation({ 'input.email': ['validation.already_member'] });
        }
        const values = {
          organisationId,
          userId: invitee.userId,
          email,
          role,
          status: 'invited' as const,
          invitationTokenHash: hashToken(token),
          invitedById: actor.id,
          respondedAt: null,
          updatedAt: new Date(),
        };
        const [member] = existing
          ? await tx
              .update(organisationMembers)
              .set(values)
              .where(eq(organisationMembers.id, existing.id))
              .returning()
          : await tx.insert(organisationMembers).values(values).returning();
        await recordEvent(tx, organisationId, actor.id, 'member_invited', {
          memberEmail: email,
          details: { role },
        });
        await record(
          domainEvent('TeamMemberInvited', organisationAggregate(organisationId), {
            organisationId,
            organisationName: organisation.name,
            memberId: member!.id,
            email,
            role,
            inviterName: actor.name,
            inviteeId: invitee.userId,
            inviteeName: invitee.name,
            locale: invitee.locale,
            sealedPath: sealer.seal(invitationPath(token)),
          }),
        );
        return member!;
      });
    },

    /** An open invitation behind an emailed token, with its organisation; undefined otherwise. */
    async invitationByToken(
      token: string,
    ): Promise<{ member: OrganisationMemberRow; organisation: OrganisationRow } | undefined> {
      const [row] = await db
        .select({ member: organisationMembers, organisation: organisations })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(
          and(
            eq(organisationMembers.invitationTokenHash, hashToken(token)),
            eq(organisationMembers.status, 'invited'),
            isNull(organisations.deletedAt),
          ),
        )
        .limit(1);
      return row;
    },

    /** Open invitations addressed to the account (by account or by its address). */
    async invitationsFor(userId: string, email: string) {
      return db
        .select({ member: organisationMembers, organisation: organisations })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(
          and(
            eq(organisationMembers.status, 'invited'),
            isNull(organisations.deletedAt),
            sql`(${organisationMembers.userId} = ${userId} or (${organisationMembers.userId} is null and ${organisationMembers.email} = ${email}))`,
          ),
        )
        .orderBy(asc(organisationMembers.createdAt));
    },

    /**
     * Accepts or declines an invitation: through the emailed token (which proves the address), or
     * by id when it is addressed to the viewer's account or address.
     */
    async respond(
      target: { token: string } | { memberId: string },
      accept: boolean,
      viewer: { id: string; email: string },
    ): Promise<OrganisationMemberRow> {
      return outbox.transaction(async (tx, emit) => {
        let member: OrganisationMemberRow | undefined;
        if ('token' in target) {
          [member] = await tx
            .select()
            .from(organisationMembers)
            .where(eq(organisationMembers.invitationTokenHash, hashToken(target.token)))
            .limit(1);
          if (!member || member.status !== 'invited') {
            throw new AppError('NOT_FOUND', 'This invitation is no longer open.', {
              messageKey: 'errors.invitation_closed',
            });
          }
        } else {
          member = await memberById(tx, target.memberId);
          const addressedToViewer =
            member.userId === viewer.id ||
            (member.userId === null && member.email.toLowerCase() === viewer.email.toLowerCase());
          if (!addressedToViewer) throw AppError.notFound('invitation');
          if (member.status !== 'invited') {
            throw new AppError('NOT_FOUND', 'This invitation is no longer open.', {
              messageKey: 'errors.invitation_closed',
            });
          }
        }
        const organisation = await lockOrganisation(tx, member.organisationId);
        if (accept) {
          const [already] = await tx
            .select({ id: organisationMembers.id })
            .from(organisationMembers)
            .where(
              and(
                eq(organisationMembers.organisationId, member.organisationId),
                eq(organisationMembers.userId, viewer.id),
                eq(organisationMembers.status, 'accepted'),
              ),
            )
            .limit(1);
          if (already && already.id !== member.id) {
            throw teamError('already_in_team', 'You are already in this team.');
          }
          // Another row of this team may hold the viewer's account (an older declined invitation).
          await tx
            .delete(organisationMembers)
            .where(
              and(
                eq(organisationMembers.organisationId, member.organisationId),
                eq(organisationMembers.userId, viewer.id),
                sql`${organisationMembers.id} <> ${member.id}`,
              ),
            );
        }
        const [updated] = await tx
          .update(organisationMembers)
          .set({
            status: accept ? 'accepted' : 'rejected',
            userId: accept ? viewer.id : member.userId,
            invitationTokenHash: null,
            respondedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(organisationMembers.id, member.id))
          .returning();
        await recordEvent(
          tx,
          member.organisationId,
          viewer.id,
          accept ? 'invitation_accepted' : 'invitation_rejected',
          { memberEmail: member.email, details: { role: member.role } },
        );
        await emit(
          domainEvent('TeamInvitationAnswered', organisationAggregate(organisation.id), {
            organisationId: organisation.id,
            organisationName: organisation.name,
            organisationSlug: organisation.slug,
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

    async memberById(memberId: string): Promise<OrganisationMemberRow> {
      return memberById(db, memberId);
    },

    async changeRole(
      memberId: string,
      role: OrganisationRole,
      actor: TeamActor,
    ): Promise<OrganisationMemberRow> {
      return db.transaction(async (tx) => {
        const member = await memberById(tx, memberId);
        await lockOrganisation(tx, member.organisationId);
        checkOwnerChange(actor, role, member.role);
        const [updated] = await tx
          .update(organisationMembers)
          .set({ role, updatedAt: new Date() })
          .where(eq(organisationMembers.id, memberId))
          .returning();
        await requireOwnerLeft(tx, member.organisationId);
        await recordEvent(tx, member.organisationId, actor.id, 'member_role_changed', {
          memberEmail: member.email,
          details: { from: member.role, to: role },
        });
        return updated!;
      });
    },

    /** Takes someone out of the team, or withdraws their invitation. */
    async remove(memberId: string, actor: TeamActor): Promise<OrganisationMemberRow> {
      return db.transaction(async (tx) => {
        const member = await memberById(tx, memberId);
        await lockOrganisation(tx, member.organisationId);
        checkOwnerChange(actor, member.role);
        await tx.delete(organisationMembers).where(eq(organisationMembers.id, memberId));
        await requireOwnerLeft(tx, member.organisationId);
        await recordEvent(
          tx,
          member.organisationId,
          actor.id,
          member.status === 'accepted' ? 'member_removed' : 'invitation_cancelled',
          { memberEmail: member.email, details: { role: member.role } },
        );
        return member;
      });
    },

    async leave(organisationId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockOrganisation(tx, organisationId);
        const [member] = await tx
          .delete(organisationMembers)
          .where(
            and(
              eq(organisationMembers.organisationId, organisationId),
              eq(organisationMembers.userId, userId),
              eq(organisationMembers.status, 'accepted'),
            ),
          )
          .returning();
        if (!member) throw AppError.notFound('team_member');
        await requireOwnerLeft(tx, organisationId);
        await recordEvent(tx, organisationId, userId, 'member_left', {
          memberEmail: member.email,
          details: { role: member.role },
        });
      });
    },

    /** Makes an accepted member the owner; the owner who hands over stays on as an admin. */
    async transferOwnership(
      organisationId: string,
      memberId: string,
      actor: TeamActor,
    ): Promise<OrganisationMemberRow> {
      if (!holds(actor.grant, 'full_access')) throw AppError.forbidden();
      return db.transaction(async (tx) => {
        await lockOrganisation(tx, organisationId);
        const member = await memberById(tx, memberId);
        if (member.organisationId !== organisationId || member.status !== 'accepted') {
          throw AppError.notFound('team_member');
        }
        const [updated] = await tx
          .update(organisationMembers)
          .set({ role: 'owner', updatedAt: new Date() })
          .where(eq(organisationMembers.id, memberId))
          .returning();
        await tx
          .update(organisationMembers)
          .set({ role: 'admin', updatedAt: new Date() })
          .where(
            and(
              eq(organisationMembers.organisationId, organisationId),
              eq(organisationMembers.userId, actor.id),
              eq(organisationMembers.role, 'owner'),
              sql`${organisationMembers.id} <> ${memberId}`,
            ),
          );
        await recordEvent(tx, organisationId, actor.id, 'ownership_transferred', {
          memberEmail: member.email,
        });
        return updated!;
      });
    },

    /**
     * A new account claims the invitations waiting for its address, so they show among its
     * invitations (and the team sees who they are) before it answers them.
     */
    async linkInvitations(userId: string, email: string, executor: Executor = db): Promise<void> {
      await executor
        .update(organisationMembers)
        .set({ userId, updatedAt: new Date() })
        .where(
          and(
            eq(organisationMembers.email, email),
            isNull(organisationMembers.userId),
            eq(organisationMembers.status, 'invited'),
          ),
        );
    },
  };
}

export type Team = ReturnType<typeof createTeam>;
