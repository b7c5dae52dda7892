import { pageOffset, type MessageStatus } from '@encore/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { domainEvent } from '../../events/domain-events';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import type { FileRow, FilesService } from '../files/files.service';
import type { OpportunitiesService, OpportunityRow } from '../opportunities/opportunities.service';
import type { OrganisationRow, OrganisationsService } from '../organisations/organisations.service';
import type { UserRow, UsersService } from '../users/users.service';
import {
  applicationMessages,
  type ApplicationMessageRow,
  type ApplicationRow,
} from './applications.table';
import type { ApplicationDeciders } from './applications.deciders';
import { applicationAggregate } from './applications.events';

export interface ApplicationMessagesDependencies {
  db: Database;
  opportunities: OpportunitiesService;
  organisations: OrganisationsService;
  users: UsersService;
  files: FilesService;
  /** Who hears of the applicant's messages. */
  deciders: ApplicationDeciders;
  /** Where the feature records what happened (the other side is emailed from there). */
  outbox: Outbox;
  clock: Clock;
}

/** A message as one viewer sees it: who wrote it, shown as the organisation or as the applicant. */
export interface ApplicationMessageView {
  id: string;
  message: string;
  senderId: string | null;
  status: MessageStatus;
  seenAt: Date | null;
  createdAt: Date;
  fromOrganisation: boolean;
  senderName: string;
  /** The organisation's logo on its side, the applicant's avatar on theirs. */
  senderAvatar: FileRow | null;
  isMine: boolean;
}

export interface PageRequest {
  first: number;
  page: number;
}

/** Everything a conversation shows besides its messages, read once per page. */
interface Conversation {
  application: ApplicationRow;
  opportunity: OpportunityRow;
  organisation: OrganisationRow | null;
  /** Lower-cased addresses of the organisation's owners (SEED-SPEC point 4). */
  ownerEmails: Set<string>;
}

const UNSEEN: MessageStatus[] = ['PENDING', 'FAILED'];

/**
 * The conversation between an application's applicant and the organisation's team (issue 6 point
 * 6). A message stays PENDING until the other side reads the conversation, then it is SENT; it is
 * FAILED while unseen when its email notice could not be delivered. The team writes as the
 * organisation: its messages show the organisation's name and logo. Callers have checked that the
 * viewer is the applicant or holds `manage_applications`.
 */
