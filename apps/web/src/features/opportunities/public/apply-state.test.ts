import { describe, expect, it } from 'vitest';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { applyStateOf } from './apply-state';

const NOW = Date.parse('2027-05-01T12:00:00Z');
const outsider = {
  view_team: false,
  update: false,
  change_status: false,
  delete: false,
  duplicate: false,
  manage_team: false,
  manage_applications: false,
  manage_payments: false,
  rate: false,
  comment: false,
};

function opportunity(
  overrides: Partial<Parameters<typeof applyStateOf>[0]> = {},
): Parameters<typeof applyStateOf>[0] {
  return {
    is_open: false,
    opp_status: 'PUBLISHED',
    publish_at: null,
    deadline_date: '2027-06-01 12:00:00',
    viewerCan: outsider,
    ...overrides,
  } satisfies Partial<OpportunityFieldsFragment>;
}

describe('applyStateOf', () => {
  it('offers the button while the server says applications are taken', () => {
    expect(applyStateOf(opportunity({ is_open: true }), NOW)).toEqual({ kind: 'open' });
  });

  it('tells the team instead of offering them their own opportunity', () => {
    expect(
      applyStateOf(
        opportunity({ is_open: true, viewerCan: { ...outsider, view_team: true } }),
        NOW,
      ),
    ).toEqual({ kind: 'team' });
  });

  it('explains drafts, scheduled and archived opportunities', () => {
    expect(applyStateOf(opportunity({ opp_status: 'DRAFT' }), NOW).kind).toBe('draft');
    expect(
      applyStateOf(
        opportunity({ opp_status: 'SCHEDULED', publish_at: '2027-05-10 09:00:00' }),
        NOW,
      ),
    ).toEqual({ kind: 'scheduled', opensAt: '2027-05-10 09:00:00' });
    expect(applyStateOf(opportunity({ opp_status: 'ARCHIVED' }), NOW).kind).toBe('archived');
  });

  it('tells a passed deadline from a close by hand', () => {
    expect(
      applyStateOf(
        opportunity({ opp_status: 'CLOSED', deadline_date: '2027-04-30 23:59:00' }),
        NOW,
      ),
    ).toEqual({ kind: 'deadlinePassed', deadline: '2027-04-30 23:59:00' });
    // Running after its deadline: closed by the clock too.
    expect(
      applyStateOf(opportunity({ opp_status: 'ACTIVE', deadline_date: '2027-04-30 23:59:00' }), NOW)
        .kind,
    ).toBe('deadlinePassed');
    expect(applyStateOf(opportunity({ opp_status: 'CLOSED' }), NOW)).toEqual({
      kind: 'closedByHand',
    });
  });
});
