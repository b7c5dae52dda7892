import type { OpportunityFieldsFragment, OpportunityStatus } from '../../../gql/graphql';
import { hasPassed } from '../public/opportunity-dates';

/** The status changes made by hand (decisions.md, "Lifecycle"). */
export type StatusAction = 'publish' | 'unpublish' | 'close' | 'reopen' | 'archive';

const FROM: Record<StatusAction, readonly OpportunityStatus[]> = {
  publish: ['DRAFT'],
  unpublish: ['SCHEDULED'],
  close: ['PUBLISHED', 'ACTIVE'],
  reopen: ['CLOSED'],
  archive: ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'ACTIVE', 'CLOSED'],
};

export const STATUS_ACTIONS = Object.keys(FROM) as StatusAction[];

type LifecycleFields = Pick<
  OpportunityFieldsFragment,
  'opp_status' | 'deadline_date' | 'viewerCan'
>;

export interface LifecycleAbilities {
  status: StatusAction[];
  edit: boolean;
  duplicate: boolean;
  delete: boolean;
}

/**
 * The actions to offer: permitted (viewerCan) and valid for the current state. The server checks
 * both again; this keeps buttons that can only fail off the screen.
 */
export function lifecycleAbilities(
  opportunity: LifecycleFields,
  now: number = Date.now(),
): LifecycleAbilities {
  const { opp_status: status, viewerCan } = opportunity;
  const live = status !== 'DELETED';
  const valid = (action: StatusAction) => {
    if (!FROM[action].includes(status)) return false;
    // A closed opportunity reopens only before its deadline: after it, the clock closed it.
    if (action === 'reopen') return !hasPassed(opportunity.deadline_date, now);
    return true;
  };
  return {
    status: viewerCan.change_status ? STATUS_ACTIONS.filter(valid) : [],
    edit: viewerCan.update && live,
    duplicate: viewerCan.duplicate && live,
    delete: viewerCan.delete && live,
  };
}
