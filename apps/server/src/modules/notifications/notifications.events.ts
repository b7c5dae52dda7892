import type { FeatureHandlers } from '../../events/handlers';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { NotificationsService } from './notifications.service';

/** What the notifications feature tells the rest of the product. */
export interface NotificationEvents {
  /** A notification was written for its recipient (the realtime channel pushes it). */
  NotificationCreated: { notificationId: string; userId: string };
}

export const notificationAggregate = (userId: string) => `notifications:${userId}`;

const MESSAGE_EXCERPT_LENGTH = 140;
const excerpt = (text: string) =>
  text.length > MESSAGE_EXCERPT_LENGTH ? `${text.slice(0, MESSAGE_EXCERPT_LENGTH - 1)}…` : text;

/**
 * The notices events leave in people's notification centres. Each is written once per event and
 * recipient (a unique index), so the handler may run again without a second notice.
 */
export function notificationEventHandlers({
  notifications,
  opportunities,
}: {
  notifications: NotificationsService;
  opportunities: Pick<OpportunitiesService, 'byIds'>;
}) {
  return {
    name: 'notifications',
    inTransaction: false,
    on: {
      async ApplicationStatusChanged({ id, payload }) {
        // Withdrawing is the applicant's own act: nothing to tell them.
        if (payload.to === 'WITHDRAWN') return;
        const [opportunity] = await opportunities.byIds([payload.opportunityId]);
        await notifications.notify(id, [
          {
            userId: payload.applicantId,
            type: 'application_status',
            subject: `application:${payload.applicationId}`,
            urlPath: `/application/${payload.applicationId}`,
            params: { opportunity: opportunity?.title ?? '', code: payload.code },
            translatedParams: { status: `emails:application_statuses.${payload.to}` },
          },
        ]);
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