export function createApplicationMessages({
  db,
  opportunities,
  organisations,
  users,
  files,
  deciders,
  outbox,
  clock,
}: ApplicationMessagesDependencies) {
  async function accounts(ids: readonly (string | null)[]): Promise<Map<string, UserRow>> {
    const unique = [...new Set(ids.filter((id): id is string => id !== null))];
    const found = await Promise.all(unique.map((id) => users.current(id)));
    return new Map(found.flatMap((account) => (account ? [[account.id, account]] : [])));
  }

  async function conversationOf(application: ApplicationRow): Promise<Conversation> {
    const opportunity = await opportunities.requireById(application.opportunityId);
    const [organisation] = await organisations.byIds([opportunity.organisationId]);
    const owners = organisation ? await deciders.owners(organisation.id) : [];
    const ownerAccounts = await accounts(owners.map((owner) => owner.userId));
    const ownerEmails = new Set(
      [
        ...owners.map((owner) => owner.email),
        ...[...ownerAccounts.values()].map((account) => account.email),
      ].map((email) => email.toLowerCase()),
    );
    return { application, opportunity, organisation: organisation ?? null, ownerEmails };
  }

  /**
   * Who wrote it, as the conversation shows it. A message is the organisation's when a team member
   * sent it (stored at send time: the sender was not the applicant), and also when its sender's
   * address is the organisation owner's, as the seed recognises an organiser.
   */
  async function viewsOf(
    rows: readonly ApplicationMessageRow[],
    conversation: Conversation,
    viewerId: string,
  ): Promise<ApplicationMessageView[]> {
    const { application, organisation, ownerEmails } = conversation;
    const senders = await accounts(rows.map((row) => row.senderId));
    const fromOrganisation = (row: ApplicationMessageRow) => {
      const sender = row.senderId ? senders.get(row.senderId) : undefined;
      return (
        row.fromOrganisation ||
        (sender !== undefined && ownerEmails.has(sender.email.toLowerCase()))
      );
    };
    const avatarIds = rows.map((row) =>
      fromOrganisation(row)
        ? (organisation?.logoFileId ?? null)
        : row.senderId
          ? (senders.get(row.senderId)?.avatarFileId ?? null)
          : null,
    );
    const pictures = new Map(
      (await files.byIds([...new Set(avatarIds.filter((id): id is string => id !== null))])).map(
        (file) => [file.id, file],
      ),
    );
    return rows.map((row, index) => {
      const sender = row.senderId ? senders.get(row.senderId) : undefined;
      const ours = fromOrganisation(row);
      const avatarId = avatarIds[index];
      return {
        id: row.id,
        message: row.message,
        senderId: row.senderId,
        status: row.status,
        seenAt: row.seenAt,
        createdAt: row.createdAt,
        fromOrganisation: ours,
        senderName:
          (ours ? organisation?.name : undefined) ??
          sender?.name ??
          (application.artistName || application.name),
        senderAvatar: (avatarId && pictures.get(avatarId)) || null,
        isMine: row.senderId !== null && row.senderId === viewerId,
      };
    });
  }

  /** Whoever should hear of a new message: the applicant, or the people who decide on it. */
  async function recipientsOf(
    message: Pick<ApplicationMessageRow, 'fromOrganisation' | 'senderId'>,
    conversation: Conversation,
  ): Promise<UserRow[]> {
    const ids = message.fromOrganisation
      ? [conversation.application.userId]
      : await deciders.of(conversation.opportunity);
    const found = await accounts(ids.filter((id) => id !== message.senderId));
    return [...found.values()];
  }

  return {
    /**
     * One page of the conversation. Page 1 holds the newest messages, and each page reads oldest
     * first, as a chat does: a client shows page 1 and loads page 2 above it when scrolled up.
     * Reading first marks what the other side wrote and this viewer had not seen as SENT.
     */
    async page(
      application: ApplicationRow,
      viewerId: string,
      request: PageRequest,
    ): Promise<{ rows: ApplicationMessageView[]; total: number }> {
      const readsAsApplicant = viewerId === application.userId;
      const ofApplication = eq(applicationMessages.applicationId, application.id);
      await db
        .update(applicationMessages)
        .set({ status: 'SENT', seenAt: clock() })
        .where(
          and(
            ofApplication,
            // The applicant sees the organisation's messages, the team the applicant's.
            eq(applicationMessages.fromOrganisation, readsAsApplicant),
            inArray(applicationMessages.status, UNSEEN),
            sql`${applicationMessages.senderId} is distinct from ${viewerId}`,
          ),
        );
      const [rows, [count], conversation] = await Promise.all([
        db
          .select()
          .from(applicationMessages)
          .where(ofApplication)
          .orderBy(desc(applicationMessages.createdAt), desc(applicationMessages.id))
          .limit(request.first)
          .offset(pageOffset(request.page, request.first)),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(applicationMessages)
          .where(ofApplication),
        conversationOf(application),
      ]);
      return {
        rows: await viewsOf(rows.reverse(), conversation, viewerId),
        total: count?.total ?? 0,
      };
    },

    /**
     * Writes a message (PENDING) and records it as an event: the other side is emailed from there,
     * after the commit, and tried again while the mail server is down. A notice that could not be
     * delivered at all turns the message FAILED while unseen (`markUndelivered`).
     */
    async send(
      application: ApplicationRow,
      senderId: string,
      text: string,
    ): Promise<ApplicationMessageView> {
      const conversation = await conversationOf(application);
      const fromOrganisation = senderId !== application.userId;
      const recipients = await recipientsOf({ fromOrganisation, senderId }, conversation);
      const account = await users.current(senderId);
      const senderName = fromOrganisation
        ? (conversation.organisation?.name ?? account?.name ?? '')
        : application.artistName || application.name || account?.name || '';
      const message = await outbox.transaction(async (tx, record) => {
        const [saved] = await tx
          .insert(applicationMessages)
          .values({
            applicationId: application.id,
            senderId,
            fromOrganisation,
            message: text,
            status: 'PENDING',
            createdAt: clock(),
          })
          .returning();
        await record(
          domainEvent('ApplicationMessageSent', applicationAggregate(application.id), {
            messageId: saved!.id,
            applicationId: application.id,
            code: application.code,
            opportunityId: conversation.opportunity.id,
            opportunityTitle: conversation.opportunity.title,
            fromOrganisation,
            senderId,
            senderName,
            message: text,
            recipientIds: recipients.map((recipient) => recipient.id),
          }),
        );
        return saved!;
      });
      const [view] = await viewsOf([message], conversation, senderId);
      return view!;
    },

    /** The other side could not be told of a message: it shows FAILED until they read it. */
    async markUndelivered(messageId: string, executor: Executor = db): Promise<void> {
      await executor
        .update(applicationMessages)
        .set({ status: 'FAILED' })
        .where(
          and(eq(applicationMessages.id, messageId), eq(applicationMessages.status, 'PENDING')),
        );
    },
  };
}

export type ApplicationMessages = ReturnType<typeof createApplicationMessages>;
