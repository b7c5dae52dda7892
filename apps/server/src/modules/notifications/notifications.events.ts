import { formatDateTime, type RealtimeNotification } from '@encore/core';
import type { FeatureHandlers } from '../../events/handlers';
import type { Realtime } from '../../realtime/realtime.server';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { UsersService } from '../users/users.service';
import {
  applicationReviewNotices,
  closingSoonNotice,
  excerpt,
  invitationAnsweredNotice,
  newApplicationNotices,
  opportunityPublishedNotices,
} from './notifications.notices';
import type { NotificationsService } from './notifications.service';
import type { NotificationRow } from './notifications.table';

/** What the notifications feature tells the rest of the product. */
export interface NotificationEvents {
  /** A notification was written for its recipient (the realtime channel pushes it). */
  NotificationCreated: { notificationId: string; userId: string };
  /** A person's daily digest fell due: it lists what they left unread from `since` to `until`. */
  NotificationDigestDue: { userId: string; since: string; until: string };
}

export const notificationAggregate = (userId: string) => `notifications:${userId}`;

/** A notification as the realtime channel sends it: as the GraphQL API gives it. */
export const realtimeNotification = (row: NotificationRow): RealtimeNotification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  url_path: row.urlPath,
  is_read: row.isRead,
  created_at: formatDateTime(row.createdAt),
  updated_at: formatDateTime(row.updatedAt),
});

/**
 * Pushes each new notification to its recipient's open tabs, with the unread count, from whichever
 * process delivers the event (the Redis adapter finds the sockets). A push is not kept: a tab that
 * was closed reads the list when it opens.
 */
export function notificationPushHandlers({
  notifications,
  realtime,
}: {
  notifications: NotificationsService;
  realtime: Pick<Realtime, 'toUser'>;
}) {
  return {
    name: 'notification-push',
    inTransaction: false,
    on: {
      async NotificationCreated({ payload }) {
        const [row, unreadCount] = await Promise.all([
          notifications.byId(payload.userId, payload.notificationId),
          notifications.unreadCount(payload.userId),
        ]);
        if (!row) return;
        realtime.toUser(payload.userId, 'notificationCreated', {
          notification: realtimeNotification(row),
          unread_count: unreadCount,
        });
      },
    },
  } satisfies FeatureHandlers;
}

/**
 * The notices events leave in people's notification centres. Each is written once per event and
 * recipient (a unique index), so the handler may run again without a second notice.
 */
