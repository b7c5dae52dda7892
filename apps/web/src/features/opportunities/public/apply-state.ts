import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { hasPassed } from './opportunity-dates';

/** What the Apply section says: the button, or why there is none. */
export type ApplyState =
  | { kind: 'open' }
  /** Open, but the viewer is on the opportunity's team and cannot apply to it. */
  | { kind: 'team' }
  | { kind: 'draft' }
  | { kind: 'scheduled'; opensAt: string | null }
  | { kind: 'deadlinePassed'; deadline: string }
  | { kind: 'closedByHand' }
  | { kind: 'archived' }
  | { kind: 'notOpen' };

type ApplyFields = Pick<
  OpportunityFieldsFragment,
  'is_open' | 'opp_status' | 'publish_at' | 'deadline_date' | 'viewerCan'
>;

/**
 * The server decides whether applications are taken (`is_open`); this only explains a "no" in
 * the terms of the lifecycle (decisions.md, "Lifecycle").
 */
export function applyStateOf(opportunity: ApplyFields, now: number = Date.now()): ApplyState {
  if (opportunity.is_open)
    return opportunity.viewerCan.view_team ? { kind: 'team' } : { kind: 'open' };
  switch (opportunity.opp_status) {
    case 'DRAFT':
      return { kind: 'draft' };
    case 'SCHEDULED':
      return { kind: 'scheduled', opensAt: opportunity.publish_at };
    case 'ARCHIVED':
    case 'DELETED':
      return { kind: 'archived' };
    default:
      break;
  }
  if (opportunity.deadline_date && hasPassed(opportunity.deadline_date, now)) {
    return { kind: 'deadlinePassed', deadline: opportunity.deadline_date };
  }
  // Before its deadline, a closed opportunity can only have been closed by hand.
  if (opportunity.opp_status === 'CLOSED') return { kind: 'closedByHand' };
  return { kind: 'notOpen' };
}
