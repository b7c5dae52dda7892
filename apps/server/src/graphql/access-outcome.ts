/**
 * What an operation answers to each kind of caller, declared next to its `authScopes` so that the
 * declarations snapshot shows who can reach what, and operation-access.test.ts holds the running
 * server to it: it calls every operation that takes someone's record as a stranger, a member of
 * another organisation, a team member without the permission, a reviewer of another opportunity and
 * the declared parties, and compares what each one gets.
 */

/** The records an operation's ids and slugs can point at (the test builds one of each). */
export const ACCESS_RECORDS = [
  'organisation',
  /** A published opportunity with a manager and a reviewer of its own. */
  'opportunity',
  /** An opportunity still in draft: only its team sees it. */
  'draft',
  /** A submitted application to the published opportunity. */
  'application',
  /** A manager's comment on that application. */
  'comment',
  /** A team member's seat in the organisation. */
  'teamSeat',
  /** The reviewer's place on the published opportunity. */
  'opportunitySeat',
  /** An open invitation to the organisation's team. */
  'teamInvitation',
  /** An open invitation to the published opportunity's team. */
  'opportunityInvitation',
  /** The applicant's account. */
  'user',
  /** The applicant's request for an organiser account. */
  'upgradeRequest',
  /** An event whose delivery failed for good (an email about the applicant's account). */
  'failedEvent',
  /** A notification addressed to the applicant. */
  'notification',
  /** A coupon on the published opportunity. */
  'coupon',
  /** The applicant's refund request on a paid application. */
  'refundRequest',
] as const;
export type AccessRecord = (typeof ACCESS_RECORDS)[number];

/**
 * Who stands where around the record. The first five are tried on every operation; the others when
 * an operation names them in `allows` (and are expected to be refused otherwise).
 */
export const ACCESS_PARTIES = [
  'anonymous',
  /** A performer with nothing to do with the record. */
  'performer',
  /** The owner of another organisation. */
  'otherOrganisation',
  /** A member (view only) of the record's organisation. */
  'member',
  /** A reviewer of another opportunity of the same organisation. */
  'otherReviewer',
  /** The organisation's owner. */
  'owner',
  /** The published opportunity's own manager (full access), outside the organisation's team. */
  'manager',
  /** The published opportunity's own reviewer (rate, comment). */
  'reviewer',
  /** The person who applied. */
  'applicant',
  /** The person an invitation is addressed to. */
  'invitee',
  /** A platform admin. */
  'admin',
] as const;
export type AccessParty = (typeof ACCESS_PARTIES)[number];

/** Parties inside the record's organisation who still lack the permission. */
export const INSIDERS: readonly AccessParty[] = ['member', 'otherReviewer'];

export type Refusal = 'NOT_FOUND' | 'FORBIDDEN' | 'HIDDEN';

export type AccessOutcome =
  /** Acts on the caller's own account only, or on nobody's (sign-in, registration). */
  | { record: 'own' }
  /** Reference data or a search anyone may read; no one's private record. */
  | { record: 'open' }
  | {
      record: AccessRecord;
      /** Who gets an answer. `everyone` includes anonymous callers; `signedIn` every account. */
      allows: readonly (AccessParty | 'everyone' | 'signedIn')[];
      /**
       * What everyone else gets: NOT_FOUND (the record is not theirs to know of), FORBIDDEN, or
       * HIDDEN (an empty answer: null or an empty list). An anonymous caller of an operation that
       * needs an account gets UNAUTHENTICATED whatever this says.
       */
      refuses: Refusal;
      /** What members of the organisation without the permission get, when it differs. */
      insiders?: Refusal;
    };

/** `extensions: access({ record: 'application', allows: ['applicant'], refuses: 'NOT_FOUND' })` */
export function access(outcome: AccessOutcome): { access: AccessOutcome } {
  return { access: outcome };
}

/** One line of the declarations snapshot. */
export function describeAccess(outcome: AccessOutcome | undefined): string {
  if (!outcome) return 'UNDECLARED';
  if (outcome.record === 'own' || outcome.record === 'open') return outcome.record;
  const insiders = outcome.insiders ? `, insiders ${outcome.insiders}` : '';
  return `${outcome.record}: allows ${outcome.allows.join(' ')}; refuses ${outcome.refuses}${insiders}`;
}
