import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import {
  ApplicationRefundDocument,
  CancelRefundRequestDocument,
  RequestRefundDocument,
  type ApplicationRefundFieldsFragment,
  type RefundReason,
} from '../../../gql/graphql';

/** Mocked answers for the refund tests (Apollo's cache needs `__typename`). */

type WithTypenames<T> = T extends readonly (infer U)[]
  ? WithTypenames<U>[]
  : T extends object
    ? { [K in keyof T]: WithTypenames<T[K]> } & { __typename: string }
    : T;

export type MockRefundApplication = WithTypenames<ApplicationRefundFieldsFragment>;
type MockRequest = NonNullable<MockRefundApplication['refund_request']>;
type MockPayment = NonNullable<MockRefundApplication['payment_info']>;
type MockRefund = MockPayment['refunds'][number];

export const APPLICATION_ID = 'app-1';

export const money = (amount: number) => ({
  __typename: 'Money',
  amount,
  currency: 'EUR',
  formatted: `€${(amount / 100).toFixed(2)}`,
});

export function refundRequest(overrides: Partial<MockRequest> = {}): MockRequest {
  return {
    __typename: 'RefundRequest',
    id: 'rr-1',
    status: 'REQUESTED',
    reason: 'CANT_ATTEND',
    message: 'I broke my wrist.',
    created_at: '2027-04-03 09:00:00',
    amount: money(5000),
    decision_note: null,
    failure_reason: null,
    timeline: [{ __typename: 'RefundRequestStep', status: 'REQUESTED', at: '2027-04-03 09:00:00' }],
    can_cancel: true,
    ...overrides,
  };
}

export function refund(overrides: Partial<MockRefund> = {}): MockRefund {
  return {
    __typename: 'Refund',
    id: 're-1',
    status: 'SUCCEEDED',
    automatic: false,
    failure_reason: null,
    created_at: '2027-04-05 10:00:00',
    succeeded_at: '2027-04-05 10:00:05',
    amount: money(2000),
    ...overrides,
  };
}

export function paymentInfo(overrides: Partial<MockPayment> = {}): MockPayment {
  return {
    __typename: 'PaymentInfo',
    id: 'pay-1',
    status: 'SUCCEEDED',
    method: 'INTERNAL_PAYMENT',
    currency: 'EUR',
    held_until: '2027-06-20 22:00:00',
    total: money(5000),
    refunded: money(0),
    refundable: money(5000),
    refunds: [],
    ...overrides,
  };
}

export function refundApplication(
  overrides: Partial<MockRefundApplication> = {},
): MockRefundApplication {
  return {
    __typename: 'Application',
    id: APPLICATION_ID,
    can_request_refund: true,
    refunded_at: null,
    refund_request: null,
    payment_info: paymentInfo(),
    ...overrides,
  };
}

export function refundQueryMock(application: MockRefundApplication): MockLink.MockedResponse {
  return {
    request: { query: ApplicationRefundDocument, variables: { id: APPLICATION_ID } },
    result: { data: { viewApplication: application } },
  };
}

export function requestRefundMock(
  reason: RefundReason,
  message: string | null,
  answer: MockRefundApplication,
): MockLink.MockedResponse {
  const request = answer.refund_request ?? refundRequest({ reason, message });
  return {
    request: {
      query: RequestRefundDocument,
      variables: { application: APPLICATION_ID, reason, message },
    },
    result: { data: { requestRefund: { ...request, application: answer } } },
  };
}

export function requestRefundRefusal(
  reason: RefundReason,
  message: string | null,
  validation: Record<string, string[]>,
): MockLink.MockedResponse {
  return {
    request: {
      query: RequestRefundDocument,
      variables: { application: APPLICATION_ID, reason, message },
    },
    result: {
      errors: [
        new GraphQLError('Validation failed.', {
          extensions: { category: 'validation', validation },
        }),
      ],
    },
  };
}

export function cancelMock(answer: MockRefundApplication): MockLink.MockedResponse {
  const request = answer.refund_request ?? refundRequest({ status: 'CANCELED', can_cancel: false });
  return {
    request: { query: CancelRefundRequestDocument, variables: { id: request.id } },
    result: { data: { cancelRefundRequest: { ...request, application: answer } } },
  };
}
