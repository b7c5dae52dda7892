import { UUID_PATTERN } from '@encore/core';
import type { GraphQLContext } from '../../graphql/context';
import { teamSeesIdentity } from './applications.dashboard';
import { applicationPolicy } from './applications.policy';

const knownByRequest = new WeakMap<GraphQLContext, Map<string, Promise<boolean>>>();

/**
 * Whether the viewer knows this person as an applicant: they read one of the person's applications
 * as its team and blind review does not hide who sent it. That team may reach the person
 * (docs/decisions.md, "Public profiles"); asked once per person and request.
 */
export function knowsAsApplicant(context: GraphQLContext, userId: string): Promise<boolean> {
  let known = knownByRequest.get(context);
  if (!known) {
    known = new Map();
    knownByRequest.set(context, known);
  }
  let answer = known.get(userId);
  if (!answer) {
    answer = (async () => {
      if (!context.viewer.user) return false;
      const opportunities = await context.services.opportunities.byIds(
        await context.services.applicants.appliedTo(userId),
      );
      const open = opportunities.filter((opportunity) => opportunity.status !== 'DELETED');
      const grants = await Promise.all(open.map(({ id }) => context.access.opportunity(id)));
      return open.some(
        ({ blindReview }, index) =>
          applicationPolicy.readsApplications(grants[index]!) &&
          teamSeesIdentity(grants[index]!, blindReview),
      );
    })();
    known.set(userId, answer);
  }
  return answer;
}

/**
 * The account an id given to `user(id)` or `premiumUser(userId)` names: an account id, or the
 * applicant id of a blind row (applications.applicant-ids.ts) for a viewer who sees who applied
 * to that opportunity. Undefined for anything else, so a blind reviewer learns nothing from it.
 */
export async function accountIdNamed(
  context: GraphQLContext,
  id: string,
): Promise<string | undefined> {
  if (UUID_PATTERN.test(id)) return id.toLowerCase();
  const applicant = context.services.applicants.parseApplicantId(id);
  if (!applicant) return undefined;
  const [[opportunity], grant] = await Promise.all([
    context.services.opportunities.byIds([applicant.opportunityId]),
    context.access.opportunity(applicant.opportunityId),
  ]);
  if (!opportunity || opportunity.status === 'DELETED') return undefined;
  const sees =
    applicationPolicy.readsApplications(grant) && teamSeesIdentity(grant, opportunity.blindReview);
  return sees ? applicant.userId : undefined;
}
