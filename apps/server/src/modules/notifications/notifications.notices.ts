import { CLOSING_SOON_HOURS } from '@encore/core';
import type { NotificationNotice } from './notifications.service';

/**
 * What each kind of notice says and where it leads, made from the facts of its event: the event
 * handlers write these, and the demo writes its history with the same functions. A notice whose
 * wording depends on what happened names the variant as i18next's `context` (`title_accepted`,
 * `message_rating`), so each language words each variant whole.
 */

const EXCERPT_LENGTH = 140;
export const excerpt = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;

const applicationSubject = (applicationId: string) => `application:${applicationId}`;
/** Where the team reviews an application. */
const reviewPath = (applicationId: string) => `/application/${applicationId}/review`;

/** To the people who decide: someone sent an application (`new_application`). */
export function newApplicationNotices(
  application: { applicationId: string; code: string; applicantName: string },
  opportunityTitle: string,
  recipientIds: readonly string[],
): NotificationNotice[] {
  return recipientIds.map((userId) => ({
    userId,
    type: 'new_application',
    subject: applicationSubject(application.applicationId),
    urlPath: reviewPath(application.applicationId),
    params: {
      opportunity: opportunityTitle,
      applicant: application.applicantName,
      code: application.code,
    },
  }));
}

export type ReviewFact = { kind: 'rating'; rate: number } | { kind: 'comment'; content: string };

/** To the people who decide: a teammate rated an application or commented on it. */
export function applicationReviewNotices(
  application: { applicationId: string; code: string },
  review: ReviewFact,
  names: { reviewer: string; opportunity: string },
  recipientIds: readonly string[],
): NotificationNotice[] {
  const said: Record<string, string> =
    review.kind === 'rating'
      ? { context: 'rating', rate: String(review.rate) }
      : { context: 'comment', excerpt: excerpt(review.content) };
  return recipientIds.map((userId) => ({
    userId,
    type: 'application_review',
    subject: applicationSubject(application.applicationId),
    urlPath: reviewPath(application.applicationId),
    params: {
      ...said,
      reviewer: names.reviewer,
      opportunity: names.opportunity,
      code: application.code,
    },
  }));
}

/** To whoever sent an invitation: the invitee accepted or declined it. */
export function invitationAnsweredNotice(
  invitation: {
    inviterId: string;
    accepted: boolean;
    /** The organisation's name, or the opportunity's title. */
    team: string;
    /** What the team is (`organisation:…`) and where its people are managed. */
    subject: string;
    urlPath: string;
    /** The role offered, as a translation key (`emails:team_roles.admin`). */
    roleKey: string;
  },
  responderName: string,
): NotificationNotice {
  return {
    userId: invitation.inviterId,
    type: 'invitation_answered',
    subject: invitation.subject,
    urlPath: invitation.urlPath,
    params: {
      context: invitation.accepted ? 'accepted' : 'declined',
      person: responderName,
      team: invitation.team,
    },
    translatedParams: { role: invitation.roleKey },
  };
}

/** To the organisation's team: a teammate published one of its opportunities. */
export function opportunityPublishedNotices(
  opportunity: {
    opportunityId: string;
    opportunityTitle: string;
    slug: string;
    scheduled: boolean;
  },
  publisherName: string,
  recipientIds: readonly string[],
): NotificationNotice[] {
  return recipientIds.map((userId) => ({
    userId,
    type: 'opportunity_published',
    subject: `opportunity:${opportunity.opportunityId}`,
    urlPath: `/opportunity/${opportunity.slug}/dashboard`,
    params: {
      context: opportunity.scheduled ? 'scheduled' : 'live',
      publisher: publisherName,
      opportunity: opportunity.opportunityTitle,
    },
  }));
}

/**
 * To an applicant whose application is still a draft: its opportunity closes soon. A draft being
 * written leads to its form; one waiting for its payment to the application, where it is paid.
 */
export function closingSoonNotice(draft: {
  applicationId: string;
  code: string;
  applicantId: string;
  opportunityTitle: string;
  opportunitySlug: string;
  awaitingPayment: boolean;
}): NotificationNotice {
  return {
    userId: draft.applicantId,
    type: 'closing_soon',
    subject: applicationSubject(draft.applicationId),
    urlPath: draft.awaitingPayment
      ? `/application/${draft.applicationId}`
      : `/opportunity/${draft.opportunitySlug}/apply`,
    params: {
      context: draft.awaitingPayment ? 'payment' : 'draft',
      opportunity: draft.opportunityTitle,
      code: draft.code,
      hours: String(CLOSING_SOON_HOURS),
    },
  };
}
