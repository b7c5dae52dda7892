import type { RefundReason } from '@encore/core';
import { excerpt } from './notifications.notices';
import type { NotificationNotice } from './notifications.service';

/**
 * What the notices of refunds, the answer-by promise and payouts say and where they lead (issue
 * 21). Amounts and dates are written in each recipient's language when the notice is written
 * (`localisedParams`); a variant names its wording as i18next's `context`, as in
 * notifications.notices.ts.
 */

export interface Money {
  amount: number;
  currency: string;
}

/** The application a refund is about, as its team and its applicant know it. */
export interface RefundedApplication {
  applicationId: string;
  code: string;
  /** The applicant's name as they applied (the payments team sees it on receipts too). */
  applicant: string;
  opportunityTitle: string;
  opportunitySlug: string;
}

const money = ({ amount, currency }: Money) => ({ money: amount, currency });
const subjectOf = (application: { applicationId: string }) =>
  `application:${application.applicationId}`;
/** Where the applicant follows their application, its payment and its refund. */
const applicationPath = (applicationId: string) => `/application/${applicationId}`;
/** Where the payments team reads an opportunity's payments and answers refund requests. */
const paymentsPath = (opportunitySlug: string) =>
  `/opportunity/${opportunitySlug}/payments/details`;
/**
 * The opportunity's applications that the answer-by promise is about: paid and not yet decided
 * (shortlisting is no decision), as the dashboard's filters write them in its address.
 */
export const undecidedPaidPath = (opportunitySlug: string) =>
  `/opportunity/${opportunitySlug}/dashboard?status=SUBMITTED,IN_REVIEW,SHORTLISTED&payment=SUCCEEDED`;
/** Where an organisation's payments team sees its balance, payouts and bank account. */
const payoutAccountPath = (organisationSlug: string) =>
  `/organisation/${organisationSlug}/payment/account`;

/**
 * Why the processor could not give money back, or a bank refused a payout, in the words the
 * payments pages use (`server:payments.refund_failure.*`, `payout_failure.*`); a code they have no
 * words for reads as their `unknown`.
 */
const failureKey = (group: 'refund_failure' | 'payout_failure', code: string) => ({
  key: [
    ...(/^[a-z_]+$/.test(code) ? [`server:payments.${group}.${code}`] : []),
    `server:payments.${group}.unknown`,
  ],
});

/** To the payments team: an applicant asked for their fee back, or took the request back. */
export function refundRequestNotices(
  application: RefundedApplication,
  request:
    | { kind: 'requested'; reason: RefundReason; message: string | null; amount: Money }
    | { kind: 'canceled' },
  recipientIds: readonly string[],
): NotificationNotice[] {
  return recipientIds.map((userId) => ({
    userId,
    type: 'refund_request',
    subject: subjectOf(application),
    urlPath: paymentsPath(application.opportunitySlug),
    params: {
      context: request.kind,
      applicant: application.applicant,
      opportunity: application.opportunityTitle,
      code: application.code,
      // Said in the applicant's own words, after the reason, in the house's "a · b" way.
      said: request.kind === 'requested' && request.message ? ` · ${excerpt(request.message)}` : '',
    },
    ...(request.kind === 'requested'
      ? {
          translatedParams: { reason: `notifications:refund_reasons.${request.reason}` },
          localisedParams: { amount: money(request.amount) },
        }
      : {}),
  }));
}

/** To the applicant: the team approved or declined their request, with the note it wrote. */
export function refundDecidedNotice(
  application: Omit<RefundedApplication, 'applicant' | 'opportunitySlug'>,
  decision: { applicantId: string; approved: boolean; note: string | null },
): NotificationNotice {
  return {
    userId: decision.applicantId,
    type: 'refund_status',
    subject: subjectOf(application),
    urlPath: applicationPath(application.applicationId),
    params: {
      context: decision.approved ? 'approved' : 'declined',
      opportunity: application.opportunityTitle,
      code: application.code,
      note: '',
    },
    ...(decision.note
      ? {
          translatedParams: {
            note: {
              key: 'notifications:refund_status.team_note',
              values: { note: excerpt(decision.note) },
            },
          },
        }
      : {}),
  };
}

/**
 * To the applicant: money is on its way back — all of the fee or part of it, or all of it because
 * the answer-by date passed without a decision.
 */