export function notificationEventHandlers({
  notifications,
  opportunities,
  users,
}: {
  notifications: NotificationsService;
  opportunities: Pick<OpportunitiesService, 'byIds'>;
  users: Pick<UsersService, 'byIds'>;
}) {
  const nameOf = async (userId: string) => (await users.byIds([userId]))[0]?.name ?? '';
  /** The people an event names, without the one who acted. */
  const others = (ids: readonly string[] | undefined, actorId: string | null) => [
    ...new Set((ids ?? []).filter((id) => id !== actorId)),
  ];

  return {
    name: 'notifications',
    inTransaction: false,
    on: {
      async ApplicationStatusChanged({ id, payload }) {
        // Withdrawing is the applicant's own act: nothing to tell anyone.
        if (payload.to === 'WITHDRAWN') return;
        const [opportunity] = await opportunities.byIds([payload.opportunityId]);
        // Leaving DRAFT is the submission. An application waiting for its fee stays in DRAFT (with
        // a payment status), so the team hears of it once it is paid and moves on, not before.
        const deciderIds =
          payload.from === 'DRAFT' ? others(payload.deciderIds, payload.applicantId) : [];
        await notifications.notify(id, [
          {
            userId: payload.applicantId,
            type: 'application_status',
            subject: `application:${payload.applicationId}`,
            urlPath: `/application/${payload.applicationId}`,
            params: { opportunity: opportunity?.title ?? '', code: payload.code },
            translatedParams: { status: `emails:application_statuses.${payload.to}` },
          },
          ...newApplicationNotices(payload, opportunity?.title ?? '', deciderIds),
        ]);
      },
      async ApplicationReviewed({ id, payload }) {
        const recipientIds = others(payload.deciderIds, payload.reviewerId);
        if (recipientIds.length === 0) return;
        const [opportunity] = await opportunities.byIds([payload.opportunityId]);
        if (!opportunity) return;
        await notifications.notify(
          id,
          applicationReviewNotices(
            payload,
            payload.review,
            { reviewer: await nameOf(payload.reviewerId), opportunity: opportunity.title },
            recipientIds,
          ),
        );
      },
      async ApplicationDeadlineApproaching({ id, payload }) {
        await notifications.notify(id, [closingSoonNotice(payload)]);
      },
      async TeamInvitationAnswered({ id, payload }) {
        const { inviterId } = payload;
        if (!inviterId || inviterId === payload.responderId) return;
        await notifications.notify(id, [
          invitationAnsweredNotice(
            {
              inviterId,
              accepted: payload.accepted,
              team: payload.organisationName,
              subject: `organisation:${payload.organisationId}`,
              urlPath: `/organisation/${payload.organisationSlug}/dashboard`,
              roleKey: `emails:team_roles.${payload.role}`,
            },
            await nameOf(payload.responderId),
          ),
        ]);
      },
      async OpportunityInvitationAnswered({ id, payload }) {
        const { inviterId } = payload;
        if (!inviterId || inviterId === payload.responderId) return;
        await notifications.notify(id, [
          invitationAnsweredNotice(
            {
              inviterId,
              accepted: payload.accepted,
              team: payload.opportunityTitle,
              subject: `opportunity:${payload.opportunityId}`,
              urlPath: `/opportunity/${payload.opportunitySlug}/dashboard`,
              roleKey: `emails:opportunity_roles.${payload.role}`,
            },
            await nameOf(payload.responderId),
          ),
        ]);
      },
      async OpportunityPublished({ id, payload }) {
        const recipientIds = others(payload.teamMemberIds, payload.publisherId);
        if (recipientIds.length === 0) return;
        await notifications.notify(
          id,
          opportunityPublishedNotices(payload, await nameOf(payload.publisherId), recipientIds),
        );
      },
      async ApplicationMessageSent({ id, payload }) {
        const urlPath = payload.fromOrganisation
          ? `/application/${payload.applicationId}`
          : `/application/${payload.applicationId}/review`;
        await notifications.notify(
          id,
          payload.recipientIds.map((userId) => ({
            userId,
            type: 'application_message' as const,
            subject: `application:${payload.applicationId}`,
            urlPath,
            params: {
              sender: payload.senderName,
              opportunity: payload.opportunityTitle,
              code: payload.code,
              excerpt: excerpt(payload.message),
            },
          })),
        );
      },
      async TeamMemberInvited({ id, payload }) {
        if (!payload.inviteeId) return;
        await notifications.notify(id, [
          {
            userId: payload.inviteeId,
            type: 'team_invitation',
            subject: `organisation:${payload.organisationId}`,
            urlPath: '/organisation/connect',
            params: { organisation: payload.organisationName, inviter: payload.inviterName },
            translatedParams: { role: `emails:team_roles.${payload.role}` },
          },
        ]);
      },
      async OpportunityMemberInvited({ id, payload }) {
        if (!payload.inviteeId) return;
        await notifications.notify(id, [
          {
            userId: payload.inviteeId,
            type: 'opportunity_invitation',
            subject: `opportunity:${payload.opportunityId}`,
            urlPath: '/opportunities/review',
            params: { opportunity: payload.opportunityTitle, inviter: payload.inviterName },
            translatedParams: { role: `emails:opportunity_roles.${payload.role}` },
          },
        ]);
      },
      async AccountUpgradeDecided({ id, payload }) {
        await notifications.notify(id, [
          {
            userId: payload.userId,
            type: 'upgrade_decision',
            subject: `account-upgrade:${payload.requestId}`,
            urlPath: payload.approved ? '/organisations/create' : '/account/upgrade',
            params: { organisation: payload.organisationName, note: payload.note ?? '' },
            translatedParams: {
              decision: payload.approved
                ? 'notifications:upgrade_decision.approved'
                : 'notifications:upgrade_decision.rejected',
            },
          },
        ]);
      },
    },
  } satisfies FeatureHandlers;
}
