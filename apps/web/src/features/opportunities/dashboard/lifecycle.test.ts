import { describe, expect, it } from 'vitest';
import type { OpportunityStatus } from '../../../gql/graphql';
import { lifecycleAbilities } from './lifecycle';

const NOW = Date.parse('2027-05-01T12:00:00Z');
const FUTURE = '2027-06-01 12:00:00';
const PAST = '2027-04-01 12:00:00';
const manager = {
  view_team: true,
  update: true,
  change_status: true,
  delete: true,
  duplicate: true,
  manage_team: true,
  manage_applications: true,
  manage_payments: true,
  rate: true,
  comment: true,
};

const abilities = (
  opp_status: OpportunityStatus,
  deadline_date: string | null = FUTURE,
  viewerCan = manager,
) => lifecycleAbilities({ opp_status, deadline_date, viewerCan }, NOW);

describe('lifecycleAbilities', () => {
  it('offers each status change only from the states the server accepts it from', () => {
    expect(abilities('DRAFT').status).toEqual(['publish', 'archive']);
    expect(abilities('SCHEDULED').status).toEqual(['unpublish', 'archive']);
    expect(abilities('PUBLISHED').status).toEqual(['close', 'archive']);
    expect(abilities('ACTIVE').status).toEqual(['close', 'archive']);
    expect(abilities('CLOSED').status).toEqual(['reopen', 'archive']);
    expect(abilities('ARCHIVED').status).toEqual([]);
    expect(abilities('DELETED')).toEqual({
      status: [],
      edit: false,
      duplicate: false,
      delete: false,
    });
  });

  it('does not offer to reopen once the deadline has passed', () => {
    expect(abilities('CLOSED', PAST).status).toEqual(['archive']);
  });

  it('shows only what the viewer is allowed to do', () => {
    const reviewer = {
      ...manager,
      update: false,
      change_status: false,
      delete: false,
      duplicate: false,
      manage_team: false,
    };
    expect(abilities('PUBLISHED', FUTURE, reviewer)).toEqual({
      status: [],
      edit: false,
      duplicate: false,
      delete: false,
    });
    const editor = { ...manager, delete: false };
    expect(abilities('PUBLISHED', FUTURE, editor)).toMatchObject({ edit: true, delete: false });
  });
});