export function refundSentNotice(
  application: Omit<RefundedApplication, 'applicant' | 'opportunitySlug'>,
  refund: Money & { applicantId: string; automatic: boolean; full: boolean },
): NotificationNotice {
  const context = refund.automatic ? 'sent_automatic' : refund.full ? 'sent' : 'sent_partial';
  return {
    userId: refund.applicantId,
    type: 'refund_status',
    subject: subjectOf(application),
    urlPath: applicationPath(application.applicationId),
    params: { context, opportunity: application.opportunityTitle, code: application.code },
    localisedParams: { amount: money(refund) },
  };
}

/** To the applicant: the processor could not give their money back, and why. */
export function refundFailedNotice(
  application: Omit<RefundedApplication, 'applicant' | 'opportunitySlug'>,
  refund: Money & { applicantId: string; failureReason: string },
): NotificationNotice {
  return {
    userId: refund.applicantId,
    type: 'refund_status',
    subject: subjectOf(application),
    urlPath: applicationPath(application.applicationId),
    params: {
      context: 'failed',
      opportunity: application.opportunityTitle,
      code: application.code,
    },
    translatedParams: { reason: failureKey('refund_failure', refund.failureReason) },
    localisedParams: { amount: money(refund) },
  };
}

/**
 * To the payments team, of a refund it did not make itself: the answer-by date passed without a
 * decision, so the fee went back on its own; or a refund failed, and why.
 */
export function refundOutcomeNotices(
  application: RefundedApplication,
  outcome: Money & ({ kind: 'automatic' } | { kind: 'failed'; failureReason: string }),
  recipientIds: readonly string[],
): NotificationNotice[] {
  return recipientIds.map((userId) => ({
    userId,
    type: 'refund_outcome',
    subject: subjectOf(application),
    urlPath: paymentsPath(application.opportunitySlug),
    params: {
      context: outcome.kind,
      applicant: application.applicant,
      opportunity: application.opportunityTitle,
      code: application.code,
    },
    ...(outcome.kind === 'failed'
      ? { translatedParams: { reason: failureKey('refund_failure', outcome.failureReason) } }
      : {}),
    localisedParams: { amount: money(outcome) },
  }));
}

/**
 * To the payments team: paid applications are still undecided and the answer-by date is near;
 * those still undecided then are refunded in full. The date is the opportunity's own time.
 */
export function answerBySoonNotices(
  opportunity: { opportunityId: string; title: string; slug: string; timeZone: string },
  promise: { answerBy: string; hoursLeft: number; undecided: number },
  recipientIds: readonly string[],
): NotificationNotice[] {
  return recipientIds.map((userId) => ({
    userId,
    type: 'answer_by_soon',
    subject: `opportunity:${opportunity.opportunityId}`,
    urlPath: undecidedPaidPath(opportunity.slug),
    params: {
      // Each language words "48 hours" and "24 hours" whole (some decline the noun by number).
      context: String(promise.hoursLeft),
      opportunity: opportunity.title,
      undecided: String(promise.undecided),
    },
    localisedParams: {
      date: { moment: promise.answerBy, timeZone: opportunity.timeZone, time: true },
    },
  }));
}

/** To an organisation's payments team: a payout left for its bank account, or came back. */
export function payoutNotices(
  organisation: { name: string; slug: string },
  payout: Money & { payoutId: string } & (
      { kind: 'sent'; arrivalDate: string | null } | { kind: 'failed'; failureCode: string }
    ),
  recipientIds: readonly string[],
): NotificationNotice[] {
  const told: Pick<NotificationNotice, 'type' | 'translatedParams' | 'localisedParams'> =
    payout.kind === 'sent'
      ? {
          type: 'payout_sent',
          localisedParams: {
            amount: money(payout),
            // Banks count arrival in days: the date is the processor's day, in UTC.
            ...(payout.arrivalDate
              ? { date: { moment: payout.arrivalDate, timeZone: 'UTC', time: false } }
              : {}),
          },
        }
      : {
          type: 'payout_failed',
          translatedParams: { reason: failureKey('payout_failure', payout.failureCode) },
          localisedParams: { amount: money(payout) },
        };
  return recipientIds.map((userId) => ({
    userId,
    ...told,
    subject: `payout:${payout.payoutId}`,
    urlPath: payoutAccountPath(organisation.slug),
    params: {
      organisation: organisation.name,
      ...(payout.kind === 'sent' && payout.arrivalDate ? { context: 'arrival' } : {}),
    },
  }));
}
