import type { FeatureHandlers } from '../../events/handlers';
import type { ApplicationsService } from '../applications/applications.service';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { OrganisationsService } from '../organisations/organisations.service';
import {
  answerBySoonNotices,
  payoutNotices,
  refundDecidedNotice,
  refundFailedNotice,
  refundOutcomeNotices,
  refundRequestNotices,
  refundSentNotice,
  type RefundedApplication,
} from './notifications.payment-notices';
import { createPaymentsTeam } from './notifications.payments-team';
import type { NotificationsService } from './notifications.service';

export interface PaymentNotificationDependencies {
  notifications: Pick<NotificationsService, 'notify'>;
  opportunities: Pick<OpportunitiesService, 'byIds' | 'members'>;
  organisations: Pick<OrganisationsService, 'byIds' | 'team'>;
  applications: Pick<ApplicationsService, 'byIds'>;
}

/**
 * The notices of refunds, the answer-by promise and payouts (issue 21): to the applicant whose
 * money it is, and to the payments team of the opportunity or organisation (notifications
 * .payments-team.ts). The notification centre mails the kinds a recipient gets by email
 * (mail.notifications.ts). Each notice is written once per event and recipient (a unique index),
 * so a redelivered event tells no one twice, and mails no one twice either.
 */
export function paymentNotificationHandlers({
  notifications,
  opportunities,
  organisations,
  applications,
}: PaymentNotificationDependencies) {
  const team = createPaymentsTeam({ opportunities, organisations });

  /** The application a refund event is about, with its opportunity; undefined once either is gone. */
  async function refunded(payload: { applicationId: string; opportunityId: string }) {
    const [[application], [opportunity]] = await Promise.all([
      applications.byIds([payload.applicationId]),
      opportunities.byIds([payload.opportunityId]),
    ]);
    if (!application || !opportunity) return undefined;
    const about: RefundedApplication = {
      applicationId: application.id,
      code: application.code,
      // As the team knows an applicant elsewhere (a new application's notice names them so).
      applicant: application.artistName || application.name || application.email,
      opportunityTitle: opportunity.title,
      opportunitySlug: opportunity.slug,
    };
    return { about, opportunity };
  }

  /** The opportunity's payments team, without the applicant (who may sit in another's team). */
  const teamOf = async (
    opportunity: { id: string; organisationId: string },
    applicantId: string | null,
  ) => (await team.ofOpportunity(opportunity)).filter((id) => id !== applicantId);

  return {
    name: 'payment-notifications',
    inTransaction: false,
    on: {
      async RefundRequested({ id, payload }) {
        const found = await refunded(payload);
        if (!found) return;
        const request = {
          kind: 'requested' as const,
          reason: payload.reason,
          message: payload.message,
          amount: payload,
        };
        await notifications.notify(
          id,
          refundRequestNotices(
            found.about,
            request,
            await teamOf(found.opportunity, payload.userId),
          ),
        );
      },
      async RefundRequestCanceled({ id, payload }) {
        const found = await refunded(payload);
        if (!found) return;
        await notifications.notify(
          id,
          refundRequestNotices(
            found.about,
            { kind: 'canceled' },
            await teamOf(found.opportunity, payload.userId),
          ),
        );
      },
      async RefundRequestDecided({ id, payload }) {
        const { userId } = payload;
        if (!userId) return;
        const found = await refunded(payload);
        if (!found) return;
        await notifications.notify(id, [
          refundDecidedNotice(found.about, {
            applicantId: userId,
            approved: payload.decision === 'APPROVED',
            note: payload.note,
          }),
        ]);
      },
      async RefundSucceeded({ id, payload }) {
        const found = await refunded(payload);
        if (!found) return;
        // A refund the team made itself is its own act; one the answer-by date made is news to it.
        const teamIds = payload.automatic ? await teamOf(found.opportunity, payload.userId) : [];
        await notifications.notify(id, [
          ...(payload.userId
            ? [refundSentNotice(found.about, { ...payload, applicantId: payload.userId })]
            : []),
          ...refundOutcomeNotices(found.about, { ...payload, kind: 'automatic' }, teamIds),
        ]);
      },
      async RefundFailed({ id, payload }) {
        const found = await refunded(payload);
        if (!found) return;
        await notifications.notify(id, [
          ...(payload.userId
            ? [refundFailedNotice(found.about, { ...payload, applicantId: payload.userId })]
            : []),
          ...refundOutcomeNotices(
            found.about,
            { ...payload, kind: 'failed' },
            await teamOf(found.opportunity, payload.userId),
          ),
        ]);
      },
      async AnswerByApproaching({ id, payload }) {
        const [opportunity] = await opportunities.byIds([payload.opportunityId]);
        if (!opportunity) return;
        await notifications.notify(
          id,
          answerBySoonNotices(
            {
              opportunityId: opportunity.id,
              title: opportunity.title,
              slug: opportunity.slug,
              timeZone: opportunity.timeZone,
            },
            payload,
            await team.ofOpportunity(opportunity),
          ),
        );
      },
      async PayoutSent({ id, payload }) {
        const [organisation] = await organisations.byIds([payload.organisationId]);
        if (!organisation) return;
        await notifications.notify(
          id,
          payoutNotices(
            organisation,
            { ...payload, kind: 'sent' },
            await team.ofOrganisation(organisation.id),
          ),
        );
      },
      async PayoutFailed({ id, payload }) {
        const [organisation] = await organisations.byIds([payload.organisationId]);
        if (!organisation) return;
        await notifications.notify(
          id,
          payoutNotices(
            organisation,
            { ...payload, kind: 'failed' },
            await team.ofOrganisation(organisation.id),
          ),
        );
      },
    },
  } satisfies FeatureHandlers;
}
