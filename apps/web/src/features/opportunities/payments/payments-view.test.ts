import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENTS_VIEW,
  filterView,
  paymentsCsvUrl,
  paymentsVariables,
  sortView,
} from './payments-view';

describe('payments view', () => {
  it('asks for ten newest first, sending only the filters in use', () => {
    expect(paymentsVariables('open-call', DEFAULT_PAYMENTS_VIEW)).toEqual({
      slug: 'open-call',
      first: 10,
      page: 1,
      filters: { sort: 'CREATED_AT', asc: false },
    });
    const view = filterView(
      { ...DEFAULT_PAYMENTS_VIEW, page: 3 },
      { q: 'ana', status: 'SUCCEEDED', refunded: true },
    );
    expect(paymentsVariables('open-call', view)).toEqual({
      slug: 'open-call',
      first: 10,
      page: 1,
      filters: { sort: 'CREATED_AT', asc: false, q: 'ana', status: 'SUCCEEDED', refunded: true },
    });
  });

  it('turns a sorted column round, and starts another in the order it reads best', () => {
    const byAmount = sortView({ ...DEFAULT_PAYMENTS_VIEW, page: 2 }, 'AMOUNT');
    expect(byAmount).toMatchObject({ sort: 'AMOUNT', asc: false, page: 1 });
    expect(sortView(byAmount, 'AMOUNT')).toMatchObject({ sort: 'AMOUNT', asc: true });
    expect(sortView(byAmount, 'NAME')).toMatchObject({ sort: 'NAME', asc: true });
    expect(sortView(DEFAULT_PAYMENTS_VIEW, 'CREATED_AT')).toMatchObject({ asc: true });
  });

  it('puts the same filters in the CSV address', () => {
    expect(paymentsCsvUrl('open call', DEFAULT_PAYMENTS_VIEW)).toBe(
      '/api/opportunities/open%20call/payments.csv?sort=CREATED_AT&asc=false',
    );
    const view = {
      ...DEFAULT_PAYMENTS_VIEW,
      q: 'Zoë & co',
      status: 'REFUNDED' as const,
      refunded: true,
      sort: 'NAME' as const,
      asc: true,
    };
    const url = new URL(paymentsCsvUrl('open-call', view), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'Zoë & co',
      status: 'REFUNDED',
      refunded: 'true',
      sort: 'NAME',
      asc: 'true',
    });
  });
});
