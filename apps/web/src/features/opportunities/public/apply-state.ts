import type { TFunction } from 'i18next';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { formatDate, formatDateTime } from '../../../lib/format';
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

type ExplainedFields = Pick<OpportunityFieldsFragment, 'time_zone'> & {
  time_visibility: Pick<OpportunityFieldsFragment['time_visibility'], 'deadline_time'>;
};

/** Why the viewer cannot apply, in one sentence (the public page and the apply page say the same). */
export function applyStateText(
  state: Exclude<ApplyState, { kind: 'open' }>,
  opportunity: ExplainedFields,
  t: TFunction<'pages'>,
): string {
  const timeZone = opportunity.time_zone;
  switch (state.kind) {
    case 'team':
      return t('opportunities.public.apply.team');
    case 'draft':
      return t('opportunities.public.apply.draft');
    case 'scheduled':
      return state.opensAt
        ? t('opportunities.public.apply.scheduled', {
            date: formatDateTime(state.opensAt, { timeZone }),
          })
        : t('opportunities.public.apply.scheduledSoon');
    case 'deadlinePassed':
      return t('opportunities.public.apply.deadlinePassed', {
        date: opportunity.time_visibility.deadline_time
          ? formatDateTime(state.deadline, { timeZone })
          : formatDate(state.deadline, { timeZone }),
      });
    case 'closedByHand':
      return t('opportunities.public.apply.closedByHand');
    case 'archived':
      return t('opportunities.public.apply.archived');
    case 'notOpen':
      return t('opportunities.public.apply.notOpen');
  }
}
