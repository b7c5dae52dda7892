import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { vi } from 'vitest';
import { GraphQLError } from 'graphql';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import common from '../../../../public/locales/en/common.json';
import pages from '../../../../public/locales/en/pages.json';
import {
  OpportunityPaymentsDocument,
  OpportunityRefundRequestsDocument,
  OpportunityRevenueDocument,
  type OpportunityRefundRequestFieldsFragment,
  type OpportunityRevenueQuery,
  type PaymentRowFieldsFragment,
  type PaymentsFilterInput,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';

/** Mocked answers for the payments page's tests (Apollo's cache needs `__typename`). */

type WithTypenames<T> = T extends readonly (infer U)[]
  ? WithTypenames<U>[]
  : T extends object
    ? { [K in keyof T]: WithTypenames<T[K]> } & { __typename: string }
    : T;
type Revenue = WithTypenames<OpportunityRevenueQuery['opportunityRevenue']>;
export type MockPaymentRow = WithTypenames<PaymentRowFieldsFragment>;
export type MockRefundRequest = WithTypenames<OpportunityRefundRequestFieldsFragment>;

export const SLUG = 'riverside-stage-open-call';

let english: i18n | null = null;

/** The real English texts, so the tests read what people read. */
export async function englishI18n(): Promise<i18n> {
  if (english) return english;
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    ns: ['common', 'pages'],
    defaultNS: 'common',
    resources: { en: { common, pages } },
    interpolation: { escapeValue: false },
  });
  english = instance;
  return instance;
}

export function renderWith(
  i18n: i18n,
  node: ReactNode,
  mocks: MockLink.MockedResponse[],
): ReturnType<typeof render> {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <MockedProvider mocks={mocks}>
          <SnackbarProvider>{node}</SnackbarProvider>
        </MockedProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** jsdom has no layout: media queries are answered from a pretend window width. */
export function setViewportWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
          kind === 'min' ? width >= Number(px) : width <= Number(px),
        ),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** Euros as the server sends them: minor units and the text in the reader's language. */
export function euros(minor: number) {
  const major = (minor / 100).toFixed(2);
  return {
    __typename: 'Money' as const,
    amount: minor,
    currency: 'eur',
    decimal_digits: 2,
    formatted: `€${major}`,
  };
}

export function revenue(overrides: Partial<Revenue> = {}): Revenue {
  return {
    __typename: 'Revenue',
    total_applications: 12,
    collected: euros(30000),
    available: euros(12000),
    pending: euros(15000),
    refunded: euros(3000),
    release_at: '2026-07-08T12:00:00.000Z',
    timeline: [
      { __typename: 'RevenuePoint', date: '2026-05-01', collected: 10000, refunded: 0 },
      { __typename: 'RevenuePoint', date: '2026-05-03', collected: 20000, refunded: 3000 },
    ],
    ...overrides,
  };
}

export function revenueMock(answer: Revenue | Error): MockLink.MockedResponse {
  const request = { query: OpportunityRevenueDocument, variables: { slug: SLUG } };
  return answer instanceof Error
    ? { request, error: answer }
    : { request, result: { data: { opportunityRevenue: answer } } };
}

export function paymentRow(overrides: Partial<MockPaymentRow> = {}): MockPaymentRow {
  return {
    __typename: 'PaymentRow',
    payment_id: 'p-1',
    application_id: 'a-1',
    name: 'Ana Lima',
    fee_title: 'Application fee',
    amount: euros(2500),
    status: 'SUCCEEDED',
    refund_status: null,
    refunded: euros(0),
    currency: 'eur',
    coupon: null,
    discount: euros(0),
    discount_percent: 0,
    created_at: '2026-05-01T10:00:00.000Z',
    receipt: '/receipt/tok-1',
    method: 'INTERNAL_PAYMENT',
    ...overrides,
  };
}

function paginatorInfo(count: number, page: number, total: number, perPage = 10) {
  return {
    __typename: 'PaginatorInfo' as const,
    count,
    currentPage: page,
    firstItem: count ? (page - 1) * perPage + 1 : null,
    lastItem: count ? (page - 1) * perPage + count : null,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    total,
  };
}

const NEWEST_FIRST: PaymentsFilterInput = { sort: 'CREATED_AT', asc: false };

export function paymentsMock(
  rows: MockPaymentRow[] | Error,
  {
    filters = NEWEST_FIRST,
    page = 1,
    total,
  }: { filters?: PaymentsFilterInput; page?: number; total?: number } = {},
): MockLink.MockedResponse {
  const request = {
    query: OpportunityPaymentsDocument,
    variables: { slug: SLUG, first: 10, page, filters },
  };
  if (rows instanceof Error) return { request, error: rows };
  return {
    request,
    result: {
      data: {
        opportunityPayments: {
          __typename: 'PaymentRowPaginator',
          paginatorInfo: paginatorInfo(rows.length, page, total ?? rows.length),
          data: rows,
        },
      },
    },
  };
}

export function refundRequest(overrides: Partial<MockRefundRequest> = {}): MockRefundRequest {
  return {
    __typename: 'RefundRequest',
    id: 'r-1',
    status: 'REQUESTED',
    reason: 'CANT_ATTEND',
    message: 'I broke my wrist, sorry.',
    created_at: '2026-05-04T09:00:00.000Z',
    amount: euros(2500),
    decision_note: null,
    failure_reason: null,
    can_decide: true,
    application: {
      __typename: 'Application',
      id: 'a-1',
      code: 'RSO-AAAAAA',
      name: 'Ana Lima',
      artist_name: 'The Tidewater Band',
    },
    ...overrides,
  };
}

export function refundRequestsMock(
  requests: MockRefundRequest[] | Error,
  { page = 1, total }: { page?: number; total?: number } = {},
): MockLink.MockedResponse {
  const request = {
    query: OpportunityRefundRequestsDocument,
    variables: { slug: SLUG, first: 10, page },
  };
  if (requests instanceof Error) return { request, error: requests };
  return {
    request,
    result: {
      data: {
        opportunityRefundRequests: {
          __typename: 'RefundRequestPaginator',
          paginatorInfo: paginatorInfo(requests.length, page, total ?? requests.length),
          data: requests,
        },
      },
    },
  };
}

export function validationError(field: string, message: string) {
  return new GraphQLError('Validation failed.', {
    extensions: { category: 'validation', validation: { [field]: [message] } },
  });
}
