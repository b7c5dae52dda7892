import { describe, expect, it } from 'vitest';
import { applicationPath, isAwaitingPayment, isOpenDraft } from './application-state';

describe('application state', () => {
  it('tells a draft being written from one waiting for its payment', () => {
    const writing = { status: 'DRAFT', payment_status: null } as const;
    const waiting = { status: 'DRAFT', payment_status: 'REQUIRES_CREATION' } as const;
    expect(isOpenDraft(writing)).toBe(true);
    expect(isAwaitingPayment(writing)).toBe(false);
    expect(isOpenDraft(waiting)).toBe(false);
    expect(isAwaitingPayment(waiting)).toBe(true);
    expect(isAwaitingPayment({ status: 'SUBMITTED', payment_status: 'SUCCEEDED' })).toBe(false);
  });

  it('leads a draft back to the form and anything else to its record', () => {
    expect(applicationPath({ id: 'a-1', status: 'DRAFT', payment_status: null }, 'gig')).toBe(
      '/opportunity/gig/apply',
    );
    expect(
      applicationPath({ id: 'a-1', status: 'DRAFT', payment_status: 'REQUIRES_CREATION' }, 'gig'),
    ).toBe('/application/a-1');
    expect(applicationPath({ id: 'a-1', status: 'ACCEPTED', payment_status: null }, 'gig')).toBe(
      '/application/a-1',
    );
  });
});
